package notify

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/ingest"
)

// The idle update story (testdata/logs/update-idle) as --notify tells it:
// at the download, the version, what its restart stops (two sessions with
// Remote Control) and when, with its basis; at the restart, what it
// stopped; after the relaunch, each session whose Remote Control was not
// turned back on, with its idle countdown. Plain text only.
func TestAwayStoryNotes(t *testing.T) {
	b, err := os.ReadFile("../testdata/logs/update-idle/main.log")
	if err != nil {
		t.Fatal(err)
	}
	var events []event.Event
	if _, err := ingest.ReadEach(strings.NewReader(string(b)), "main.log", time.UTC, func(e *event.Event) { events = append(events, *e) }); err != nil {
		t.Fatal(err)
	}
	at := func(hms string) time.Time {
		t, _ := time.Parse(time.DateTime, "2026-12-04 "+hms)
		return t
	}
	st := governor.New(governor.DefaultLimits())
	n := NewWith(NotifySendCommand, (&recorder{}).exec)
	i := 0
	feed := func(until time.Time) []Note {
		for ; i < len(events) && !events[i].Time.After(until); i++ {
			st.Apply(events[i])
		}
		return n.Changes(st.Snapshot(until), false)
	}
	feed(at("13:00:00")) // the baseline
	var all []Note
	check := func(notes []Note, title string, wants ...string) {
		t.Helper()
		all = append(all, notes...)
		for _, note := range notes {
			if note.Title != title {
				continue
			}
			for _, w := range wants {
				if !strings.Contains(note.Message, w) {
					t.Errorf("%q lacks %q: %s", title, w, note.Message)
				}
			}
			return
		}
		t.Errorf("no %q note in %+v", title, notes)
	}
	check(feed(at("13:20:09")), "coworktop: update 2.2553.1 restarts the app",
		"Stops 6 live sessions, 2 with Remote Control it leaves off",
		"About 13:30 to 13:55, when the app sits idle (estimated by coworktop from the 13:20 download)")
	check(feed(at("13:44:40")), "coworktop: app restarting to update",
		"6 sessions stopped, 2 with Remote Control")
	check(feed(at("13:46:00")), "coworktop: session at risk",
		"Remote Control was not turned back on after the 13:44 update: the idle timer pauses it at 13:59")
	for _, note := range all {
		if strings.Contains(note.Message, "pending 0s") || Clean(note.Message, maxMessage) != note.Message || Clean(note.Title, maxTitle) != note.Title {
			t.Errorf("a note loses text to the plain-text cut: %+v", note)
		}
	}
}

// An eviction note names the session by its folder (or title), as every
// output does, not by its id.
func TestEvictionNoteNamesTheSession(t *testing.T) {
	st := governor.New(governor.DefaultLimits())
	n := NewWith(NotifySendCommand, (&recorder{}).exec)
	n.Changes(st.Snapshot(t0), false)
	st.Apply(event.Event{Time: t0.Add(time.Minute), Kind: event.KindSessionStart, Session: "local_1a2b3c4d-0000-4000-8000-000000000001", Cwd: "/Users/mika/src/terraform"})
	st.Apply(event.Event{Time: t0.Add(3 * time.Minute), Kind: event.KindAtCap, Cap: 6, Verb: event.VerbEvicting,
		Session: "local_1a2b3c4d-0000-4000-8000-000000000001", IdleS: 75, Reason: event.ReasonWarm})
	notes := n.Changes(st.Snapshot(t0.Add(3*time.Minute+time.Second)), false)
	if len(notes) == 0 || !strings.HasPrefix(notes[0].Message, "terraform evicted: ") {
		t.Errorf("eviction note: %+v", notes)
	}
}
