package config

import (
	"fmt"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/vocab"
)

// TestKeyWithAnEscape (issue 53 R3): a quoted key holding an escape is a
// copy of the file's bytes, not a slice of them; the walk took its line
// from that copy and panicked ("not a slice of the data slice"), in every
// command that reads the config. Now it is an unknown key at its line, and
// every fault prints without a control, bidi or zero-width character.
func TestKeyWithAnEscape(t *testing.T) {
	cases := []struct {
		name, doc string
		line      int
	}{
		{"accented letter", "\"\\u00e9\" = 1\n", 1},
		{"terminal title sequence", "sort = \"idle\"\n\"\\u001b]0;PWNED\\u0007\" = 1\n", 2},
		{"bidi override in a table header", "\n[\"\\u202e\"]\nx = 1\n", 2},
		{"escape in an inline table", "panes = { \"\\u00e9\\u200b\" = 1 }\n", 1},
		{"escape in a dotted key", "\n\n\"a\\u0000b\".\"\\u009b2J\" = 1\n", 3},
		{"literal and basic quotes", "'x' = 1\n\"\\\"q\\\\\" = 2\n", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l := Load([]byte(tc.doc))
			if len(l.Problems) != 0 {
				t.Errorf("problems %v", l.Problems)
			}
			if len(l.Warnings) == 0 || l.Warnings[0].Line != tc.line || !strings.Contains(l.Warnings[0].Error(), "unknown key") {
				t.Fatalf("warnings %v, want an unknown key at line %d", l.Warnings, tc.line)
			}
			_, err := Parse([]byte(tc.doc))
			if err == nil {
				t.Fatal("Parse accepted an unknown key")
			}
			for _, msg := range append(errorTexts(l.All()), err.Error()) {
				for _, r := range msg {
					if vocab.UnsafeRune(r) || r < 0x20 {
						t.Errorf("%q holds %U", msg, r)
					}
				}
			}
		})
	}
}

func errorTexts(errs []*Error) []string {
	var s []string
	for _, e := range errs {
		s = append(s, e.Error())
	}
	return s
}

// TestErrorTextIsSafe: whatever an Error's message holds (a syntax error
// quotes the file), it prints without a control or bidi character.
func TestErrorTextIsSafe(t *testing.T) {
	e := &Error{Line: 3, Msg: "x\x1b]0;PWNED\x07 \u202e\u200b\u009b2J"}
	got := e.Error()
	if strings.ContainsAny(got, "\x1b\x07\u202e\u200b\u009b") || !strings.HasPrefix(got, "line 3: x?]0;PWNED?") {
		t.Errorf("Error() = %q", got)
	}
}

// TestUnknownKeysAreNotDecoded (issue 53 R10): go-toml's decoder checks
// each key against every key of its table before it, so a file of many
// unknown keys cost time by their square (a 1 MiB file: 32.6 s). The
// decoder is now given only the known keys, each on its own line; the
// walk itself is one pass.
func TestUnknownKeysAreNotDecoded(t *testing.T) {
	var b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&b, "k%d = %d\n", i, i)
	}
	b.WriteString("sort = \"idle\"\n[panes]\nhidden = []\n")
	for i := range 5000 {
		fmt.Fprintf(&b, "p%d = %d\n", i, i)
	}
	doc := []byte(b.String())
	w := walkKeys(doc)
	if n := strings.Count(w.kept.String(), "="); n != 2 {
		t.Errorf("the decoder is given %d keys, want the 2 known ones:\n%.300s", n, w.kept.String())
	}
	l := Load(doc)
	if l.Config.Sort != SortIdle || len(l.Config.Panes.Hidden) != 0 || len(l.Problems) != 0 {
		t.Errorf("sort %q hidden %v problems %v", l.Config.Sort, l.Config.Panes.Hidden, l.Problems)
	}
	if len(l.Warnings) != MaxUnknownKeys+1 || !strings.Contains(strings.Join(errorTexts(l.Warnings), "\n"), "and 24980 more unknown keys") {
		t.Errorf("%d warnings: %v", len(l.Warnings), l.Warnings)
	}
	// A syntax fault after them is found by the walk, at its line.
	l = Load(append(doc, "broken =\n"...))
	if len(l.Problems) != 1 || l.Problems[0].Line != 25004 {
		t.Errorf("syntax after many keys: %v", l.Problems)
	}
}

