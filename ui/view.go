package ui

import (
	"fmt"
	"strings"
)

// Below this the screen says it is too small instead of drawing panes.
const (
	minWidth, minHeight   = 60, 15
	fullWidth, fullHeight = 110, 34 // the boxed two-column layout from here up
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
	m.hits, m.frameContent = m.hits[:0], nil
	lines := m.header(w, compact)
	top := len(lines)
	footer := m.footer(w)
	bh := h - len(lines) - 1
	var body []string
	switch {
	case bh < 3:
		body = blank(w, max(0, bh))
	case m.showHelp:
		body = m.helpScreen(w, bh)
	case m.openText != nil:
		body = m.textScreen(w, bh)
	case m.details != "":
		body = m.renderPane(paneDetails, 0, top, w, bh, !compact)
	case m.zoomed:
		body = m.renderPane(m.focus, 0, top, w, bh, !compact)
	case compact:
		body = m.compactBody(w, bh, top)
	default:
		body = m.fullBody(w, bh, top)
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

// compactBody stacks the panes with title rules instead of boxes, each
// sized by its content and priority; top is the screen line it starts on.
func (m *Model) compactBody(w, h, top int) []string {
	panes := m.visiblePanes()
	needs := make([]need, len(panes))
	spare := -1
	for i, id := range panes {
		needs[i] = m.paneNeed(id, w, false)
		if id.entry().spare {
			spare = i
		}
	}
	heights := share(h, needs, spare)
	var out []string
	for i, id := range panes {
		out = append(out, m.renderPane(id, 0, top+len(out), w, heights[i], false)...)
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

// paneContent is a list pane's rows (none for a drawing).
func (m *Model) paneContent(id paneID, w int) content {
	if !id.list() {
		return content{}
	}
	return id.entry().content(m, w)
}

// renderPane draws one pane in exactly w×h cells at column x, line y of
// the screen (kept for the mouse). One line is the pane's title alone, with
// a summary in place of its rows.
func (m *Model) renderPane(id paneID, x, y, w, h int, boxed bool) []string {
	if w < 4 || h < 1 {
		return blank(w, h)
	}
	m.hits = append(m.hits, paneHit{id: id, x: x, y: y, w: w, h: h, boxed: boxed})
	iw, ih := w, h-1
	if boxed {
		iw, ih = w-2, h-2
	}
	if h == 1 || (boxed && h < 3) {
		m.panes[id].shown, m.panes[id].below = 0, 0
		return m.frameTitled(id, m.collapsedInfo(id, iw), nil, w, 1)[:1:1]
	}
	var inner []string
	var info string
	if !id.list() {
		inner, info = id.entry().draw(m, iw, ih)
	} else {
		c := m.contentFor(id, iw)
		inner, info = m.body(id, c, iw, ih), c.info
		if f := m.panes[id].filter; f != "" {
			// A filtered title counts what it shows, not the pane's
			// whole (issue 23 #5: "1 live" over one evicted row).
			info = fmt.Sprintf("%d of %d rows", c.filtered(f).n, c.filtered("").n)
		}
	}
	if boxed {
		return m.frameBox(id, info, inner, w, h)
	}
	return m.frameTitled(id, info, inner, w, h)
}
