package ui

import tea "github.com/coworktop/coworktop/third_party/bubbletea"

// paneHit is where a pane was drawn in the last frame.
type paneHit struct {
	id         paneID
	x, y, w, h int
	boxed      bool
}

// paneAt is the pane drawn under screen cell (x, y), if any.
func (m *Model) paneAt(x, y int) (paneHit, bool) {
	for _, p := range m.hits {
		if x >= p.x && x < p.x+p.w && y >= p.y && y < p.y+p.h {
			return p, true
		}
	}
	return paneHit{}, false
}

// handleWheel scrolls the pane under the pointer (not the focused one).
func (m *Model) handleWheel(msg tea.MouseWheelMsg) {
	n := 0
	switch msg.Button {
	case tea.MouseWheelUp:
		n = -3
	case tea.MouseWheelDown:
		n = 3
	default:
		return
	}
	if m.showHelp {
		m.scroll(n)
		m.dirty = true
		return
	}
	p, ok := m.paneAt(msg.X, msg.Y)
	if !ok || !p.id.list() { // a drawing has nothing to scroll
		return
	}
	m.scrollPane(p.id, n)
	m.dirty = true
}

// handleClick focuses the pane under the pointer and, on a row of a pane
// with a cursor, selects that row's session.
func (m *Model) handleClick(msg tea.MouseClickMsg) {
	if msg.Button != tea.MouseLeft || m.showHelp {
		return
	}
	if m.happened != nil && msg.Y == happenedRow && m.openText == nil && m.details == "" {
		m.onHappened, m.dirty = true, true
		m.openHappened()
		return
	}
	p, ok := m.paneAt(msg.X, msg.Y)
	if !ok {
		return
	}
	if p.id != paneDetails {
		m.focus = p.id
	}
	m.dirty = true
	ps := &m.panes[p.id]
	line := msg.Y - p.y - 1 - ps.rowTop // below the title or top border, then the heading
	if line < 0 || line >= ps.shown {
		return
	}
	if !p.id.entry().cursor {
		return
	}
	ps.moveTo(m.paneContent(p.id, 80).filtered(ps.filter), ps.offset+line)
}
