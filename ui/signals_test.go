package ui

import (
	"testing"
	"time"

	tea "github.com/coworktop/coworktop/third_party/bubbletea"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
)

// The title counts who needs you; the status is reported only once the
// terminal answered the query, and not in the view drawn at quit; each
// snapshot's notes are handed to the program once.
func TestSignalsTitleStatusAndNotes(t *testing.T) {
	var snaps int
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return fixedNow }, Version: "test",
		Signals: &Signals{Title: true, Status: true, Notes: func(governor.Snapshot) []string {
			snaps++
			if snaps == 2 {
				return []string{"\x1b]777;notify;t;m\a"}
			}
			return nil
		}}})
	if m.Init() == nil {
		t.Fatal("no start commands")
	}
	m.Update(sizeMsg(120, 40))
	m.Update(UpdatesMsg{fixtureUpdate(t)})
	if len(m.outbox) != 0 {
		t.Fatal("notes left in the outbox after an update")
	}
	r := record.Reading{At: fixedNow.Add(-5 * time.Second), Found: true,
		Code: []record.Code{{Pid: 1, HostSessionID: docsID, Status: "waiting", WaitingFor: "approve Bash",
			UpdatedAt: time.Date(2026, 9, 30, 14, 2, 0, 0, time.UTC)}},
		Background: []record.Background{{ID: "j1", Name: "nightly", State: "blocked", WaitingFor: "permission prompt"}},
	}
	if _, cmd := m.Update(UpdatesMsg{governor.Update{Records: &r}}); cmd == nil {
		t.Fatal("no command")
	}
	if len(m.outbox) != 0 {
		t.Fatal("the note was not handed to the program")
	}
	rm := m
	v := rm.View()
	if v.WindowTitle != "coworktop · needs you 2" {
		t.Errorf("title %q", v.WindowTitle)
	}
	if v.ProgramStatus != nil {
		t.Error("a status before the terminal answered the query")
	}
	rm.Update(tea.ProgramStatusSupportMsg{})
	if ps := rm.View().ProgramStatus; ps == nil || ps.State != tea.ProgramStateBlocked || ps.App != "coworktop" || ps.Message != "2 sessions need you" {
		t.Fatalf("status %+v", ps)
	}
	press(rm, "q")
	if rm.View().ProgramStatus != nil {
		t.Error("the view drawn at quit leaves the status blocked")
	}
	if snaps < 2 {
		t.Errorf("the notes were asked %d times", snaps)
	}
}
