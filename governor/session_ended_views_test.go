package governor

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/record"
)

// Every list of sessions a test's snapshot makes is checked against one
// built anew, without the ended rows' block (issue 52): whatever a test
// drives a State through, the block must never show a row the sessions
// no longer say. Benchmarks measure the list as shipped, unchecked.
func init() { endedViewsCheck = checkEndedViews }

func checkEndedViews(s *State, now time.Time, stale bool, views []SessionView) {
	if f := flag.Lookup("test.bench"); f != nil && f.Value.String() != "" {
		return
	}
	if d := sessionsDiff(views, s.freshViews(now, stale)); d != "" {
		panic("the ended rows' block differs from the rows built anew: " + d)
	}
}

// sessionsDiff says where got and want differ, "" when they do not.
func sessionsDiff(got, want []SessionView) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d sessions listed, %d built anew", len(got), len(want))
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) {
			return fmt.Sprintf("row %d (%s):\nlisted %+v\nanew   %+v", i, want[i].ID, got[i], want[i])
		}
	}
	return ""
}

// TestEndedBlockMatchesFresh drives a State with a small ended bound
// through sessions starting, ending, evicted, back, refused warms, app
// starts, quits that turn out update restarts, readings that rename ended sessions, and prunes, and compares
// every snapshot's Sessions with the list built anew, its rows' index
// (rowsOf) with their places, and its generation with its names.
func TestEndedBlockMatchesFresh(t *testing.T) {
	l := DefaultLimits()
	l.EndedSessions = 12
	s := New(l)
	now := time.Date(2026, 3, 8, 9, 0, 0, 0, time.UTC)
	rng := rand.New(rand.NewPCG(52, 2))
	ids := make([]string, 80)
	for i := range ids {
		ids[i] = fmt.Sprintf("local_%08x-0000-4000-8000-%012x", i, i)
	}
	reading := func() record.Reading {
		r := record.Reading{At: now, Found: rng.IntN(8) != 0}
		for k := range rng.IntN(10) {
			id := ids[rng.IntN(len(ids))]
			r.App = append(r.App, record.App{SessionID: id, Title: fmt.Sprintf("title %d", rng.IntN(4))})
			if rng.IntN(2) == 0 {
				r.Code = append(r.Code, record.Code{Pid: 100 + k, HostSessionID: id, Name: fmt.Sprintf("name %d", rng.IntN(3))})
			}
		}
		return r
	}
	rebuilt := 0
	var prevGen uint64
	var prevKeys []nameKey
	for step := range 3000 {
		now = now.Add(time.Duration(rng.IntN(40)) * time.Second)
		id := ids[rng.IntN(len(ids))]
		switch rng.IntN(13) {
		case 0, 1:
			s.Apply(event.Event{Time: now, Kind: event.KindSessionStart, Session: id, Cwd: fmt.Sprintf("/p/%d", step%5)})
		case 2:
			s.Apply(event.Event{Time: now, Kind: event.KindPause, Session: id, Reason: event.ReasonGovernorEvict})
		case 3:
			s.Apply(event.Event{Time: now, Kind: event.KindPause, Session: id, Reason: event.ReasonOther, Detail: &event.EventDetail{ReasonText: fmt.Sprint("other ", step)}})
		case 4:
			s.Apply(event.Event{Time: now, Kind: event.KindIdleTimeout, Session: id})
		case 5:
			s.Apply(event.Event{Time: now, Kind: event.KindTurnEnd, Session: id})
		case 6: // a warm of an ended session, refused or not
			s.Apply(event.Event{Time: now, Kind: event.KindWarming, Session: id})
			if rng.IntN(2) == 0 {
				s.Apply(event.Event{Time: now, Kind: event.KindYield, Reason: event.ReasonWarm})
			}
		case 7:
			s.ApplyRecords(reading())
		case 8: // the same records again, or a title changed
			if r := s.records.latest; r != nil {
				c := *r
				c.App = append([]record.App(nil), r.App...)
				if len(c.App) > 0 && rng.IntN(2) == 0 {
					c.App[rng.IntN(len(c.App))].Title = fmt.Sprint("renamed ", step)
				}
				s.ApplyRecords(c)
			}
		case 9:
			s.Apply(event.Event{Time: now, Kind: event.KindAppStart, Detail: &event.EventDetail{Version: "1.0"}})
		case 10: // a new session: the map grows to its prune
			s.Apply(event.Event{Time: now, Kind: event.KindSessionStart, Session: fmt.Sprintf("new-%d", step)})
		case 11:
			s.Apply(event.Event{Time: now, Kind: event.KindIdleTimer, Session: id, TimeoutS: 60})
		case 12: // a quit, a snapshot, and the line saying it was an update
			s.Apply(event.Event{Time: now, Kind: event.KindAppQuit})
			_ = s.Snapshot(now) // checked by endedViewsCheck
			now = now.Add(time.Second)
			s.Apply(event.Event{Time: now, Kind: event.KindUpdateRestart})
		}
		before := s.endedBlock.views
		snap := s.Snapshot(now)
		if len(before) > 0 && len(s.endedBlock.views) > 0 && &before[0] != &s.endedBlock.views[0] {
			rebuilt++
		}
		want := s.freshViews(now, snap.Stale)
		got := append([]SessionView(nil), snap.Sessions...)
		for i := range got { // set after the list
			got[i].Memory, got[i].QuotaShare, got[i].Next, got[i].AtRisk, got[i].AtRiskBy = nil, nil, Next{}, RiskNone, nil
		}
		if d := sessionsDiff(got, want); d != "" {
			t.Fatalf("step %d: %s", step, d)
		}
		keys := make([]nameKey, len(snap.Sessions))
		rows := s.rowsOf(&snap)
		for i, v := range snap.Sessions {
			keys[i] = nameKey{v.ID, v.Title, v.Project}
			if r, ok := rows.row(v.ID); !ok || int(r) != i {
				t.Fatalf("step %d: row of %s is %d, %v; listed at %d", step, v.ID, r, ok, i)
			}
		}
		if _, ok := rows.row("not-listed"); ok {
			t.Fatalf("step %d: a row for a session not listed", step)
		}
		if sameGen := snap.SessionsGen == prevGen; sameGen != slices.Equal(keys, prevKeys) {
			t.Fatalf("step %d: list generation kept %v, names the same %v", step, sameGen, !sameGen)
		}
		prevGen, prevKeys = snap.SessionsGen, keys
	}
	if s.pruneWork == 0 || rebuilt == 0 {
		t.Fatalf("the drive never pruned (%d) or never rebuilt the block (%d)", s.pruneWork, rebuilt)
	}
}

