package records

import (
	"strings"
	"unicode/utf8"

	"github.com/coworktop/coworktop/vocab"
)

// shown is a record field that is shown (a title, a name, what a session
// waits for), cut when read to vocab.MaxTextRunes runes, "…" marking the
// cut, and copied: a slice of a 900 KB title would keep all of it alive.
// Before, titles were kept whole and cut only when shown: 200 records of
// 900 KB titles kept serve at 195 MB.
func shown(s string) string {
	if len(s) <= vocab.MaxTextRunes {
		return s
	}
	n, i := 0, 0
	for i < len(s) && n < vocab.MaxTextRunes {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	if i >= len(s) {
		return s
	}
	return strings.Clone(s[:i]) + "…"
}
