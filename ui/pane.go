package ui

import (
	"fmt"
	"strings"
)

// paneID names a pane; tab order follows the constants.
type paneID int

const (
	paneSessions paneID = iota
	paneRanking
	paneEvictions
	paneCompetition
	paneTimeline
	paneLog
	paneDetails // one session's history (enter); not in the tab order
	paneCount
)

func (p paneID) title() string {
	return [...]string{"Sessions", "Idle ranking", "Evictions", "Competition", "Memory timeline", "Event log", "Session details"}[p]
}

// paneState is what the user did to a pane: the selected session, the row
// it was last drawn on, the first row shown, and the filter.
type paneState struct {
	// selected is the session the cursor is on. The selection follows the
	// session, not the row: a re-sort, a new row or a filter moves the
	// cursor to wherever that session now is.
	selected string
	cursor   int
	offset   int
	filter   string
	rowTop   int // line of the pane's inner area where rows start, as last drawn
}

// resolve puts the cursor on the selected session's row. When that session
// has left the rows (filtered out, forgotten), the row nearest to where it
// was becomes the selection.
func (ps *paneState) resolve(rows rowList) {
	if rows.n == 0 {
		ps.cursor = 0
		return
	}
	if ps.selected != "" {
		for i := range rows.n {
			if rows.session(i) == ps.selected {
				ps.cursor = i
				return
			}
		}
	}
	ps.cursor = max(0, min(ps.cursor, rows.n-1))
	ps.selected = rows.session(ps.cursor)
}

// moveTo puts the cursor on row i (clamped) and selects its session.
func (ps *paneState) moveTo(rows rowList, i int) {
	if rows.n == 0 {
		return
	}
	ps.cursor = max(0, min(i, rows.n-1))
	ps.selected = rows.session(ps.cursor)
}

// row is one line of a list pane. plain is what filters match; styled is
// what is drawn (exactly the pane's inner width); session ties the row to a
// session for `enter`.
type row struct {
	plain   string
	styled  string
	session string
}

// content is a list pane's body before scrolling: a heading, the rows, and
// lines pinned under the rows.
type content struct {
	info    string // short text for the title (counts, sort)
	heading string
	rows    []row
	// count, rowAt and sessionAt, when rowAt is set, stand for rows: a pane
	// of a thousand sessions formats only the 10-15 rows drawn (unless a
	// filter has to read them all), and finds the selection by session id.
	count     int
	rowAt     func(int) row
	sessionAt func(int) string
	footer    []string
	// selectable panes draw a cursor and take `enter`.
	selectable bool
}

// rowList is a pane's rows after its filter: how many, the row at i, and
// the session of row i (without formatting the row).
type rowList struct {
	n       int
	at      func(int) row
	session func(int) string
}

// filtered applies the pane's filter to the rows.
func (c content) filtered(filter string) rowList {
	if c.rowAt != nil && filter == "" {
		return rowList{c.count, c.rowAt, c.sessionAt}
	}
	rows := c.rows
	if c.rowAt != nil {
		rows = make([]row, 0, c.count)
		for i := range c.count {
			rows = append(rows, c.rowAt(i))
		}
	}
	if filter != "" {
		out := make([]row, 0, len(rows))
		for _, r := range rows {
			if containsFold(r.plain, filter) {
				out = append(out, r)
			}
		}
		rows = out
	}
	return rowList{len(rows), func(i int) row { return rows[i] }, func(i int) string { return rows[i].session }}
}

