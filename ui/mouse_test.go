package ui

import (
	"strings"
	"testing"

	tea "github.com/coworktop/coworktop/third_party/bubbletea"
)

// lineOf is the screen line that contains text, or -1.
func lineOf(out, text string) int {
	for i, l := range strings.Split(out, "\n") {
		if strings.Contains(l, text) {
			return i
		}
	}
	return -1
}

// TestWheelScrollsThePaneUnderThePointer: the wheel over the Evictions
// pane scrolls it while Sessions keeps the focus and its window.
func TestWheelScrollsThePaneUnderThePointer(t *testing.T) {
	m := crowdedModel(t)
	m.Update(sizeMsg(80, 40)) // room for Competition's rows under the last hour's losses
	out := frame(m)
	y := lineOf(out, "Competition ·") + 1
	if y <= 0 {
		t.Fatalf("no Competition pane:\n%s", out)
	}
	before := m.panes[paneSessions]
	m.Update(tea.MouseWheelMsg{X: 10, Y: y, Button: tea.MouseWheelDown})
	out = frame(m)
	if m.focus != paneSessions || m.panes[paneSessions].offset != before.offset || m.panes[paneSessions].cursor != before.cursor {
		t.Errorf("the wheel over Competition moved Sessions (focus %v)", m.focus)
	}
	if m.panes[paneCompetition].offset != 3 {
		t.Errorf("Competition scrolled to %d, want 3:\n%s", m.panes[paneCompetition].offset, out)
	}
	if !strings.Contains(out, "↑ 3 ") {
		t.Errorf("no sign of the rows scrolled past:\n%s", out)
	}
}

// TestClickSelectsARow: a click on a Sessions row selects that session, and
// enter opens it; a click on the ranking focuses it.
func TestClickSelectsARow(t *testing.T) {
	m := fixtureModel(t, 120, 40, false)
	out := frame(m)
	y := lineOf(out, "│ mobile ")
	if y < 0 {
		t.Fatalf("no mobile row:\n%s", out)
	}
	m.Update(tea.MouseClickMsg{X: 5, Y: y, Button: tea.MouseLeft})
	if got := highlighted(t, m); got != "55555555" {
		t.Fatalf("click selected %s", got)
	}
	if id := shortOf(openDetails(t, m)); id != "55555555" {
		t.Fatalf("enter after the click opened %s", id)
	}
	y = lineOf(out, " 2 mobile")
	m.Update(tea.MouseClickMsg{X: 100, Y: y + 1, Button: tea.MouseLeft}) // third in the ranking
	if m.focus != paneRanking || shortOf(m.selectedSession()) != "22222222" {
		t.Fatalf("click on the ranking: focus %v, selected %s", m.focus, m.selectedSession())
	}
}

// TestNoMouse: with the mouse off the program asks the terminal for no
// mouse events, so text can be selected and copied.
func TestNoMouse(t *testing.T) {
	m := New(Options{View: View{NoMouse: true}})
	if m.View().MouseMode != tea.MouseModeNone {
		t.Error("mouse still on")
	}
	if New(Options{}).View().MouseMode != tea.MouseModeCellMotion {
		t.Error("mouse off by default")
	}
}
