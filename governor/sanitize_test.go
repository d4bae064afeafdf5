package governor

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSanitizeRemovesTerminalControl(t *testing.T) {
	cases := map[string]string{
		"clear screen":    "a\x1b[2Jb",
		"osc52 clipboard": "x\x1b]52;c;aGVsbG8=\x07y",
		"osc8 link":       "\x1b]8;;http://evil\x1b\\click\x1b]8;;\x1b\\",
		"title":           "\x1b]0;pwned\x07",
		"c1 csi utf8":     "a\u009b2Jb",
		"c1 raw byte":     "a\x9b2Jb",
		"bidi override":   "abc\u202edcba",
		"zero width":      "a\u200bb\ufeffc",
		"nul":             "a\x00b",
	}
	for name, in := range cases {
		out := Sanitize([]byte(in), 100)
		if strings.ContainsAny(out, "\x1b\x07\x00\u009b\u202e\u200b\ufeff") {
			t.Errorf("%s: %q still has control characters: %q", name, in, out)
		}
		if !utf8.ValidString(out) {
			t.Errorf("%s: invalid UTF-8 out: %q", name, out)
		}
	}
}

func TestSanitizeCapsAndKeepsText(t *testing.T) {
	if got := Sanitize([]byte("plain text"), 100); got != "plain text" {
		t.Fatalf("plain text changed: %q", got)
	}
	if got := Sanitize([]byte("tab\there"), 100); got != "tab here" {
		t.Fatalf("tab: %q", got)
	}
	long := strings.Repeat("é", 500)
	got := Sanitize([]byte(long), 10)
	if utf8.RuneCountInString(got) != 11 || !strings.HasSuffix(got, "…") {
		t.Fatalf("cap: %q", got)
	}
	if got := Sanitize([]byte{'a', 0xff, 'b'}, 10); got != "a\ufffdb" {
		t.Fatalf("invalid utf8: %q", got)
	}
}
