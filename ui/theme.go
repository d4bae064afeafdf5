package ui

import "charm.land/lipgloss/v2"

// Theme holds every style the screen uses, named by meaning. Colours are the
// 16 basic ANSI colours so the screen stays readable on any terminal; with
// colour off every style is empty and the screen carries no SGR sequence at
// all (focus and selection are also marked with text, so nothing is lost).
type Theme struct {
	Color bool

	OK       lipgloss.Style // normal pressure, healthy figures
	Warn     lipgloss.Style // warning pressure, near the cap
	Critical lipgloss.Style // critical pressure, evictions, over the cap
	Idle     lipgloss.Style // idle sessions and idle bars
	Working  lipgloss.Style // working sessions
	Evicted  lipgloss.Style // evicted / paused sessions
	Estimate lipgloss.Style // coworktop's own estimates (next victim, estimated cap)
	Fact     lipgloss.Style // figures the app logged
	Muted    lipgloss.Style // secondary text, empty bar cells
	Title    lipgloss.Style // pane titles
	Focus    lipgloss.Style // the focused pane's frame and title
	Selected lipgloss.Style // the selected row
	Banner   lipgloss.Style // PAUSED and other banners
	Heading  lipgloss.Style // column headings
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
		OK:       s().Foreground(c("2")),
		Warn:     s().Foreground(c("3")),
		Critical: s().Foreground(c("1")).Bold(true),
		Idle:     s().Foreground(c("6")),
		Working:  s().Foreground(c("2")),
		Evicted:  s().Foreground(c("5")),
		Estimate: s().Foreground(c("4")).Italic(true),
		Fact:     s().Bold(true),
		Muted:    s().Foreground(c("8")),
		Title:    s().Bold(true),
		Focus:    s().Foreground(c("6")).Bold(true),
		Selected: s().Reverse(true),
		Banner:   s().Foreground(c("0")).Background(c("3")).Bold(true),
		Heading:  s().Foreground(c("8")).Underline(true),
	}
}

// paint renders text in style when colours are on; plain text otherwise.
func (t Theme) paint(st lipgloss.Style, text string) string {
	if !t.Color || text == "" {
		return text
	}
	return st.Render(text)
}
