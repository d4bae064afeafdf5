package ui

import (
	"fmt"
	"strings"
)

// openRow is enter on a row that is not a session's (a risk, a loss, the
// governor's other actions): its full text and its evidence, wrapped, in
// a box over the panes until esc (issue 23 #3: every "why" was cut off).
func (m *Model) openRow() bool {
	if !m.focus.entry().cursor {
		return false
	}
	c := m.paneContent(m.focus, 80)
	ps := &m.panes[m.focus]
	rows := c.filtered(ps.filter)
	ps.resolve(rows)
	if rows.n == 0 {
		return false
	}
	detail := rows.at(ps.cursor).details()
	if len(detail) == 0 {
		return false
	}
	m.openText, m.openOffset = detail, 0
	return true
}

// textScreen draws the opened row in a box of w×h, wrapped to its width
// and scrolled to m.openOffset.
func (m *Model) textScreen(w, h int) []string {
	t := m.theme
	var inner []string
	for _, l := range m.openText {
		indent := len(l) - len(strings.TrimLeft(l, " "))
		for i, part := range wrap(strings.TrimLeft(l, " "), max(1, w-3-indent-2), 1<<10) {
			pad := strings.Repeat(" ", indent)
			if i > 0 {
				pad += "  "
			}
			inner = append(inner, fit(" "+pad+part, w-2))
		}
	}
	inner = append(inner, strings.Repeat(" ", w-2), t.paint(t.Muted, fit(" ↑/↓ scroll · esc closes", w-2)))
	rows := h - 2
	m.openOffset = max(0, min(m.openOffset, len(inner)-rows))
	title := "─ " + m.focus.title() + " · full text "
	if more := len(inner) - m.openOffset - rows; more > 0 {
		title += fmt.Sprintf("· ↓ %d more ", more)
	}
	out := []string{t.paint(t.Focus, "┌"+clip(title, w-2)+strings.Repeat("─", max(0, w-2-textWidth(title)))+"┐")}
	for i := range rows {
		l := strings.Repeat(" ", w-2)
		if j := m.openOffset + i; j < len(inner) {
			l = inner[j]
		}
		out = append(out, t.paint(t.Focus, "│")+l+t.paint(t.Focus, "│"))
	}
	return append(out, t.paint(t.Focus, "└"+strings.Repeat("─", w-2)+"┘"))
}
