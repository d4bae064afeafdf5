package ui

import (
	"fmt"
	"strings"
)

// body lays the content out in w×h cells: heading, a scrolled window of
// rows, footer. It resolves the pane's selection and clamps its window,
// and notes where the rows were drawn (for the mouse) and how many were
// left below the edge (for the "↓ N more" mark).
func (m *Model) body(id paneID, c content, w, h int) []string {
	ps := &m.panes[id]
	rows := c.filtered(ps.filter)
	lines := make([]string, 0, h)
	// A row's numbers are read by their heading: with room for two lines,
	// the heading stays (issue 23 #5: numbers without headings at 80×24).
	if c.heading != "" && h >= 2 && (!c.spareHeading || h >= 2+min(rows.n, 1)+min(len(c.tight), 1)) {
		lines = append(lines, padStyled(c.heading, w))
	}
	footer := c.footer
	if room := h - len(lines) - 1; len(footer) > room {
		footer = c.tight
		if len(footer) == 0 || len(footer) > room {
			footer = footer[:max(0, min(len(footer), room))]
		}
	}
	avail := max(0, h-len(lines)-len(footer))
	cursor := id.entry().cursor
	if cursor {
		ps.resolve(rows)
	} else {
		ps.cursor = max(0, min(ps.cursor, rows.n-1))
	}
	if ps.cursor < ps.offset {
		ps.offset = ps.cursor
	}
	if avail > 0 && ps.cursor >= ps.offset+avail {
		ps.offset = ps.cursor - avail + 1
	}
	ps.offset = max(0, min(ps.offset, rows.n-avail))
	ps.rowTop = len(lines)
	end := min(rows.n, ps.offset+avail)
	ps.shown, ps.below = max(0, end-ps.offset), max(0, rows.n-end)
	order := make([]int, 0, end-ps.offset)
	for i := ps.offset; i < end; i++ {
		order = append(order, i)
	}
	// A row that must stay in view (the newest loss under the risks)
	// takes the last place when the rows above it fill the pane.
	if ps.filter == "" && ps.offset == 0 && c.keep > 0 && c.keep >= end && c.keep < rows.n && len(order) > 1 && ps.cursor < end-1 {
		order[len(order)-1] = c.keep
	}
	for _, i := range order {
		r := rows.at(i)
		if cursor && i == ps.cursor && m.focus == id {
			lines = append(lines, m.theme.paint(m.theme.Selected, fit(">"+r.plain[min(1, len(r.plain)):], w)))
		} else {
			lines = append(lines, padStyled(r.styled, w))
		}
		for _, more := range r.more {
			if len(lines) >= h-len(footer) {
				break
			}
			lines = append(lines, padStyled(more, w))
		}
		if len(lines) >= h-len(footer) {
			break
		}
	}
	if rows.n == 0 && avail > 0 {
		msg := "(nothing yet)"
		if ps.filter != "" {
			msg = fmt.Sprintf("(no row matches %q)", ps.filter)
		}
		lines = append(lines, m.theme.paint(m.theme.Muted, fit(msg, w)))
	}
	for len(lines) < h-len(footer) {
		lines = append(lines, strings.Repeat(" ", w))
	}
	for _, f := range footer {
		lines = append(lines, padStyled(f, w))
	}
	return lines[:min(len(lines), h)]
}

// moreMark is the pane's "↓ N more" (and "↑ N" above), or "".
func (m *Model) moreMark(id paneID) string {
	ps := m.panes[id]
	switch {
	case ps.below > 0 && ps.offset > 0:
		return fmt.Sprintf("↑ %d ↓ %d more", ps.offset, ps.below)
	case ps.below > 0:
		return fmt.Sprintf("↓ %d more", ps.below)
	case ps.offset > 0 && ps.shown > 0:
		return fmt.Sprintf("↑ %d more", ps.offset)
	}
	return ""
}