// TestEndedBlockKeptAcrossSnapshots: with nothing about the ended
// sessions changed, a snapshot reuses the block (a new reading of the
// same records included), and the rows it hands over are its own copies.
func TestEndedBlockKeptAcrossSnapshots(t *testing.T) {
	s, now := dayState(t, 12)
	first := s.Snapshot(now)
	block := s.endedBlock.views
	r := *s.records.latest
	r.At = now.Add(time.Second)
	s.ApplyRecords(r)
	s.Apply(event.Event{Time: now.Add(time.Second), Kind: event.KindTurnEnd, Session: first.Sessions[0].ID})
	second := s.Snapshot(now.Add(2 * time.Second))
	if &s.endedBlock.views[0] != &block[0] {
		t.Fatal("the block was built again though no ended session changed")
	}
	n := len(second.Sessions) - len(block)
	if second.Sessions[n].Idle != first.Sessions[len(first.Sessions)-len(block)].Idle+2*time.Second {
		t.Fatalf("idle time not set on the copied rows: %v", second.Sessions[n].Idle)
	}
	second.Sessions[n].Title = "written by a reader"
	if block[0].Title == "written by a reader" {
		t.Fatal("a snapshot's rows share the block")
	}
}

// TestEndedBlockHostile: past EndedSessions+maxLiveSessions sessions the
// list is cut by activity, live or not, and built anew every time; it
// matches the list built anew, its rows are indexed where they are, and
// once an app start has ended them the block serves the ended rows again.
func TestEndedBlockHostile(t *testing.T) {
	l := DefaultLimits()
	l.EndedSessions = 5
	s := New(l)
	now := time.Date(2026, 3, 8, 9, 0, 0, 0, time.UTC)
	for i := range maxLiveSessions + 20 {
		now = now.Add(time.Second)
		s.Apply(event.Event{Time: now, Kind: event.KindSessionStart, Session: fmt.Sprintf("s-%04d", i)})
		if i%100 == 0 {
			s.Apply(event.Event{Time: now, Kind: event.KindPause, Session: fmt.Sprintf("s-%04d", i), Reason: event.ReasonGovernorEvict})
		}
	}
	check := func(what string) {
		t.Helper()
		snap := s.Snapshot(now)
		rows := s.rowsOf(&snap)
		for i, v := range snap.Sessions {
			if r, ok := rows.row(v.ID); !ok || int(r) != i {
				t.Fatalf("%s: row of %s is %d, %v; listed at %d", what, v.ID, r, ok, i)
			}
		}
		if len(snap.Sessions) > l.EndedSessions+maxLiveSessions {
			t.Fatalf("%s: %d rows listed", what, len(snap.Sessions))
		}
	}
	check("hostile")
	if s.snapMemo.listBlock != nil {
		t.Fatal("the hostile list used the block")
	}
	now = now.Add(time.Minute)
	s.Apply(event.Event{Time: now, Kind: event.KindAppStart, Detail: &event.EventDetail{Version: "1.0"}})
	check("after an app start")
	if s.snapMemo.listBlock == nil {
		t.Fatal("the ended rows were built anew with the map back within its bounds")
	}
}
