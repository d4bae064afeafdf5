package ui

import (
	"slices"
	"strconv"
)

// Panes are sized by their content and a priority, not by fixed shares:
// an empty pane shrinks to its one-line title, the Sessions and Evictions
// panes grow first, and when the screen is too short for every pane to show
// a row the least important ones collapse to a one-line summary.

// need is what one pane (or one row of panes in the wide layout) asks for,
// in lines including its title or border.
type need struct {
	min  int // a title and one row; 1 when there is nothing to show
	want int // enough to show everything
	prio int // lower is served first
}

// priority orders the panes for room: the focused pane first, then by the
// table's prio (Sessions and Evictions, then the rest).
func (m *Model) priority(id paneID) int {
	if id == m.focus {
		return 0
	}
	return id.entry().prio
}

// growFirst is the last priority of the panes that grow first.
const growFirst = 2

// share gives h lines to the needs. Every one gets its minimum while that
// fits (collapsing the least important to one line until it does), then
// the first tier grows towards what it wants, a line each in turn, then the
// others, and what is left goes to spare (an index, or -1 for the first).
func share(h int, needs []need, spare int) []int {
	out := make([]int, len(needs))
	total := 0
	for i, n := range needs {
		out[i] = n.min
		total += n.min
	}
	order := make([]int, len(needs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return needs[a].prio - needs[b].prio })
	for k := len(order) - 1; total > h && k >= 0; k-- { // collapse, least important first
		i := order[k]
		total -= out[i] - 1
		out[i] = 1
	}
	for k := len(order) - 1; total > h && k >= 0; k-- { // still too many: drop
		i := order[k]
		total -= out[i]
		out[i] = 0
	}
	rest := h - total
	// Grow tier by tier: the focused pane, Sessions and Evictions first,
	// a line each in turn so that none starves the other; then the rest.
	for _, tier := range [][2]int{{0, growFirst}, {growFirst + 1, 1 << 30}} {
		for grew := true; grew && rest > 0; {
			grew = false
			for _, i := range order {
				if p := needs[i].prio; p < tier[0] || p > tier[1] || out[i] == 0 || out[i] >= needs[i].want || rest == 0 {
					continue
				}
				out[i]++
				rest--
				grew = true
			}
		}
	}
	if rest > 0 && len(out) > 0 {
		if spare < 0 || spare >= len(out) {
			spare = order[0]
		}
		out[spare] += rest
	}
	return out
}

// paneNeed is what pane id asks for at width w (the pane's outer width),
// boxed or under a title rule.
func (m *Model) paneNeed(id paneID, w int, boxed bool) need {
	frame, iw := 1, w
	if boxed {
		frame, iw = 2, w-2
	}
	n := need{prio: m.priority(id)}
	e := id.entry()
	if !id.list() {
		n.min, n.want = e.size(m, frame)
		return n
	}
	c := m.contentFor(id, iw)
	rows := c.filtered(m.panes[id].filter).n
	if rows == 0 && len(c.footer) == 0 && m.panes[id].filter == "" {
		return need{min: 1, want: 1, prio: n.prio}
	}
	heading := 0
	if c.heading != "" && !c.spareHeading {
		heading = 1
	}
	least := 1 // a row under its heading: no number without one (issue 23 #5)
	if e.minRows != nil {
		least = e.minRows(m, c, rows)
	}
	n.min = frame + heading + rowLines(c, least)
	if c.keep > 0 {
		n.min++ // and the row kept in view under the others (the newest loss under the risks)
	}
	n.want = frame + heading + max(1, rowLines(c, rows)) + len(c.footer)
	if c.spareHeading {
		n.want++
	}
	return n
}

// rowLines is how many lines the first k rows take with their
// continuation lines (a wrapped reason). Only a pane whose rows are built
// (not formatted lazily, as Sessions' are) has continuation lines.
func rowLines(c content, k int) int {
	if c.rowAt != nil || k > len(c.rows) {
		return k
	}
	n := 0
	for _, r := range c.rows[:k] {
		n += 1 + len(r.more)
	}
	return n
}

// contentFor is paneContent, built once per frame for each pane and width:
// sizing and drawing ask for the same content.
func (m *Model) contentFor(id paneID, w int) content {
	key := strconv.Itoa(int(id)) + "/" + strconv.Itoa(w)
	if c, ok := m.frameContent[key]; ok {
		return c
	}
	c := m.paneContent(id, w)
	if m.frameContent == nil {
		m.frameContent = map[string]content{}
	}
	m.frameContent[key] = c
	return c
}

// collapsedInfo is a collapsed pane's one-line summary: what it holds and
// that it is hidden, or that it has nothing yet.
func (m *Model) collapsedInfo(id paneID, w int) string {
	if !id.list() {
		return id.entry().summary(m)
	}
	c := m.contentFor(id, w)
	info := c.info
	rows := c.filtered(m.panes[id].filter).n
	if rows == 0 {
		if info == "" {
			return "nothing yet"
		}
		return info + " · nothing yet"
	}
	// What is hidden first: a narrow title keeps it, the info after.
	s := plural(rows, "row") + " hidden · tab+z shows them"
	if c.summary != "" {
		s = c.summary + " · " + s
	}
	if info != "" {
		s += " · " + info
	}
	return s
}
