package notify

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// A pending update is sent once, with the estimate's wording, and again
// when the app logs that it restarts for it; never during the backfill.
func TestUpdateNotes(t *testing.T) {
	t0 := time.Date(2026, 9, 12, 3, 0, 0, 0, time.Local)
	st := governor.New(governor.DefaultLimits())
	st.Apply(event.Event{Time: t0, Kind: event.KindSessionStart, Session: "local_a"})
	n := NewWith(NotifySendCommand, (&recorder{}).exec)
	if notes := n.Changes(st.Snapshot(t0), true); len(notes) != 0 {
		t.Fatalf("baseline: %+v", notes)
	}
	st.Apply(event.Event{Time: t0.Add(time.Minute), Kind: event.KindUpdateReady, Detail: &event.EventDetail{Version: "2.110.0"}})
	st.Apply(event.Event{Time: t0.Add(2 * time.Hour), Kind: event.KindUpdateDeferred, Text: "Claude is working", Detail: &event.EventDetail{PendingS: 7200}})
	notes := n.Changes(st.Snapshot(t0.Add(2*time.Hour)), false)
	if len(notes) != 1 || notes[0].Title != "coworktop: update 2.110.0 restarts the app" ||
		!strings.Contains(notes[0].Message, "Stops 1 live session") || !strings.Contains(notes[0].Message, "Put off 1 time while Claude works") ||
		strings.Contains(notes[0].Message, "pending") || Clean(notes[0].Message, maxMessage) != notes[0].Message {
		t.Fatalf("warning: %+v", notes)
	}
	st.Apply(event.Event{Time: t0.Add(3 * time.Hour), Kind: event.KindUpdateDeferred, Text: "Claude is working", Detail: &event.EventDetail{PendingS: 10800}})
	if notes := n.Changes(st.Snapshot(t0.Add(3*time.Hour)), false); len(notes) != 0 {
		t.Fatalf("the same update again: %+v", notes)
	}
	st.Apply(event.Event{Time: t0.Add(4 * time.Hour), Kind: event.KindUpdateRestart, Reason: event.ReasonUpdate})
	if notes := n.Changes(st.Snapshot(t0.Add(4*time.Hour)), false); len(notes) != 1 || notes[0].Title != "coworktop: app restarting to update" {
		t.Fatalf("restart: %+v", notes)
	}
}
