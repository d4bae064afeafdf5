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
		footer = fitFooter(c, room)
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
	if ps.offset > 0 { // only a scrolled pane formats its last rows
		ps.offset = max(0, min(ps.offset, tailStart(rows, avail)))
	}
	// A row may bring continuation lines (a wrapped reason): the window
	// is laid out in lines, and moved down until the cursor's row is whole
	// in it.
	var (
		order []int
		drawn []row
		end   int
	)
	for {
		order, drawn, end = m.window(rows, c, ps, avail)
		if !cursor || ps.cursor < end || ps.offset >= ps.cursor {
			break
		}
		ps.offset++
	}
	ps.rowTop = len(lines)
	ps.shown, ps.below = max(0, end-ps.offset), max(0, rows.n-end)
	for k, i := range order {
		r := drawn[k]
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

// fitFooter is the footer in room lines: the items whole from the first
// while the rest still get their one clipped line each, then clipped
// (issue 36 #2: one item too many cut every sentence of the outlook).
func fitFooter(c content, room int) []string {
	if len(c.parts) != len(c.tight) {
		out := c.tight
		return out[:max(0, min(len(out), room))]
	}
	var out []string
	for i, p := range c.parts {
		rest := len(c.parts) - i - 1
		switch {
		case len(out)+len(p)+rest <= room:
			out = append(out, p...)
		case len(out)+1+rest <= room || len(out) < room:
			out = append(out, c.tight[i])
		}
	}
	return out[:max(0, min(len(out), room))]
}

// window picks the rows drawn from ps.offset in avail lines, each with its
// continuation lines: the first row always, the others while they fit
// whole. end is one past the last row drawn in order. A row that must stay
// in view (the newest loss under the risks) takes the place of the last
// rows when the rows above it fill the pane.
func (m *Model) window(rows rowList, c content, ps *paneState, avail int) (order []int, drawn []row, end int) {
	used := 0
	end = ps.offset
	// At most a row a line, and the kept row: room for them at once.
	if k := min(avail, rows.n-ps.offset) + 1; k > 1 {
		order, drawn = make([]int, 0, k), make([]row, 0, k)
	}
	for i := ps.offset; i < rows.n && used < avail; i++ {
		r := rows.at(i)
		n := 1 + len(r.more)
		if used > 0 && used+n > avail {
			break
		}
		order, drawn = append(order, i), append(drawn, r)
		used += n
		end = i + 1
	}
	if ps.filter != "" || ps.offset != 0 || c.keep <= 0 || c.keep < end || c.keep >= rows.n || len(order) < 2 || ps.cursor >= end-1 {
		return order, drawn, end
	}
	k := rows.at(c.keep)
	need := 1 + len(k.more)
	for len(order) > 1 && avail-used < need {
		last := drawn[len(drawn)-1]
		used -= 1 + len(last.more)
		order, drawn = order[:len(order)-1], drawn[:len(drawn)-1]
	}
	return append(order, c.keep), append(drawn, k), end
}

// tailStart is the first row of the last window: the rows from it to the
// end, with their continuation lines, fill at most avail lines. Only those
// rows are formatted.
func tailStart(rows rowList, avail int) int {
	used, i := 0, rows.n
	for i > 0 {
		n := 1 + len(rows.at(i-1).more)
		if used+n > avail && used > 0 {
			break
		}
		used += n
		i--
	}
	return i
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
