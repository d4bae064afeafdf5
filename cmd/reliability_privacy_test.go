package cmd

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/metrics"
	"github.com/coworktop/coworktop/sources"
)

// privateLog writes a main.log seeded with a generated user name in POSIX
// and Windows home paths, an e-mail address and session UUIDs, and returns
// the strings that must not survive redaction.
func privateLog(t *testing.T, rng *rand.Rand) (dir string, secrets []string) {
	t.Helper()
	const letters = "abcdefghijklmnopqrstuvwxyz"
	name := func() string {
		var b strings.Builder
		for range 5 + rng.IntN(8) {
			b.WriteByte(letters[rng.IntN(len(letters))])
		}
		return b.String()
	}
	user, other := name(), name()
	uuid := func() string {
		return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", rng.Uint32(), rng.IntN(1<<16), rng.IntN(1<<12), rng.IntN(1<<12), rng.Int64N(1<<48))
	}
	u1, u2, u3 := uuid(), uuid(), uuid()
	mail := other + "@" + name() + ".example.org"
	var b strings.Builder
	fmt.Fprintf(&b, "2026-09-30 10:00:00 [info] Starting app {\n  appVersion: '1.2.3',\n  platform: 'darwin'\n}\n")
	fmt.Fprintf(&b, "2026-09-30 10:00:01 [info] Starting local session local_%s in /Users/%s/projects/%s\n", u1, user, name())
	fmt.Fprintf(&b, "2026-09-30 10:00:02 [info] Starting local session local_%s in C:\\Users\\%s\\src\\app\n", u2, user)
	fmt.Fprintf(&b, "2026-09-30 10:00:03 [info] Starting local session local_%s in /home/%s/work\n", u3, user)
	fmt.Fprintf(&b, "2026-09-30 10:00:04 [error] [VM:start] Startup failed: Error: cannot open /Users/%s/Library/vm for %s\n", user, mail)
	fmt.Fprintf(&b, "2026-09-30 10:00:05 [info] [CliGovernor] unexpected for %s in C:\\Users\\%s\\AppData\n", mail, user)
	fmt.Fprintf(&b, "2026-09-30 10:05:00 [info] [CliGovernor] at cap=3; evicting local_%s (idle 290s) for warm spawn\n", u1)
	fmt.Fprintf(&b, "2026-09-30 10:05:00 [info] Pausing session local_%s (governor_evict)\n", u1)
	dir = t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.log"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// The first 8 hex digits of a UUID are how the screen names a session.
	return dir, []string{user, other, mail, u1, u2, u3, u1[:8], u2[:8], u3[:8], "/Users/" + user, `C:\Users\` + user, "/home/" + user}
}

// TestRedactLeaksNothingEndToEnd is a property test through the command
// line: over generated names, `report --redact` (JSON and text) never
// prints the user name, home path, e-mail address or a session UUID.
func TestRedactLeaksNothingEndToEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for i := range 40 {
		dir, secrets := privateLog(t, rng)
		for _, args := range [][]string{{"report", "--redact", "--json", dir}, {"report", "--redact", dir}} {
			out, errs, code := runCLI(t, args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			if !strings.Contains(out, "evict") {
				t.Fatalf("report shows no eviction: the check proves nothing:\n%s", out)
			}
			low := strings.ToLower(out)
			for _, s := range secrets {
				if strings.Contains(low, strings.ToLower(s)) {
					t.Fatalf("case %d, %v: %q leaked:\n%s", i, args[:len(args)-1], s, out)
				}
			}
		}
	}
}

// TestMetricsCarryNoPrivateStrings builds a snapshot from seeded logs the
// way serve does (the real reader, parser and state) and scrapes the
// exposition text for any of the seeded strings or a log path.
func TestMetricsCarryNoPrivateStrings(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	dir, secrets := privateLog(t, rng)
	for _, d := range []string{dir, filepath.Join(testdataDir, "logs", "macos"), hostileDir} {
		files, err := sources.ExpandPaths([]string{d})
		if err != nil {
			t.Fatal(err)
		}
		st := governor.New(governor.DefaultLimits())
		readEvents(files, time.UTC, st.ApplyEvent)
		snap := st.Snapshot(time.Date(2026, 9, 30, 12, 0, 0, 0, time.UTC))
		if len(snap.Sessions) == 0 {
			t.Fatalf("%s: no sessions: the check proves nothing", d)
		}
		var sb strings.Builder
		if err := metrics.Encode(&sb, snap, metrics.BuildInfo{Version: "test"}); err != nil {
			t.Fatal(err)
		}
		out := sb.String()
		bad := append([]string{"alice", "/Users", "/home/", `C:\`, "main.log", "local_", "@", "PWNED", "\x1b"}, secrets...)
		for _, s := range snap.Sessions {
			bad = append(bad, s.ID)
		}
		for _, s := range bad {
			if strings.Contains(out, s) {
				t.Errorf("%s: metrics contain %q", d, s)
			}
		}
	}
}

// TestServeAddressChecks: serve binds loopback unless told otherwise, and
// an address it cannot use is refused with a one-line reason and exit 2,
// before anything is read or served.
func TestServeAddressChecks(t *testing.T) {
	g := &globalOptions{}
	def := newServeCmd(g).Flags().Lookup("metrics-addr").DefValue
	if !strings.HasPrefix(def, "127.0.0.1:") || def != metrics.DefaultAddr {
		t.Errorf("serve's default address %q is not loopback", def)
	}
	for _, addr := range []string{"not an address", "127.0.0.1:notaport", "127.0.0.1:99999", "[::1", "http://127.0.0.1:9977/metrics"} {
		_, errs, code := runCLI(t, "serve", "--metrics-addr", addr, filepath.Join(testdataDir, "logs", "macos"))
		if code != 2 || !strings.HasPrefix(errs, "coworktop: ") || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, "metrics-addr") {
			t.Errorf("--metrics-addr %q: exit %d, stderr %q; want exit 2 and one line naming the flag", addr, code, errs)
		}
	}
}
