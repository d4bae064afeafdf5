package governor

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/coworktop/coworktop/vocab"
)

func FuzzSanitize(f *testing.F) {
	f.Add([]byte("\x1b[2J\x1b]8;;x\x1b\\\u009b\u202e\x00ok"))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkText(t, vocab.Sanitize(data, 50), 51)
	})
}

func checkText(t *testing.T, s string, maxRunes int) {
	t.Helper()
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > maxRunes {
		t.Fatalf("unsafe or uncapped text: %q", s)
	}
	for _, r := range s {
		if vocab.UnsafeRune(r) {
			t.Fatalf("control character %U reached an event: %q", r, s)
		}
	}
	if strings.ContainsRune(s, '\x1b') {
		t.Fatalf("escape reached an event: %q", s)
	}
}
