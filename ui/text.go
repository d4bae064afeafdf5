package ui

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/coworktop/coworktop/vocab"
)

// runeWidth is the display width of one rune (0, 1 or 2 cells).
func runeWidth(r rune) int {
	if r < 0x80 {
		if r < 0x20 || r == 0x7f {
			return 0
		}
		return 1
	}
	return lipgloss.Width(string(r))
}

// clip cuts plain (unstyled) text to at most w cells, ending in "…" when it
// had to cut. Text reaching this point is already sanitised by governor; any
// control character that slipped through is dropped here as well, so a
// label can never carry an escape sequence to the terminal.
func clip(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if isShortASCII(s, w) {
		return s
	}
	var sb strings.Builder
	used, cut := 0, -1
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			continue
		}
		rw := runeWidth(r)
		if used+rw > w {
			if cut < 0 {
				cut = sb.Len()
			}
			out := sb.String()[:cut]
			return out + "…"
		}
		if cut < 0 && used+rw > w-1 {
			cut = sb.Len() // where "…" goes if the text turns out too long
		}
		sb.WriteRune(r)
		used += rw
	}
	return sb.String()
}

// clipWidth is the width clip counts for s: its cells, control characters
// (which clip drops) left out.
func clipWidth(s string) int {
	n := 0
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			continue
		}
		n += runeWidth(r)
	}
	return n
}

func isShortASCII(s string, w int) bool {
	if len(s) > w {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// fit clips plain text to w cells and pads it with spaces to exactly w.
func fit(s string, w int) string {
	s = clip(s, w)
	if n := textWidth(s); n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

// fitRight is fit with the text aligned right.
func fitRight(s string, w int) string {
	s = clip(s, w)
	if n := textWidth(s); n < w {
		s = strings.Repeat(" ", w-n) + s
	}
	return s
}

// textWidth is the display width of plain or styled text.
func textWidth(s string) int {
	if isShortASCII(s, len(s)) {
		return len(s)
	}
	if n, ok := simpleWidth(s); ok {
		return n
	}
	return lipgloss.Width(s)
}

// simpleWidth measures the text this UI draws most: printable ASCII, our own
// SGR colour sequences, and the one-cell symbols of frames, bars and
// markers. Anything else (wide or combining characters from a log) is left
// to lipgloss's full grapheme measure. Measuring every styled line with it
// was the largest part of an idle frame.
func simpleWidth(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			// CSI … m (SGR) only: ESC [ params m.
			if i+1 >= len(s) || s[i+1] != '[' {
				return 0, false
			}
			j := i + 2
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':') {
				j++
			}
			if j >= len(s) || s[j] != 'm' {
				return 0, false
			}
			i = j + 1
		case c >= 0x20 && c < 0x7f:
			n++
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !oneCell(r) {
				return 0, false
			}
			n++
			i += size
		}
	}
	return n, true
}

// oneCell: Latin-1 punctuation, general punctuation, arrows, box drawing,
// block elements and geometric shapes, all one cell wide in every terminal
// this UI targets.
func oneCell(r rune) bool {
	return r >= 0xa1 && r <= 0xff && r != 0xad ||
		r >= 0x2010 && r <= 0x2027 || r >= 0x2190 && r <= 0x21ff ||
		r >= 0x2260 && r <= 0x2265 || r >= 0x2500 && r <= 0x25ff
}

// padStyled pads an already styled line to exactly w cells; a line that is
// too wide is cut with "…", escape sequences kept whole.
func padStyled(s string, w int) string {
	n := textWidth(s)
	switch {
	case n == w:
		return s
	case n < w:
		return s + strings.Repeat(" ", w-n)
	}
	if w <= 0 {
		return ""
	}
	tail := "…"
	if ansi.StringWidth(strings.TrimRight(ansi.Strip(s), " ")) <= w {
		tail = "" // only padding falls off: nothing was cut
	}
	cut := ansi.Truncate(s, w, tail)
	if n := textWidth(cut); n < w {
		cut += strings.Repeat(" ", w-n) // a wide character did not fit
	}
	return cut
}

// bar draws an htop-style meter body of w cells filled to frac (0…1).
func bar(w int, frac float64) (filled, empty string) {
	if w <= 0 {
		return "", ""
	}
	frac = max(0, min(1, frac))
	n := int(frac*float64(w) + 0.5)
	return strings.Repeat("|", n), strings.Repeat(" ", w-n)
}

// humanBytes is vocab.FormatBytesCompact: 512M, 3.7G, 1.2T.
func humanBytes(b uint64) string { return vocab.FormatBytesCompact(b) }

// humanMB prints a megabyte figure the same way.
func humanMB(mb int) string {
	if mb < 0 {
		return "?"
	}
	return humanBytes(uint64(mb) << 20)
}

// containsFold is a case-insensitive substring test for filters.
func containsFold(s, sub string) bool {
	if sub == "" {
		return true
	}
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// clockTime prints a wall-clock time as 15:04:05; blank when unknown.
func clockTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format("15:04:05")
}

// plural writes "1 eviction", "3 evictions".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// shortClock prints 15:04; blank when unknown.
func shortClock(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format("15:04")
}

// wrap breaks plain text into at most n lines of w cells at spaces; the last
// line is clipped.
func wrap(s string, w, n int) []string {
	var out []string
	for s != "" && len(out) < n-1 && textWidth(s) > w {
		cut := -1
		width := 0
		for i, r := range s {
			width += runeWidth(r)
			if width > w {
				break
			}
			if r == ' ' {
				cut = i
			}
		}
		if cut <= 0 {
			break
		}
		out = append(out, s[:cut])
		s = strings.TrimLeft(s[cut:], " ")
	}
	return append(out, clip(s, w))
}