// body lays the content out in w×h cells: heading, a scrolled window of
// rows, footer. It clamps the pane's cursor and offset.
func (m *Model) body(id paneID, c content, w, h int) []string {
	ps := &m.panes[id]
	rows := c.filtered(ps.filter)
	lines := make([]string, 0, h)
	if c.heading != "" && h > 1 {
		lines = append(lines, padStyled(c.heading, w))
	}
	footer := c.footer
	if len(footer) > h-len(lines)-1 {
		footer = footer[:max(0, h-len(lines)-1)]
	}
	avail := h - len(lines) - len(footer)
	if avail < 0 {
		avail = 0
	}
	if c.selectable {
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
	for i := ps.offset; i < rows.n && i < ps.offset+avail; i++ {
		r := rows.at(i)
		if c.selectable && i == ps.cursor && m.focus == id {
			lines = append(lines, m.theme.paint(m.theme.Selected, fit(">"+r.plain[min(1, len(r.plain)):], w)))
			continue
		}
		lines = append(lines, padStyled(r.styled, w))
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

// selectedSession is the session selected in the focused pane: the one
// highlighted, whatever order the rows are in now.
func (m *Model) selectedSession() string {
	c := m.paneContent(m.focus, 80)
	if !c.selectable {
		return ""
	}
	ps := &m.panes[m.focus]
	rows := c.filtered(ps.filter)
	ps.resolve(rows)
	if rows.n == 0 {
		return ""
	}
	return ps.selected
}

// frameBox draws a bordered pane of exactly w×h with the title in the top
// border. Focus is shown by style and by a "▶" marker, so it survives
// --no-color.
func (m *Model) frameBox(id paneID, info string, inner []string, w, h int) []string {
	if w < 4 || h < 2 {
		return blank(w, h)
	}
	t := m.theme
	border := t.Muted
	mark := " "
	if id == m.focus {
		border, mark = t.Focus, "▶"
	}
	title := m.paneTitle(id, mark, info)
	title = clip(title+" ", w-3)
	top := t.paint(border, "┌─") + t.paint(t.Title, title) + t.paint(border, strings.Repeat("─", max(0, w-3-textWidth(title)))+"┐")
	out := make([]string, 0, h)
	out = append(out, top)
	side := t.paint(border, "│")
	for i := 0; i < h-2; i++ {
		line := strings.Repeat(" ", w-2)
		if i < len(inner) {
			line = inner[i]
		}
		out = append(out, side+line+side)
	}
	out = append(out, t.paint(border, "└"+strings.Repeat("─", w-2)+"┘"))
	return out
}

// frameTitled draws a borderless pane (compact layout): a title rule, then
// the body.
func (m *Model) frameTitled(id paneID, info string, inner []string, w, h int) []string {
	if h < 1 || w < 1 {
		return blank(w, h)
	}
	t := m.theme
	mark := " "
	st := t.Muted
	if id == m.focus {
		mark, st = "▶", t.Focus
	}
	title := m.paneTitle(id, mark, info)
	title = clip(title+" ", w)
	out := []string{t.paint(st, title+strings.Repeat("─", max(0, w-textWidth(title))))}
	for i := 0; i < h-1; i++ {
		if i < len(inner) {
			out = append(out, inner[i])
		} else {
			out = append(out, strings.Repeat(" ", w))
		}
	}
	return out
}

func blank(w, h int) []string {
	out := make([]string, max(0, h))
	for i := range out {
		out[i] = strings.Repeat(" ", max(0, w))
	}
	return out
}

// lineBuilder builds a row from cells, keeping the plain text (for filters
// and the selection highlight) and the styled text in step.
type lineBuilder struct {
	t      Theme
	plain  strings.Builder
	styled strings.Builder
}

func newLine(t Theme) *lineBuilder { return &lineBuilder{t: t} }

// add appends text as is (the caller has fitted it).
func (l *lineBuilder) add(st Ink, text string) *lineBuilder {
	l.plain.WriteString(text)
	l.styled.WriteString(l.t.paint(st, text))
	return l
}

// cell appends text fitted to w cells, then one space.
func (l *lineBuilder) cell(st Ink, text string, w int) *lineBuilder {
	return l.add(st, fit(text, w)).add(Ink{}, " ")
}

// rcell is cell aligned right.
func (l *lineBuilder) rcell(st Ink, text string, w int) *lineBuilder {
	return l.add(st, fitRight(text, w)).add(Ink{}, " ")
}

func (l *lineBuilder) row(session string) row {
	return row{plain: l.plain.String(), styled: l.styled.String(), session: session}
}

func (l *lineBuilder) String() string { return l.styled.String() }

// paneTitle is a pane's title line: focus mark, name, its filter (with a
// cursor while typing) and the pane's own info.
func (m *Model) paneTitle(id paneID, mark, info string) string {
	title := mark + id.title()
	if f := m.panes[id].filter; f != "" || (m.filterOn && id == m.focus) {
		title += " /" + f
		if m.filterOn && id == m.focus {
			title += "_"
		}
	}
	if info != "" {
		title += " · " + info
	}
	return title
}
