package governor

import (
	"testing"
	"time"
)

// TestSnapshotLogSharedUntilAdded: a snapshot hands over the last one's
// event log when no line was added (issue 52: 500 lines copied every
// refresh), and a new list with the new line when one was.
func TestSnapshotLogSharedUntilAdded(t *testing.T) {
	s, now := dayState(t, 3)
	a := s.Snapshot(now)
	b := s.Snapshot(now.Add(time.Second))
	if len(a.Log) == 0 || &a.Log[0] != &b.Log[0] || len(a.Log) != len(b.Log) {
		t.Fatalf("nothing added, yet the log was copied (%d, %d lines)", len(a.Log), len(b.Log))
	}
	s.Apply(Event{Time: now, Kind: KindSessionStart, Session: "local_new", Cwd: "/p/new"})
	c := s.Snapshot(now.Add(2 * time.Second))
	if last := c.Log[len(c.Log)-1]; last.Event.Session != "local_new" || last.Name != "new" {
		t.Fatalf("the added line is not the newest: %+v", last)
	}
	if len(a.Log) < s.limits.LogLines && len(c.Log) != len(a.Log)+1 {
		t.Fatalf("%d lines after one added to %d", len(c.Log), len(a.Log))
	}
	if b.Log[len(b.Log)-1].Event.Session == "local_new" {
		t.Fatal("the earlier snapshot's log was written to")
	}
}

// TestSessionsGenChangesWithNames: the generation of the listed sessions
// stays while only the clock moves, and changes when a session is added
// or a name changes (its record's title).
func TestSessionsGenChangesWithNames(t *testing.T) {
	s, now := dayState(t, 3)
	a := s.Snapshot(now)
	if b := s.Snapshot(now.Add(time.Minute)); b.SessionsGen != a.SessionsGen || a.SessionsGen == 0 {
		t.Fatalf("the clock alone changed the generation: %d → %d", a.SessionsGen, b.SessionsGen)
	}
	s.Apply(Event{Time: now, Kind: KindSessionStart, Session: "local_new", Cwd: "/p/new"})
	c := s.Snapshot(now.Add(time.Minute))
	if c.SessionsGen == a.SessionsGen {
		t.Fatal("a new session left the generation as it was")
	}
	s.ApplyRecords(Records{At: now, Found: true, App: []AppRecord{{SessionID: "local_new", Title: "renamed"}}})
	d := s.Snapshot(now.Add(time.Minute))
	if d.SessionsGen == c.SessionsGen {
		t.Fatal("a new title left the generation as it was")
	}
	if got := s.sessionNamesOf(&d)["local_new"]; got != "renamed" {
		t.Fatalf("the restart view's names say %q", got)
	}
}
