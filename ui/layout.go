package ui

import "github.com/coworktop/coworktop/config"

// The panes' order comes from the config file (View.Panes): it is the tab
// order, the compact layout's stacking order, and the order the wide layout
// fills its rows in: list panes two side by side, the event log and the
// memory timeline each across the screen.

// defaultOrder is the tab order without a config file: the config's.
func defaultOrder() []paneID {
	out := make([]paneID, 0, len(config.AllPanes))
	for _, name := range config.AllPanes {
		if id, ok := paneNamed(name); ok {
			out = append(out, id)
		}
	}
	return out
}

// visiblePanes lists the panes on screen, in tab order.
func (m *Model) visiblePanes() []paneID {
	order := m.order
	if len(order) == 0 {
		order = defaultOrder()
	}
	out := make([]paneID, 0, len(order))
	for _, id := range order {
		if shown := id.entry().shown; shown == nil || *shown(m) {
			out = append(out, id)
		}
	}
	return out
}

// rightMax is the most the wide layout's right column takes, rightMin
// the least while the Sessions table grows towards two thirds.
const (
	rightMax = 64
	rightMin = 44
)

// layoutRow is one row of the wide layout: one pane across, or two.
type layoutRow struct {
	panes []paneID
}

// layoutRows groups the visible panes into the wide layout's rows.
func (m *Model) layoutRows() []layoutRow {
	var rows []layoutRow
	var half []paneID
	flush := func() {
		if len(half) > 0 {
			rows = append(rows, layoutRow{panes: half})
			half = nil
		}
	}
	for _, id := range m.visiblePanes() {
		if !id.entry().wide {
			half = append(half, id)
			if len(half) == 2 {
				flush()
			}
			continue
		}
		flush()
		rows = append(rows, layoutRow{panes: []paneID{id}})
	}
	flush()
	return rows
}

// fullBody draws the wide layout: each row (a pair of boxed panes, or one
// across) is sized by what its panes hold and their priority, as the
// compact layout is; what is left goes to the memory timeline. With the
// default order that is sessions | ranking on top, the event log across
// when shown, evictions | competition, the timeline at the bottom. top is
// the screen line the body starts on.
func (m *Model) fullBody(w, h, top int) []string {
	rows := m.layoutRows()
	// The right-hand panes (the ranking, the competition) have short rows:
	// past 64 columns they would only pad. The left ones (Sessions,
	// Evictions, whose causes run long) take the rest of a wide screen
	// (issue 23 #3: at 200 columns the Evictions pane stopped at 120).
	// The Sessions table first (issue 46): up to two thirds of the
	// screen, the ranking keeping rightMin for its names.
	left := max(min(w*2/3, w-rightMin), w-rightMax)
	widths := func(r layoutRow) []int {
		if len(r.panes) == 2 {
			return []int{left, w - left}
		}
		return []int{w}
	}
	needs := make([]need, len(rows))
	spare := -1
	for i, r := range rows {
		for j, id := range r.panes {
			n := m.paneNeed(id, widths(r)[j], true)
			if j == 0 {
				needs[i] = n
				continue
			}
			if n.want > 1 || needs[i].want > 1 { // a box beside a box
				n.min, needs[i].min = max(n.min, 3), max(needs[i].min, 3)
			}
			needs[i] = need{min: max(needs[i].min, n.min), want: max(needs[i].want, n.want), prio: min(needs[i].prio, n.prio)}
		}
		if r.panes[0].entry().spare {
			spare = i
		}
	}
	heights := share(h, needs, spare)
	var out []string
	for i, r := range rows {
		y := top + len(out)
		if len(r.panes) == 2 {
			out = append(out, joinColumns(m.renderPane(r.panes[0], 0, y, left, heights[i], true), m.renderPane(r.panes[1], left, y, w-left, heights[i], true))...)
		} else {
			out = append(out, m.renderPane(r.panes[0], 0, y, w, heights[i], true)...)
		}
	}
	return out
}
