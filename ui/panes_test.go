package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "github.com/coworktop/coworktop/third_party/bubbletea"

	"github.com/coworktop/coworktop/config"
)

// TestPaneTableIsComplete: every pane has every part of its entry, and
// each view of the table (the titles, the priorities, the config's names,
// the layout's spare pane) has every pane once. A pane left out of any of
// them fails here, not at run time.
func TestPaneTableIsComplete(t *testing.T) {
	if len(paneTable) != int(paneCount) {
		t.Fatalf("paneTable has %d entries, paneID names %d panes", len(paneTable), paneCount)
	}
	titles, prios := map[string]paneID{}, map[int]paneID{}
	spares := 0
	for i, e := range paneTable {
		id := paneID(i)
		where := fmt.Sprintf("pane %d (%q)", i, e.title)
		if e.title == "" {
			t.Errorf("%s: no title", where)
		}
		if other, dup := titles[e.title]; dup {
			t.Errorf("%s: title also pane %d's", where, other)
		}
		titles[e.title] = id
		if e.prio < 1 || e.prio > len(paneTable) {
			t.Errorf("%s: priority %d, want 1..%d (0 is the focused pane's)", where, e.prio, len(paneTable))
		}
		if other, dup := prios[e.prio]; dup {
			t.Errorf("%s: priority %d is also pane %d's", where, e.prio, other)
		}
		prios[e.prio] = id
		if e.spare {
			spares++
		}
		switch {
		case e.content != nil && (e.draw != nil || e.size != nil || e.summary != nil):
			t.Errorf("%s: both a list (content) and a drawing (draw, size, summary)", where)
		case e.content == nil && (e.draw == nil || e.size == nil || e.summary == nil):
			t.Errorf("%s: a drawing needs draw, size and summary (or set content for a list)", where)
		case e.content == nil && (e.cursor || e.details || e.minRows != nil):
			t.Errorf("%s: a drawing has no rows, so no cursor, details key or minimum rows", where)
		}
		if e.details && !e.cursor {
			t.Errorf("%s: enter opens details of the selected row, but the pane has no cursor", where)
		}
		if (e.toggle == nil) != (e.shown == nil) || (e.shown != nil && e.config == "") {
			t.Errorf("%s: a pane with a show-and-hide key needs toggle, shown and a config name", where)
		}
		if e.config != "" && !slices.Contains(config.AllPanes, e.config) {
			t.Errorf("%s: config name %q is not in config.AllPanes", where, e.config)
		}
	}
	if spares > 1 {
		t.Errorf("%d panes take the spare lines, want at most one", spares)
	}
	for _, name := range config.AllPanes {
		if _, ok := paneNamed(name); !ok {
			t.Errorf("config pane %q has no entry in paneTable", name)
		}
	}
	if got := defaultOrder(); len(got) != len(config.AllPanes) {
		t.Errorf("default order %v, want config.AllPanes' %d panes", got, len(config.AllPanes))
	}
}

// TestEveryEntrySizesAndRenders: every pane of the table, focused or not,
// boxed or under a rule, collapsed to its title or given room, sizes
// itself sanely and draws exactly the cells it was given, its title first.
func TestEveryEntrySizesAndRenders(t *testing.T) {
	m := crowdedModel(t)
	m.details = m.snap.Sessions[0].ID
	for i := range paneTable {
		id := paneID(i)
		for _, focus := range []paneID{paneSessions, id} {
			m.focus = id
			if focus != id {
				m.focus = paneSessions
			}
			for _, boxed := range []bool{false, true} {
				m.frameContent = nil
				n := m.paneNeed(id, 90, boxed)
				if n.min < 1 || n.want < n.min || n.prio != m.priority(id) {
					t.Errorf("%s boxed=%v: need %+v", id.title(), boxed, n)
				}
				for _, h := range []int{1, 2, 3, n.min, n.want, 30} {
					if boxed && h == 2 {
						continue // a box needs three lines; the layout never gives it two
					}
					lines := m.renderPane(id, 0, 0, 90, h, boxed)
					if len(lines) != h {
						t.Fatalf("%s boxed=%v h=%d: %d lines", id.title(), boxed, h, len(lines))
					}
					for _, l := range lines {
						if w := textWidth(l); w != 90 {
							t.Fatalf("%s boxed=%v h=%d: a line of %d cells: %q", id.title(), boxed, h, w, l)
						}
					}
					if !strings.Contains(lines[0], id.title()) {
						t.Errorf("%s boxed=%v h=%d: title line %q", id.title(), boxed, h, lines[0])
					}
				}
			}
		}
	}
}

