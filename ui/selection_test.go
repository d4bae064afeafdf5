package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// highlighted is the session id prefix on the frame's selected row (the
// row drawn with ">").
func highlighted(t *testing.T, m *Model) string {
	t.Helper()
	for _, l := range strings.Split(frame(m), "\n") {
		l = strings.TrimLeft(l, "│")
		if strings.HasPrefix(l, ">") {
			// The name leads the row; the id is in the details, so the
			// name on screen is looked up among the snapshot's sessions.
			name := strings.Fields(l[1:])[0]
			for _, s := range m.snap.Sessions {
				if governor.SessionName(s) == name {
					return shortOf(s.ID)
				}
			}
			return name
		}
	}
	t.Fatalf("no selected row on screen:\n%s", frame(m))
	return ""
}

// openDetails presses enter and returns the session the details show.
func openDetails(t *testing.T, m *Model) string {
	t.Helper()
	press(m, "enter")
	if m.details == "" {
		t.Fatal("enter opened nothing")
	}
	id := m.details
	press(m, "esc")
	return id
}

func shortOf(id string) string { return strings.TrimPrefix(id, "local_")[:8] }

// TestSelectionFollowsTheSession: the cursor stays on the session it was put
// on while the rows re-sort, new rows arrive and the sort changes; enter
// always opens the highlighted session.
func TestSelectionFollowsTheSession(t *testing.T) {
	now := fixedNow
	m := New(Options{Clock: func() time.Time { return now }})
	m.Update(sizeMsg(200, 60))
	m.Update(UpdatesMsg{fixtureUpdate(t)})
	press(m, "down", "down")
	picked := highlighted(t, m)
	if picked != "22222222" {
		t.Fatalf("two rows down is %s, want 22222222 (web-app)", picked)
	}
	steps := []struct {
		what string
		do   func()
	}{
		{"activity re-sorts the rows", func() {
			now = now.Add(5 * time.Second)
			m.Update(UpdatesMsg{{Events: parseLog(t, "main.log",
				"2026-09-30 14:10:04 [info] [Stop hook] Query completed for session local_55555555-aaaa-4bbb-8ccc-000000000005\n")}})
		}},
		{"a new session arrives on top", func() {
			now = now.Add(5 * time.Second)
			m.Update(UpdatesMsg{{Events: parseLog(t, "main.log",
				"2026-09-30 14:10:09 [info] Starting local session local_88888888-aaaa-4bbb-8ccc-000000000008 in /p/new\n")}})
		}},
		{"the sort changes", func() { press(m, "s") }},
		{"the sort changes again", func() { press(m, "s") }},
		{"a tick redraws", func() { now = now.Add(time.Second); m.Update(TickMsg(now)) }},
	}
	for _, st := range steps {
		st.do()
		if got := highlighted(t, m); got != picked {
			t.Fatalf("after %s the cursor is on %s, want %s:\n%s", st.what, got, picked, frame(m))
		}
		if got := shortOf(openDetails(t, m)); got != picked {
			t.Fatalf("after %s enter opened %s, want %s", st.what, got, picked)
		}
	}
}

// TestSelectionFallsToTheNearestRow: a filter that hides the selected
// session moves the cursor to the nearest row, and enter opens that one.
func TestSelectionFallsToTheNearestRow(t *testing.T) {
	m := fixtureModel(t, 200, 60, false)
	press(m, "s")                    // sort recent: data, api, web-app, mobile, docs…
	press(m, "down", "down", "down") // 55555555 mobile, between web-app and docs
	if got := highlighted(t, m); got != "55555555" {
		t.Fatalf("start on %s", got)
	}
	press(m, "/", "o", "enter") // docs, mobile, infra, billing match "o"… mobile stays
	if got := highlighted(t, m); got != "55555555" {
		t.Fatalf("a filter that keeps the session moved the cursor to %s", got)
	}
	press(m, "esc", "/", "d", "o", "c", "s", "enter")
	got := highlighted(t, m)
	if got != "44444444" {
		t.Fatalf("filtered out: cursor on %s, want the only row left, 44444444", got)
	}
	if id := shortOf(openDetails(t, m)); id != got {
		t.Fatalf("enter opened %s, highlighted %s", id, got)
	}
	press(m, "esc") // clear the filter: the selection stays where it moved
	if got := highlighted(t, m); got != "44444444" {
		t.Fatalf("after clearing the filter the cursor is on %s", got)
	}
}

// TestRankingSelection: the idle ranking selects by session too, and enter
// there opens the ranked session.
func TestRankingSelection(t *testing.T) {
	now := fixedNow
	m := New(Options{Clock: func() time.Time { return now }})
	m.Update(sizeMsg(200, 60))
	m.Update(UpdatesMsg{fixtureUpdate(t)})
	press(m, "tab", "down")
	picked := m.selectedSession()
	// The session ranked first becomes active: everyone below moves up.
	now = now.Add(2 * time.Second)
	m.Update(UpdatesMsg{{Events: parseLog(t, "main.log",
		"2026-09-30 14:10:01 [info] [Stop hook] Query completed for session local_44444444-aaaa-4bbb-8ccc-000000000004\n")}})
	_ = frame(m)
	if got := m.selectedSession(); got != picked {
		t.Fatalf("ranking selection moved from %s to %s", picked, got)
	}
	if got := openDetails(t, m); got != picked {
		t.Fatalf("enter opened %s, want %s", got, picked)
	}
}
