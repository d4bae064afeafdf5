package vocab

import (
	"encoding/binary"
	"strings"
	"unicode/utf8"
)

// MaxTextRunes caps any log-derived string kept in the model. Log text is
// untrusted: a 10 MB line must not become a 10 MB label.
const MaxTextRunes = 240

// MaxLineBytes is the longest log line any reader hands on. Longer lines are
// cut to it and the rest skipped without being buffered, so a hostile 20 MB
// line costs no more memory than a normal one; saved and live reading cut
// the same way.
const MaxLineBytes = 64 << 10

// TextPolicy says how Sanitize treats one kind of untrusted text. Every
// string from a log, a file name, an error or the environment goes through
// Sanitize with one of the policies below before it reaches a terminal, a
// JSON field or a metric label: one sanitiser, one list of unsafe runes.
type TextPolicy struct {
	// MaxRunes caps the result, "…" marking a cut; 0 means no cap.
	MaxRunes int
	// Mark replaces each unsafe rune and each byte of invalid UTF-8; 0
	// drops unsafe runes and writes U+FFFD for invalid UTF-8.
	Mark rune
}

// The policies in use.
var (
	// LogText is for text taken from a log line: unsafe runes dropped,
	// capped at MaxTextRunes.
	LogText = TextPolicy{MaxRunes: MaxTextRunes}
	// PathText is for file names, paths and OS error messages shown by
	// doctor and the status line: nothing is dropped silently, so every
	// unsafe rune shows as '?', and nothing is cut.
	PathText = TextPolicy{Mark: '?'}
	// LabelText is for metric label values: short and printable.
	LabelText = TextPolicy{MaxRunes: 64}
)

// Sanitize makes untrusted log text safe to put on a terminal: it drops C0 and
// C1 control characters (so no escape sequence can start), DEL, bidi overrides
// and zero-width characters, turns tabs into spaces, replaces invalid UTF-8
// with U+FFFD, and caps the result at max runes (adding "…"). It is
// sanitizeWith under the LogText rules with another cap, and the hot path of
// parsing: plain ASCII that fits is returned as it is.
func Sanitize(b []byte, max int) string {
	if IsPlainASCII(b) && len(b) <= max {
		return string(b)
	}
	return sanitizeWith(b, TextPolicy{MaxRunes: max})
}

// sanitizeWith is Sanitize under policy p.
func sanitizeWith(b []byte, p TextPolicy) string {
	if IsPlainASCII(b) && (p.MaxRunes == 0 || len(b) <= p.MaxRunes) {
		return string(b)
	}
	var sb strings.Builder
	if p.MaxRunes > 0 {
		sb.Grow(min(len(b), p.MaxRunes*4))
	} else {
		sb.Grow(len(b))
	}
	n := 0
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			if p.Mark != 0 {
				r = p.Mark
			}
		case r == '\t':
			r = ' '
		case UnsafeRune(r):
			if p.Mark == 0 {
				continue
			}
			r = p.Mark
		}
		if p.MaxRunes > 0 && n == p.MaxRunes {
			sb.WriteString("…")
			break
		}
		sb.WriteRune(r)
		n++
	}
	return sb.String()
}

// SanitizeStringWith is sanitizeWith for a string.
func SanitizeStringWith(s string, p TextPolicy) string { return sanitizeWith([]byte(s), p) }

// SanitizeString is Sanitize for a string.
func SanitizeString(s string, max int) string { return Sanitize([]byte(s), max) }

// IsPlainASCII reports text that Sanitize returns unchanged (no control
// byte, no multi-byte rune) when it fits its cap.
// It reads eight bytes at a time: in a word with no byte below 0x20,
// subtracting 0x20 from each byte borrows nowhere and sets no high bit of
// a byte that had none; adding 1 sets the high bit of a 0x7f; a byte of
// 0x80 or more has it already. A borrow or carry reaches another byte only
// from a byte that is itself outside, so the test is exact for the word.
func IsPlainASCII(b []byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for len(b) >= 8 {
		w := binary.LittleEndian.Uint64(b)
		if ((w-0x20*ones)&^w|(w+ones)|w)&highs != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// UnsafeRune reports runes that could move the cursor, change terminal state,
// reorder text or hide it.
func UnsafeRune(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f: // C0, DEL, C1 (incl. CSI 0x9b, OSC 0x9d)
		return true
	case r >= 0x200b && r <= 0x200f: // zero-width space/joiners, LRM/RLM
		return true
	case r == 0x2028, r == 0x2029: // line and paragraph separators
		return true
	case r >= 0x202a && r <= 0x202e: // bidi embeddings and overrides
		return true
	case r >= 0x2060 && r <= 0x2064, r >= 0x2066 && r <= 0x2069: // word joiner, bidi isolates
		return true
	case r == 0xfeff, r == 0x061c: // BOM / zero-width no-break space, Arabic letter mark
		return true
	}
	return false
}