// fakeShown is the fake pane's show-and-hide state.
var fakeShown bool

// TestAPaneIsOneEntry: a pane the rest of ui has never heard of, added as
// one entry of the table and named in the config's order, is laid out,
// sized, drawn, shown and hidden by its own key, focused with tab,
// scrolled with the keys and the wheel, filtered and zoomed, with no other
// code knowing it.
func TestAPaneIsOneEntry(t *testing.T) {
	built := len(paneTable)
	t.Cleanup(func() { paneTable = paneTable[:built:built] })
	rows := make([]row, 40)
	for i := range rows {
		text := fmt.Sprintf(" fake row %02d", i) // the cursor takes the first cell
		rows[i] = row{plain: text, styled: text, session: fmt.Sprintf("fake-%d", i)}
	}
	paneTable = append(paneTable, paneEntry{
		title: "Fake pane", config: "fake", prio: built + 1,
		content: func(_ *Model, w int) content {
			c := content{info: "40 fakes", heading: fit("FAKE", w)}
			for _, r := range rows {
				r.plain, r.styled = fit(r.plain, w), fit(r.styled, w)
				c.rows = append(c.rows, r)
			}
			return c
		},
		cursor: true,
		toggle: func(KeyMap) key.Binding { return key.NewBinding(key.WithKeys("x")) },
		shown:  func(*Model) *bool { return &fakeShown },
	})
	fake := paneID(built)
	order := append(slices.Clone(config.AllPanes), "fake")
	m := New(Options{Clock: func() time.Time { return fixedNow }, View: View{Panes: config.Panes{Order: order, Hidden: []config.Pane{config.PaneLog, "fake"}}}})
	m.Update(UpdatesMsg{fixtureUpdate(t)})
	m.Update(sizeMsg(140, 50))
	if fakeShown || strings.Contains(frame(m), "Fake pane") {
		t.Fatalf("the fake pane, hidden by the config, is on screen:\n%s", frame(m))
	}
	press(m, "x")
	if !fakeShown || m.focus != fake {
		t.Fatalf("its key does not show and focus it (shown %v, focus %v)", fakeShown, m.focus)
	}
	press(m, "x")
	if fakeShown || m.focus != paneSessions || !slices.Contains(m.currentView().Panes.Hidden, "fake") {
		t.Fatalf("its key again does not hide it (shown %v, focus %v, saved hidden %v)", fakeShown, m.focus, m.currentView().Panes.Hidden)
	}
	press(m, "x")
	for _, size := range [][2]int{{140, 50}, {80, 30}} {
		m.Update(sizeMsg(size[0], size[1]))
		out := frame(m)
		if !strings.Contains(out, "Fake pane · 40 fakes") || !strings.Contains(out, "fake row 00") {
			t.Fatalf("%v: the fake pane is not drawn with a row:\n%s", size, out)
		}
		if !strings.Contains(out, "more") {
			t.Errorf("%v: no \"↓ N more\" on a pane of 40 rows:\n%s", size, out)
		}
	}
	press(m, "tab")
	for range len(paneTable) {
		if m.focus != fake {
			press(m, "tab")
		}
	}
	if m.focus != fake {
		t.Fatal("tab never comes back to the fake pane")
	}
	press(m, "down", "down")
	if m.selectedSession() != "fake-2" {
		t.Errorf("two downs select %q, want fake-2", m.selectedSession())
	}
	frame(m)
	y := -1
	for _, h := range m.hits {
		if h.id == fake {
			y = h.y + 1
		}
	}
	m.Update(tea.MouseWheelMsg{X: 5, Y: y, Button: tea.MouseWheelDown})
	if m.selectedSession() != "fake-5" {
		t.Errorf("the wheel selects %q, want fake-5", m.selectedSession())
	}
	press(m, "/", "3", "1", "enter")
	if out := frame(m); !strings.Contains(out, "fake row 31") || strings.Contains(out, "fake row 30") || !strings.Contains(out, "Fake pane /31 · 1 of 40 rows") {
		t.Errorf("a filter of 31 does not keep row 31 alone:\n%s", out)
	}
	press(m, "esc", "z")
	if out := frame(m); !strings.Contains(out, "fake row 31") || strings.Contains(out, "Idle ranking") {
		t.Errorf("the zoomed fake pane does not fill the screen:\n%s", out)
	}
}
