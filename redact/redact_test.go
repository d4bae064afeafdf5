package redact

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

func TestRedactKnownShapes(t *testing.T) {
	r := New()
	in := []string{
		"/Users/alice/projects/billing-api",
		`C:\Users\bob\source\repos\payments`,
		"/home/carol/work/site",
		"local_0a235fb9-a681-41bd-89cd-98453ef18aa1",
		"contact alice@example.com about it",
	}
	for _, s := range in {
		r.Learn(s)
	}
	for _, s := range append(in, "alice's session", "owner=Bob") {
		out := r.String(s)
		for _, secret := range []string{"alice", "bob", "carol", "0a235fb9", "example.com"} {
			if strings.Contains(strings.ToLower(out), secret) {
				t.Errorf("%q -> %q still contains %q", s, out, secret)
			}
		}
	}
	a := r.String("local_0a235fb9-a681-41bd-89cd-98453ef18aa1")
	if a != r.String("local_0a235fb9-a681-41bd-89cd-98453ef18aa1") || !strings.HasPrefix(a, "local_") {
		t.Fatalf("session names must stay stable: %q", a)
	}
	if got := r.String("/Users/alice/projects/billing-api"); got != "~/projects/billing-api" {
		t.Fatalf("home: %q", got)
	}
}

// Windows paths as util.inspect and cowork-service.log's JSON write them,
// with escaped backslashes, lose their user too (audit U10), also in a log
// copied from another machine, where the name was never learnt elsewhere.
func TestRedactEscapedWindowsHome(t *testing.T) {
	for _, s := range []string{
		`spawn 'C:\\Users\\dave\\AppData\\Roaming\\Claude\\claude-code\\2.1.284\\claude.exe'`,
		`{"path":"C:\\Users\\dave\\.claude\\projects"}`,
		`"C:\\\\Users\\\\dave\\\\x"`,
		`c:\\users\\dave`,
	} {
		r := New()
		r.Learn(s)
		if out := r.String(s); strings.Contains(strings.ToLower(out), "dave") {
			t.Errorf("%s -> %s still names the user", s, out)
		}
	}
	r := New()
	r.Learn(`C:\\Users\\dave\\x`)
	if got := r.String("dave's session"); strings.Contains(got, "dave") {
		t.Errorf("the user learnt from an escaped path stays elsewhere: %q", got)
	}
}

// A property test: for generated user names, nothing of the name survives
// in any of the places a report shows it.
func TestRedactGeneratedNames(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	letters := "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-"
	for i := 0; i < 500; i++ {
		n := 3 + rng.Intn(12)
		var b strings.Builder
		b.WriteByte("abcdefghijklmnopqrstuvwxyz"[rng.Intn(26)])
		for j := 1; j < n; j++ {
			b.WriteByte(letters[rng.Intn(len(letters))])
		}
		user := b.String()
		uuid := fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", rng.Uint32(), rng.Intn(1<<16), rng.Intn(1<<12), rng.Intn(1<<12), rng.Int63n(1<<48))
		paths := []string{
			"/Users/" + user + "/projects/x",
			`C:\Users\` + user + `\repo`,
			"/home/" + user + "/w",
			user + "@corp.example.org",
		}
		r := New()
		for _, p := range paths {
			r.Learn(p)
		}
		for _, s := range append(paths, "session local_"+uuid+" of "+user) {
			out := r.String(s)
			if containsWord(out, user) || strings.Contains(out, uuid) {
				t.Fatalf("user %q / uuid %q survived in %q -> %q", user, uuid, s, out)
			}
		}
	}
}

// containsWord reports user standing as a word of its own in s (a user named
// "cal" inside "local_" is no leak).
func containsWord(s, user string) bool {
	lower, u := strings.ToLower(s), strings.ToLower(user)
	for from := 0; ; {
		i := strings.Index(lower[from:], u)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(u)
		if (i == 0 || !isAlnum(s[i-1])) && (end == len(s) || !isAlnum(s[end])) {
			return true
		}
		from = i + 1
	}
}
