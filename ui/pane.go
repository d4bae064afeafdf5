package ui

import (
	"strings"
)

// paneState is what the user did to a pane: the selected session, the row
// it was last drawn on, the first row shown, and the filter.
type paneState struct {
	// selected is the session the cursor is on. The selection follows the
	// session, not the row: a re-sort, a new row or a filter moves the
	// cursor to wherever that session now is.
	selected string
	// chosen: the user put the cursor on a row (a key, the wheel, a
	// click). Until then it stays on the top row, whatever comes first in
	// the urgent order as the data arrives (issue 46: the demo's cursor
	// followed its first row to the bottom, scrolling the session that
	// needed the person off an 80×24 screen).
	chosen bool
	cursor int
	offset int
	filter string
	// As last drawn: the line of the pane's inner area where rows start,
	// how many rows were shown, and how many were left below the edge.
	rowTop, shown, below int
	// rowsN is how many rows the pane had when the cursor was last put:
	// with the cursor, where resolve looks for the selection first.
	rowsN int
}

// resolve puts the cursor on the selected session's row. When that session
// has left the rows (filtered out, forgotten), the row nearest to where it
// was becomes the selection.
func (ps *paneState) resolve(rows rowList) {
	if rows.n == 0 {
		ps.cursor = 0
		return
	}
	if !ps.chosen {
		ps.cursor, ps.selected = 0, rows.session(0)
		return
	}
	grew := rows.n - ps.rowsN
	ps.rowsN = rows.n
	if ps.selected != "" {
		if i, ok := ps.near(rows, grew); ok {
			ps.cursor = i
			return
		}
	}
	ps.cursor = max(0, min(ps.cursor, rows.n-1))
	ps.selected = rows.session(ps.cursor)
}

// nearRows is how far either side of where it was resolve looks for the
// selected row before it searches the rows from the top.
const nearRows = 32

// near finds the selected row where it was (ps.cursor), or where rows
// that came at the head pushed it (grew more rows), or nearRows either
// side; then from the top. A frame costs by the rows around the
// selection, not by the rows above it (issue 52: in the Evictions pane
// each row's key is built, and new losses push an old selection down
// all day). A row's key names one row (a session's id, a loss's time,
// line and session), so the first row with it found near is the first
// from the top.
func (ps *paneState) near(rows rowList, grew int) (int, bool) {
	is := func(i int) bool { return i >= 0 && i < rows.n && rows.session(i) == ps.selected }
	for _, i := range [2]int{ps.cursor + grew, ps.cursor} {
		if is(i) {
			return i, true
		}
	}
	for d := 1; d <= nearRows; d++ {
		for _, i := range [2]int{ps.cursor + d, ps.cursor - d} {
			if is(i) {
				return i, true
			}
		}
	}
	for i := range rows.n {
		if rows.session(i) == ps.selected {
			return i, true
		}
	}
	return 0, false
}

// moveTo puts the cursor on row i (clamped) and selects its session.
func (ps *paneState) moveTo(rows rowList, i int) {
	if rows.n == 0 {
		return
	}
	ps.rowsN = rows.n
	ps.cursor = max(0, min(i, rows.n-1))
	ps.selected = rows.session(ps.cursor)
	ps.chosen = true
}

// row is one line of a list pane. plain is what filters match; styled is
// what is drawn (exactly the pane's inner width); session ties the row to a
// session for `enter`.
type row struct {
	plain   string
	styled  string
	session string
	// more are continuation lines drawn under the row (a zoomed pane's
	// wrapped text); detail is what enter opens (a risk's or a loss's
	// full text and evidence), for rows that are not a session's.
	more   []string
	detail []string
	// open builds detail on demand (enter), for rows drawn every frame.
	open func() []string
}

// details is what enter opens on the row.
func (r row) details() []string {
	if r.detail == nil && r.open != nil {
		return r.open()
	}
	return r.detail
}

// content is a list pane's body before scrolling: a heading, the rows, and
// lines pinned under the rows.
type content struct {
	info string // short text for the title (counts, sort)
	// summary, when set, leads a collapsed pane's one line: what matters
	// in its rows (the competitor that holds the memory).
	summary string
	heading string
	rows    []row
	// count, rowAt and sessionAt, when rowAt is set, stand for rows: a pane
	// of a thousand sessions formats only the 10-15 rows drawn (unless a
	// filter has to read them all), and finds the selection by session id.
	count     int
	rowAt     func(int) row
	sessionAt func(int) string
	footer    []string
	// tight is the footer as one clipped line per item, for when the full
	// footer would leave no room for a row; parts, when set, is the
	// footer item by item (each item's wrapped lines, in step with
	// tight), so that as many items as fit stay whole.
	tight []string
	parts [][]string
	// spareHeading: the rows read without their heading (the ranking's
	// name, bar and idle time), so it is drawn only when there is room
	// for it, its rows and its footer's first line, and not asked for.
	spareHeading bool
	// keep is a row that stays in view from the top even when the rows
	// above it fill the pane (the newest loss under the risks); -1 none.
	keep int
	// recent is how many rows from the top belong on the first screen
	// (the risks and the last hour's losses): the pane asks for room for
	// them before less important panes get theirs.
	recent int
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

// selectedSession is the session selected in the focused pane: the one
// highlighted, whatever order the rows are in now.
func (m *Model) selectedSession() string {
	if !m.focus.entry().cursor {
		return ""
	}
	c := m.paneContent(m.focus, 80)
	ps := &m.panes[m.focus]
	rows := c.filtered(ps.filter)
	ps.resolve(rows)
	if rows.n == 0 {
		return ""
	}
	return ps.selected
}

// frameBox draws a bordered pane of exactly w×h with the title in the top
// border and the "↓ N more" mark in the bottom one. Focus is shown by style
// and by a "▶" marker, so it survives --no-color. Below three lines there is
// no room for a box: the pane is its one-line title.
func (m *Model) frameBox(id paneID, info string, inner []string, w, h int) []string {
	if w < 4 || h < 1 {
		return blank(w, h)
	}
	if h < 3 {
		return append(m.frameTitled(id, info, nil, w, 1), blank(w, h-1)...)
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
	bottom := t.paint(border, "└"+strings.Repeat("─", w-2)+"┘")
	if more := m.moreMark(id); more != "" && w > textWidth(more)+6 {
		more = " " + more + " "
		bottom = t.paint(border, "└"+strings.Repeat("─", w-4-textWidth(more))) + t.paint(t.Title, more) + t.paint(border, "──┘")
	}
	return append(out, bottom)
}

// frameTitled draws a borderless pane (compact layout): a title rule with
// the "↓ N more" mark at its right end, then the body.
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
	more := m.moreMark(id)
	if more != "" {
		more = " " + more + " ─"
	}
	if textWidth(more) > w/2 {
		more = ""
	}
	title := clip(m.paneTitle(id, mark, info)+" ", w-textWidth(more))
	line := t.paint(st, title+strings.Repeat("─", max(0, w-textWidth(title)-textWidth(more))))
	if more != "" {
		line += t.paint(t.Title, more)
	}
	out := []string{line}
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
