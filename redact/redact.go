// Package redact makes coworktop's output safe to paste into a public bug
// report: it replaces home folders, user names, e-mail addresses and UUIDs.
// Replacements are stable short hashes, so one session keeps one name across
// the whole report.
//
// It owns only string rewriting; it reads no files and knows nothing of logs
// or terminals.
package redact

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Redactor rewrites strings. Learn the user names first (from every path the
// output will contain), then call String on each output string.
type Redactor struct {
	users map[string]bool
}

// New returns a Redactor that already knows the given user names (for
// example the current user's).
func New(users ...string) *Redactor {
	r := &Redactor{users: map[string]bool{}}
	for _, u := range users {
		r.addUser(u)
	}
	return r
}

// patterns are the expressions, compiled at first use: compiling them at
// start would cost every run of the program (the status line's too).
type patterns struct {
	uuid, email *regexp.Regexp
	// home matches a home folder on macOS, Linux and Windows; group 2 is
	// the user. Windows paths may come escaped, as util.inspect and the
	// JSON of cowork-service.log write them ('C:\\Users\\bob'): one or
	// more backslashes between the parts.
	home *regexp.Regexp
}

var compiled = sync.OnceValue(func() patterns {
	return patterns{
		uuid:  regexp.MustCompile(`(?i)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`),
		email: regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}`),
		home:  regexp.MustCompile(`(?i)(/Users/|/home/|[A-Z]:\\+Users\\+|[A-Z]:/Users/)([^/\\\s'"]+)`),
	}
})

func (r *Redactor) addUser(u string) {
	u = strings.TrimSpace(u)
	if len(u) < 2 || strings.EqualFold(u, "root") || strings.EqualFold(u, "shared") || strings.EqualFold(u, "public") {
		return
	}
	r.users[u] = true
}

// Learn records the user names found in home-folder paths within s, so that
// those names are also removed where they appear on their own elsewhere.
func (r *Redactor) Learn(s string) {
	re := compiled()
	for _, m := range re.home.FindAllStringSubmatch(s, -1) {
		r.addUser(m[2])
	}
	for _, m := range re.email.FindAllString(s, -1) {
		r.addUser(m[:strings.IndexByte(m, '@')])
	}
}

// String redacts one string.
func (r *Redactor) String(s string) string {
	if s == "" {
		return s
	}
	re := compiled()
	s = re.email.ReplaceAllStringFunc(s, func(m string) string { return "<email-" + hash(m) + ">" })
	s = re.home.ReplaceAllString(s, "~")
	s = re.uuid.ReplaceAllStringFunc(s, hash)
	// Longest names first, so "alice" inside "alice.smith" does not leave ".smith".
	names := make([]string, 0, len(r.users))
	for u := range r.users {
		names = append(names, u)
	}
	sort.Slice(names, func(i, j int) bool { return len(names[i]) > len(names[j]) })
	for _, u := range names {
		s = replaceWordFold(s, u, "<user>")
	}
	return s
}

// hash is a stable 8-hex-digit name for a secret.
func hash(s string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(s)))
	return hex.EncodeToString(sum[:4])
}

// replaceWordFold replaces every case-insensitive occurrence of old that
// stands as a word of its own (not inside a longer run of letters and
// digits), so the user "cal" is removed from "cal's repo" but "local_" stays.
func replaceWordFold(s, old, repl string) string {
	lower, lowOld := strings.ToLower(s), strings.ToLower(old)
	if len(lower) != len(s) {
		return strings.ReplaceAll(s, old, repl) // a case mapping changed byte lengths: exact match only
	}
	var b strings.Builder
	from := 0
	for {
		i := strings.Index(lower[from:], lowOld)
		if i < 0 {
			b.WriteString(s[from:])
			return b.String()
		}
		i += from
		end := i + len(old)
		if (i > 0 && isAlnum(s[i-1])) || (end < len(s) && isAlnum(s[end])) {
			b.WriteString(s[from : i+1])
			from = i + 1
			continue
		}
		b.WriteString(s[from:i])
		b.WriteString(repl)
		from = end
	}
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