// TestKeptKeysKeepTheirLines: a fault the decoder finds in the kept keys
// names the file's line.
func TestKeptKeysKeepTheirLines(t *testing.T) {
	doc := "a = 1\nb = 2\n\n[panes]\nc = 3\norder = [\n  \"sessions\",\n]\nrefresh = \"5s\"\n"
	l := Load([]byte(doc))
	if got := l.Config.Panes.Order[0]; got != PaneSessions {
		t.Errorf("order %v", l.Config.Panes.Order)
	}
	// refresh under [panes] is panes.refresh: unknown, at line 9.
	if w := l.Warnings[len(l.Warnings)-1]; w.Line != 9 || w.Key != "panes.refresh" {
		t.Errorf("warnings %v", l.Warnings)
	}
	l = Load([]byte("x = 1\n\nrefresh = \"soon\"\n"))
	if len(l.Problems) != 1 || l.Problems[0].Line != 3 || !strings.Contains(l.Problems[0].Error(), "not a duration") {
		t.Errorf("problems %v", l.Problems)
	}
}

// TestUnknownSortOrThemeIsAWarning (issue 53 R7): a value of a key whose
// values a newer version grows (its S key saves sort = "needs-you") is a
// warning with the default in effect, not a fault that stops the command.
func TestUnknownSortOrThemeIsAWarning(t *testing.T) {
	l := Load([]byte("refresh = \"2s\"\nsort = \"needs-you\"\ntheme = \"sepia\"\n"))
	if len(l.Problems) != 0 || len(l.Warnings) != 2 {
		t.Fatalf("problems %v warnings %v", l.Problems, l.Warnings)
	}
	if l.Config.Sort != Default().Sort || l.Config.Theme != ThemeAuto || l.Config.Refresh != Duration(2e9) {
		t.Errorf("config %+v", l.Config)
	}
	if got := l.Warnings[0].Error(); !strings.Contains(got, `line 2: sort = "needs-you": unknown, ignored`) {
		t.Errorf("warning %q", got)
	}
	// A value of the wrong kind is still a problem.
	if l := Load([]byte("sort = 3\n")); len(l.Problems) != 1 {
		t.Errorf("sort = 3: %v", l.Problems)
	}
}

// TestManyUnknownPanesBounded: a list of many unknown pane names names
// the first MaxUnknownKeys and counts the rest, its line found once.
func TestManyUnknownPanesBounded(t *testing.T) {
	names := make([]string, 50000)
	for i := range names {
		names[i] = fmt.Sprintf("%q", fmt.Sprint("p", i))
	}
	l := Load([]byte("[panes]\norder = [" + strings.Join(names, ", ") + "]\n"))
	if len(l.Warnings) != MaxUnknownKeys+1 || l.Warnings[0].Line != 2 || !strings.Contains(strings.Join(errorTexts(l.Warnings), "\n"), "and 49980 more unknown panes") {
		t.Errorf("%d warnings: first %v, last %v", len(l.Warnings), l.Warnings[0], l.Warnings[len(l.Warnings)-1])
	}
}

// BenchmarkLoadUnknownKeys: the cost of a file of unknown keys grows with
// its size, not its square (compare the sizes' ns/op).
func BenchmarkLoadUnknownKeys(b *testing.B) {
	for _, n := range []int{5000, 20000, 80000} {
		var sb strings.Builder
		for i := range n {
			fmt.Fprintf(&sb, "k%d = 1\n", i)
		}
		doc := []byte(sb.String())
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				Load(doc)
			}
		})
	}
}
