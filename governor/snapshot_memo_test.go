package governor

import (
	"fmt"
	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/record"
	"math/rand/v2"
	"reflect"
	"slices"
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
	s.Apply(event.Event{Time: now, Kind: event.KindSessionStart, Session: "local_new", Cwd: "/p/new"})
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
	s.Apply(event.Event{Time: now, Kind: event.KindSessionStart, Session: "local_new", Cwd: "/p/new"})
	c := s.Snapshot(now.Add(time.Minute))
	if c.SessionsGen == a.SessionsGen {
		t.Fatal("a new session left the generation as it was")
	}
	s.ApplyRecords(record.Reading{At: now, Found: true, App: []record.App{{SessionID: "local_new", Title: "renamed"}}})
	d := s.Snapshot(now.Add(time.Minute))
	if d.SessionsGen == c.SessionsGen {
		t.Fatal("a new title left the generation as it was")
	}
	if got := s.sessionNamesOf(&d)["local_new"]; got != "renamed" {
		t.Fatalf("the restart view's names say %q", got)
	}
}

// TestSnapshotLogAppendedMatchesSorted: the event log a snapshot hands
// over, built by appending the lines added to the last one's, is the
// ring's lines in stable time order, whatever came (in order, late, more
// than the ring holds), and no earlier snapshot's list changes.
func TestSnapshotLogAppendedMatchesSorted(t *testing.T) {
	l := DefaultLimits()
	l.LogLines = 20
	s := New(l)
	rng := rand.New(rand.NewPCG(52, 2))
	t0 := time.Date(2026, 3, 8, 0, 0, 0, 0, time.UTC)
	at := t0
	type kept struct {
		log  []LogLine
		copy []LogLine
	}
	var earlier []kept
	for step := range 600 {
		for range rng.IntN([]int{1, 3, 8, 25}[rng.IntN(4)]) {
			at = at.Add(time.Duration(rng.IntN(5)) * time.Second)
			when := at
			if rng.IntN(10) == 0 {
				when = at.Add(-time.Duration(rng.IntN(60)) * time.Second) // a later file's older line
			}
			s.Apply(event.Event{Time: when, Kind: event.KindSessionStart, Session: fmt.Sprintf("local_%d", step), Cwd: "/p/x"})
		}
		if rng.IntN(3) == 0 {
			continue // lines added between two snapshots
		}
		snap := s.Snapshot(at)
		r := s.log
		want := make([]LogLine, 0, r.Len())
		for i := range r.Len() {
			want = append(want, r.At(i).line)
		}
		slices.SortStableFunc(want, logByTime)
		if !reflect.DeepEqual(snap.Log, want) {
			t.Fatalf("step %d: the log handed over is not the ring in time order:\n got %v\nwant %v", step, logTimes(snap.Log), logTimes(want))
		}
		if cap(snap.Log) != len(snap.Log) {
			t.Fatalf("step %d: a snapshot's log has room to append into (%d of %d)", step, len(snap.Log), cap(snap.Log))
		}
		earlier = append(earlier, kept{snap.Log, slices.Clone(snap.Log)})
		for i, e := range earlier {
			if !reflect.DeepEqual(e.log, e.copy) {
				t.Fatalf("step %d: the log of snapshot %d changed", step, i)
			}
		}
	}
}

func logTimes(ls []LogLine) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Event.Time.Format("15:04:05") + " " + l.Event.Session
	}
	return out
}
