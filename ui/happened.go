package ui

import "strings"

// happenedLine is what just happened, under the meters, while it is
// recent (words.JustHappened: an update restart, the app starting again
// without a quit, a pressure sweep, crashes, a burst of evictions): the
// longest of its wordings that fits, so the sessions it names are whole
// where there is room. ↑ from a pane's top row selects it and enter opens
// its details (issue 36 #1).
func (m *Model) happenedLine(w int) string {
	h := m.happened
	if h == nil {
		return ""
	}
	t := m.theme
	mark := " "
	if m.onHappened {
		mark = ">"
	}
	text := mark + fitFirst(w-1, h.Forms)
	if m.onHappened {
		return t.paint(t.Selected, fit(text, w))
	}
	return t.paint(t.Warn, fit(text, w))
}

// happenedRow is the screen line the what-just-happened line is drawn on:
// under the title and the four meter lines (header).
const happenedRow = 5

// selectHappened moves the cursor from the top row of the focused pane up
// onto the what-just-happened line; it says whether it did.
func (m *Model) selectHappened() bool {
	if m.happened == nil || m.onHappened || m.details != "" || m.openText != nil || m.showHelp {
		return false
	}
	ps := m.panes[m.focus]
	if ps.cursor > 0 || ps.offset > 0 {
		return false
	}
	m.onHappened = true
	return true
}

// openHappened opens what just happened: its clauses, and each session's
// part with the line it is read from.
func (m *Model) openHappened() {
	h := m.happened
	lines := append([]string{"What just happened (" + strings.ReplaceAll(string(h.Kind), "_", " ") + "):"}, h.Details...)
	m.openText, m.openOffset = lines, 0
}
