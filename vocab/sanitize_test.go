package vocab

import (
	"bytes"
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

// IsPlainASCII's word-at-a-time test agrees with the byte-by-byte rule for
// every byte value at every place of strings of 0 to 24 bytes, alone and
// beside bytes just inside the range (where a borrow or a carry would show).
func TestIsPlainASCIIByWords(t *testing.T) {
	byBytes := func(b []byte) bool {
		for _, c := range b {
			if c < 0x20 || c >= 0x7f {
				return false
			}
		}
		return true
	}
	for n := 0; n <= 24; n++ {
		for _, fill := range []byte{' ', '~', 'a', '!', 0x7e, 0x20} {
			b := bytes.Repeat([]byte{fill}, n)
			if got := IsPlainASCII(b); got != byBytes(b) {
				t.Fatalf("%q: %v", b, got)
			}
			for i := 0; i < n; i++ {
				for v := 0; v < 256; v++ {
					b[i] = byte(v)
					if got, want := IsPlainASCII(b), byBytes(b); got != want {
						t.Fatalf("%d bytes of %q with %#x at %d: %v, want %v", n, fill, v, i, got, want)
					}
				}
				b[i] = fill
			}
		}
	}
}
