package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// Ink is a style reduced to the escape sequences lipgloss writes before and
// after a one-line text. Painting with it is a concatenation, which keeps a
// frame of hundreds of cells well under a millisecond; the sequences are
// lipgloss's own, so they are exactly the SGR the theme asks for.
type Ink struct{ pre, post string }

func inkOf(st lipgloss.Style) Ink {
	r := st.Render("x")
	i := strings.IndexByte(r, 'x')
	if i < 0 {
		return Ink{}
	}
	return Ink{pre: r[:i], post: r[i+1:]}
}

// Theme holds every style the screen uses, named by meaning. Colours are the
// 16 basic ANSI colours so the screen stays readable on any terminal; with
// colour off every style is empty and the screen carries no SGR sequence at
// all (focus and selection are also marked with text, so nothing is lost).
type Theme struct {
	Color bool

	OK       Ink // normal pressure, healthy figures
	Warn     Ink // warning pressure, near the cap
	Critical Ink // critical pressure, evictions, over the cap
	Idle     Ink // idle sessions and idle bars
	Working  Ink // working sessions
	Evicted  Ink // evicted / paused sessions
	Estimate Ink // coworktop's own estimates (next victim, estimated cap)
	Fact     Ink // figures the app logged
	Muted    Ink // secondary text, empty bar cells
	Title    Ink // pane titles
	Focus    Ink // the focused pane's frame and title
	Selected Ink // the selected row
	Banner   Ink // PAUSED and other banners
	Heading  Ink // column headings
}

// NewTheme returns the coloured theme, or the plain one when color is false.
func NewTheme(color bool) Theme {
	if !color {
		return Theme{}
	}
	c := lipgloss.Color
	s := lipgloss.NewStyle
	return Theme{
		Color:    true,
		OK:       inkOf(s().Foreground(c("2"))),
		Warn:     inkOf(s().Foreground(c("3"))),
		Critical: inkOf(s().Foreground(c("1")).Bold(true)),
		Idle:     inkOf(s().Foreground(c("6"))),
		Working:  inkOf(s().Foreground(c("2"))),
		Evicted:  inkOf(s().Foreground(c("5"))),
		Estimate: inkOf(s().Foreground(c("4")).Italic(true)),
		Fact:     inkOf(s().Bold(true)),
		Muted:    inkOf(s().Foreground(c("8"))),
		Title:    inkOf(s().Bold(true)),
		Focus:    inkOf(s().Foreground(c("6")).Bold(true)),
		Selected: inkOf(s().Reverse(true)),
		Banner:   inkOf(s().Foreground(c("0")).Background(c("3")).Bold(true)),
		Heading:  inkOf(s().Foreground(c("8")).Underline(true)),
	}
}

// paint renders text in style when colours are on; plain text otherwise.
func (t Theme) paint(st Ink, text string) string {
	if !t.Color || text == "" || st.pre == "" {
		return text
	}
	return st.pre + text + st.post
}
