package ui

import (
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "github.com/coworktop/coworktop/third_party/bubbletea"
)

// handleKey applies one key press. While a filter is being typed, printable
// keys go to the filter.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	m.dirty = true
	m.notice = ""
	if msg.String() == "ctrl+z" {
		return suspend // restores the terminal; fg redraws (ResumeMsg)
	}
	if m.filterOn {
		m.editFilter(msg)
		return nil
	}
	switch {
	case key.Matches(msg, k.Quit):
		m.quitting = true // the last view clears the pane's status
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.showHelp, m.helpOffset = !m.showHelp, 0
	case key.Matches(msg, k.Clear):
		switch {
		case m.showHelp:
			m.showHelp = false
		case m.openText != nil:
			m.openText = nil
		case m.details != "":
			m.details = ""
		case m.panes[m.focus].filter != "":
			m.panes[m.focus].filter = ""
		case m.zoomed:
			m.zoomed = false
		case m.onHappened:
			m.onHappened = false
		}
	case key.Matches(msg, k.NextPane):
		m.onHappened = false
		m.moveFocus(1)
	case key.Matches(msg, k.PrevPane):
		m.onHappened = false
		m.moveFocus(-1)
	case key.Matches(msg, k.Up):
		if !m.selectHappened() {
			m.scroll(-1)
		}
	case key.Matches(msg, k.Down):
		if m.onHappened {
			m.onHappened = false // back to the pane's top row
			break
		}
		m.scroll(1)
	case key.Matches(msg, k.PageUp):
		m.scroll(-10)
	case key.Matches(msg, k.PageDown):
		m.scroll(10)
	case key.Matches(msg, k.Top):
		m.scroll(-1 << 30)
	case key.Matches(msg, k.Bottom):
		m.scroll(1 << 30)
	case key.Matches(msg, k.Filter):
		switch {
		case m.showHelp || m.openText != nil:
			m.notice = "/: close this first (esc), then filter a pane"
		case m.details != "":
			m.notice = "/: the session details have no filter (esc closes them)"
		case !m.focus.list():
			m.notice = "/: the " + strings.ToLower(m.focus.title()) + " has no rows to filter; tab to a list pane"
		default:
			m.filterOn = true
		}
	case key.Matches(msg, k.Pause):
		m.frozen = !m.frozen
		if pb := m.opts.Playback; pb != nil {
			pb.SetPaused(m.frozen)
		}
		m.refresh()
	case key.Matches(msg, k.Sort):
		m.sortBy = (m.sortBy + 1) % sortCount
	case key.Matches(msg, k.Save):
		return m.saveView()
	case key.Matches(msg, k.Details):
		if m.onHappened && m.happened != nil && m.openText == nil {
			m.openHappened()
			break
		}
		if m.openText == nil && m.details == "" && m.openRow() {
			break
		}
		if id := m.selectedSession(); id != "" && m.focus.entry().details {
			m.details = id
			m.panes[paneDetails] = paneState{}
		}
	case key.Matches(msg, k.Open):
		return m.openSession()
	case key.Matches(msg, k.Zoom):
		m.zoomed = !m.zoomed
	case key.Matches(msg, k.Theme):
		m.nextTheme()
	case key.Matches(msg, k.Faster):
		if pb := m.opts.Playback; pb != nil {
			pb.Faster()
		}
	case key.Matches(msg, k.Slower):
		if pb := m.opts.Playback; pb != nil {
			pb.Slower()
		}
	default:
		m.dirty = m.togglePane(msg)
	}
	return nil
}

// togglePane shows or hides the pane whose key msg is (the event log's l),
// focusing it when shown and giving the focus back to Sessions when the
// focused pane goes. It says whether msg was such a key.
func (m *Model) togglePane(msg tea.KeyPressMsg) bool {
	for i, e := range paneTable {
		if e.toggle == nil || !key.Matches(msg, e.toggle(m.keys)) {
			continue
		}
		id, on := paneID(i), e.shown(m)
		*on = !*on
		if *on {
			m.focus = id
		} else if m.focus == id {
			m.focus = paneSessions
		}
		return true
	}
	return false
}

// editFilter types into the focused pane's filter.
func (m *Model) editFilter(msg tea.KeyPressMsg) {
	f := &m.panes[m.focus].filter
	switch msg.String() {
	case "esc":
		*f, m.filterOn = "", false
	case "enter":
		m.filterOn = false
	case "backspace":
		if *f != "" {
			_, size := utf8.DecodeLastRuneInString(*f)
			*f = (*f)[:len(*f)-size]
		}
	case "ctrl+c":
		*f, m.filterOn = "", false
	default:
		if t := msg.Text; t != "" && utf8.RuneCountInString(*f) < 40 {
			for _, r := range t {
				if r >= 0x20 && r != 0x7f {
					*f += string(r)
				}
			}
		}
	}
	// The selection stays on its session if the filter keeps it; the
	// window starts again from the top.
	m.panes[m.focus].offset = 0
}

// moveFocus steps through the visible panes (and leaves the details view).
func (m *Model) moveFocus(step int) {
	m.details, m.openText = "", nil
	panes := m.visiblePanes()
	at := 0
	for i, p := range panes {
		if p == m.focus {
			at = i
		}
	}
	m.focus = panes[(at+step+len(panes))%len(panes)]
}

// scroll moves the cursor of the pane in front.
func (m *Model) scroll(n int) {
	if m.showHelp {
		m.helpOffset = max(0, min(m.helpOffset+n, 1<<20)) // clamped when drawn
		return
	}
	if m.openText != nil {
		m.openOffset = max(0, min(m.openOffset+n, 1<<20)) // clamped when drawn
		return
	}
	id := m.focus
	if m.details != "" {
		id = paneDetails
	}
	m.scrollPane(id, n)
}

// scrollPane moves a pane's cursor by n rows (a list without a cursor
// scrolls its window instead).
func (m *Model) scrollPane(id paneID, n int) {
	ps := &m.panes[id]
	rows := m.paneContent(id, 80).filtered(ps.filter)
	if id.entry().cursor {
		ps.resolve(rows)
		ps.moveTo(rows, ps.cursor+n)
		return
	}
	ps.cursor = max(0, min(rows.n-1, ps.offset+n))
	ps.offset = ps.cursor
}
