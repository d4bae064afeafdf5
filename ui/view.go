package ui

import (
	"fmt"
	"strings"
)

// Below this the screen says it is too small instead of drawing panes.
const (
	minWidth, minHeight   = 60, 15
	fullWidth, fullHeight = 110, 34 // the boxed two-column layout from here up
	timelineBoxHeight     = 7
)

// render draws the whole screen, exactly width×height cells.
func (m *Model) render() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if w < minWidth || h < minHeight {
		return m.tooSmall(w, h)
	}
	compact := w < fullWidth || h < fullHeight
	lines := m.header(w, compact)
	footer := m.footer(w)
	bh := h - len(lines) - 1
	var body []string
	switch {
	case bh < 3:
		body = blank(w, max(0, bh))
	case m.showHelp:
		body = m.helpScreen(w, bh)
	case m.details != "":
		body = m.renderPane(paneDetails, w, bh, !compact)
	case m.zoomed:
		body = m.renderPane(m.focus, w, bh, !compact)
	case compact:
		body = m.compactBody(w, bh)
	default:
		body = m.fullBody(w, bh)
	}
	lines = append(lines, body...)
	lines = append(lines, footer)
	if len(lines) > h {
		lines = lines[:h]
	}
	return strings.Join(lines, "\n")
}

func (m *Model) tooSmall(w, h int) string {
	msg := []string{"terminal too small", fmt.Sprintf("%d×%d, need %d×%d", w, h, minWidth, minHeight), "q quits"}
	out := blank(w, h)
	top := max(0, (h-len(msg))/2)
	for i, s := range msg {
		if top+i < h {
			out[top+i] = fit(strings.Repeat(" ", max(0, (w-textWidth(s))/2))+s, w)
		}
	}
	return strings.Join(out, "\n")
}

// compactBody stacks the panes with title rules instead of boxes.
func (m *Model) compactBody(w, h int) []string {
	panes := m.visiblePanes()
	weights := map[paneID]int{paneSessions: 5, paneRanking: 4, paneLog: 4, paneEvictions: 3, paneCompetition: 3, paneTimeline: 2}
	minH := map[paneID]int{paneTimeline: 3}
	weights[m.focus] += 5 // the focused pane gets the room
	heights := allocate(h, panes, weights, minH)
	var out []string
	for i, id := range panes {
		out = append(out, m.renderPane(id, w, heights[i], false)...)
	}
	return out
}

// allocate shares h lines among panes by weight, each at least 2 lines (a
// title and a row) while there is room; panes that get nothing are dropped.
func allocate(h int, panes []paneID, weights, minH map[paneID]int) []int {
	out := make([]int, len(panes))
	total := 0
	for _, p := range panes {
		total += weights[p]
	}
	used := 0
	for i, p := range panes {
		out[i] = max(minH[p], 2, h*weights[p]/max(1, total))
		used += out[i]
	}
	for i := len(out) - 1; used > h && i >= 0; i-- { // shrink from the bottom
		cut := min(used-h, out[i])
		out[i] -= cut
		used -= cut
	}
	for i := 0; used < h; i = (i + 1) % len(out) { // give what is left, top first
		out[i]++
		used++
	}
	return out
}

func joinColumns(a, b []string) []string {
	n := max(len(a), len(b))
	out := make([]string, n)
	for i := range n {
		if i < len(a) {
			out[i] = a[i]
		}
		if i < len(b) {
			out[i] += b[i]
		}
	}
	return out
}

// paneContent dispatches to the list panes.
func (m *Model) paneContent(id paneID, w int) content {
	switch id {
	case paneSessions:
		return m.sessionsContent(w)
	case paneRanking:
		return m.rankingContent(w)
	case paneEvictions:
		return m.evictionsContent(w)
	case paneCompetition:
		return m.competitionContent(w)
	case paneLog:
		return m.logContent(w)
	case paneDetails:
		return m.detailsContent(w)
	}
	return content{}
}

// renderPane draws one pane in exactly w×h cells.
func (m *Model) renderPane(id paneID, w, h int, boxed bool) []string {
	if w < 4 || h < 1 {
		return blank(w, h)
	}
	iw, ih := w, h-1
	if boxed {
		iw, ih = w-2, h-2
	}
	var inner []string
	var info string
	if id == paneTimeline {
		inner, info = m.timelineBody(iw, ih)
	} else {
		c := m.paneContent(id, iw)
		inner, info = m.body(id, c, iw, ih), c.info
	}
	if boxed {
		return m.frameBox(id, info, inner, w, h)
	}
	return m.frameTitled(id, info, inner, w, h)
}
