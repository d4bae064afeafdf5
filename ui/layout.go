package ui

// The panes' order comes from the config file (View.Panes): it is the tab
// order, the compact layout's stacking order, and the order the wide layout
// fills its rows in: list panes two side by side, the event log and the
// memory timeline each across the screen.

// defaultOrder is the tab order without a config file.
var defaultOrder = []paneID{paneSessions, paneRanking, paneLog, paneEvictions, paneCompetition, paneTimeline}

// visiblePanes lists the panes on screen, in tab order.
func (m *Model) visiblePanes() []paneID {
	order := m.order
	if len(order) == 0 {
		order = defaultOrder
	}
	out := make([]paneID, 0, len(order))
	for _, id := range order {
		if id != paneLog || m.showLog {
			out = append(out, id)
		}
	}
	return out
}

// wide panes take a row of their own in the wide layout.
func wide(id paneID) bool { return id == paneLog || id == paneTimeline }

// layoutRow is one row of the wide layout: one pane across, or two.
type layoutRow struct {
	panes  []paneID
	weight int // share of the height left after the timeline
}

// rows groups the visible panes into the wide layout's rows.
func (m *Model) rows() []layoutRow {
	var rows []layoutRow
	var half []paneID
	flush := func() {
		if len(half) > 0 {
			rows = append(rows, layoutRow{panes: half, weight: 2})
			half = nil
		}
	}
	for _, id := range m.visiblePanes() {
		if !wide(id) {
			half = append(half, id)
			if len(half) == 2 {
				flush()
			}
			continue
		}
		flush()
		rows = append(rows, layoutRow{panes: []paneID{id}, weight: 1})
	}
	flush()
	return rows
}

// fullBody draws the wide layout: the timeline gets a fixed height, the
// other rows share the rest by weight (a pair of panes twice a wide one),
// each taking its share of what is left and the last row the remainder.
// With the default order that is sessions | ranking on top, the event log
// across when shown, evictions | competition, the timeline at the bottom.
func (m *Model) fullBody(w, h int) []string {
	rows := m.rows()
	tl := min(timelineBoxHeight, h/4)
	rest, weights := h, 0
	for _, r := range rows {
		if r.panes[0] == paneTimeline {
			rest -= tl
		} else {
			weights += r.weight
		}
	}
	heights := make([]int, len(rows))
	last := -1
	for i, r := range rows {
		if r.panes[0] == paneTimeline {
			heights[i] = tl
			continue
		}
		heights[i] = rest * r.weight / max(1, weights)
		rest -= heights[i]
		weights -= r.weight
		last = i
	}
	if last >= 0 {
		heights[last] += rest
	} else if len(rows) > 0 {
		heights[len(rows)-1] += rest // only the timeline: it takes the screen
	}
	left := w * 3 / 5
	var out []string
	for i, r := range rows {
		if len(r.panes) == 2 {
			out = append(out, joinColumns(m.renderPane(r.panes[0], left, heights[i], true), m.renderPane(r.panes[1], w-left, heights[i], true))...)
		} else {
			out = append(out, m.renderPane(r.panes[0], w, heights[i], true)...)
		}
	}
	return out
}
