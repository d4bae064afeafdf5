package cmd

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/coworktop/coworktop/render"
)

// hostileDir holds a main.log whose every free-text field carries terminal
// control: CSI (clear screen, cursor moves, alt-screen off), OSC 52
// (clipboard), OSC 8 (hyperlink), OSC 0/2 (title), DCS, C1 controls as UTF-8
// and as raw bytes, bidi overrides, zero-width characters, NUL, BS, DEL, CR.
// scripts/reliability.sh shows the same file on a real terminal (tmux).
var hostileDir = filepath.Join(testdataDir, "hostile")

// terminalUnsafe reports the first character of out that a terminal would
// act on or that would change how the line reads: C0 controls but tab and
// newline, DEL, C1 (UTF-8 or a raw byte), invalid UTF-8, bidi controls and
// zero-width characters.
func terminalUnsafe(out string) (int, string) {
	for i := 0; i < len(out); {
		r, n := utf8.DecodeRuneInString(out[i:])
		bad := ""
		switch {
		case r == utf8.RuneError && n <= 1:
			bad = fmt.Sprintf("invalid UTF-8 byte %#x", out[i])
		case r < 0x20 && r != '\n' && r != '\t', r == 0x7f, r >= 0x80 && r <= 0x9f:
			bad = fmt.Sprintf("control %U", r)
		case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
			bad = fmt.Sprintf("bidi control %U", r)
		case r >= 0x200b && r <= 0x200d, r == 0x2060, r == 0xfeff:
			bad = fmt.Sprintf("zero-width %U", r)
		}
		if bad != "" {
			return i, bad
		}
		i += n
	}
	return -1, ""
}

func assertTerminalSafe(t *testing.T, what, out string) {
	t.Helper()
	if i, bad := terminalUnsafe(out); i >= 0 {
		t.Errorf("%s: %s at byte %d: %q", what, bad, i, out[max(0, i-30):min(len(out), i+30)])
	}
}

func TestHostileLogReachesNoOutputRaw(t *testing.T) {
	if i, _ := terminalUnsafe(mustRead(t, filepath.Join(hostileDir, "main.log"))); i < 0 {
		t.Fatal("the hostile fixture has nothing unsafe in it: the test proves nothing")
	}
	for _, args := range [][]string{
		{"report", hostileDir},
		{"report", "--redact", hostileDir},
		{"report", "--json", hostileDir},
		{"events", hostileDir},
	} {
		out, errs, code := runCLI(t, args...)
		name := strings.Join(args[:len(args)-1], " ")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errs)
		}
		assertTerminalSafe(t, name+" stdout", out)
		assertTerminalSafe(t, name+" stderr", errs)
		if strings.Contains(name, "json") || name == "events" {
			sc := bufio.NewScanner(strings.NewReader(out))
			sc.Buffer(nil, 1<<24)
			for sc.Scan() {
				if !json.Valid(sc.Bytes()) && name == "events" {
					t.Errorf("events: invalid JSON line %q", sc.Text())
				}
			}
		}
	}
}

// TestHostileLogStillCounted: the well-formed lines among the hostile ones
// are counted; the malformed ones are counted as unknown, not dropped.
func TestHostileLogStillCounted(t *testing.T) {
	out, _, code := runCLI(t, "report", "--json", hostileDir)
	if code != 0 {
		t.Fatal("report failed")
	}
	var r render.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	// 10 session starts (one per kind of sequence and one with raw bytes),
	// one warm eviction at the cap, one critical pressure line, one rate-limit
	// hit; the two unknown governor lines and the pressure eviction whose
	// session id is mangled by cursor moves are of unknown shape.
	if len(r.Evictions) != 1 || r.Evictions[0].Cause != "warm" || r.Sessions.Started != 10 ||
		r.Governor.Unknown != 3 || r.Governor.Pressure.Critical != 1 || r.RateLimit.Hits != 1 || r.Governor.Cap != 6 {
		t.Errorf("counts: evictions %+v, governor %+v, sessions %+v, rate limit %+v", r.Evictions, r.Governor, r.Sessions, r.RateLimit)
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
