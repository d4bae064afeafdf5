package governor

import (
	"fmt"
	"github.com/coworktop/coworktop/event"
	"runtime"
	"slices"
	"sort"
	"testing"
	"time"
)

var start = time.Date(2026, 9, 30, 10, 0, 0, 0, time.UTC)

// distinctSessions applies n sessions' lives, each with its own id: start,
// focus, a turn, an eviction and its pause, an app restart every 10 000
// sessions. It returns the events applied.
func distinctSessions(s *State, n int) int {
	events := 0
	apply := func(e event.Event) { s.Apply(e); events++ }
	for i := range n {
		ts := start.Add(time.Duration(i) * time.Second)
		id := fmt.Sprintf("local_%08d", i)
		apply(event.Event{Time: ts, Kind: event.KindSessionStart, Session: id, Cwd: "/p/x"})
		apply(event.Event{Time: ts, Kind: event.KindFocus, Session: id})
		apply(event.Event{Time: ts, Kind: event.KindTurnEnd, Session: id})
		if i%3 == 0 {
			apply(event.Event{Time: ts, Kind: event.KindAtCap, Verb: event.VerbEvicting, Session: id, IdleS: 90, Reason: event.ReasonWarm})
		}
		if i%2 == 0 {
			apply(event.Event{Time: ts, Kind: event.KindPause, Session: id, Reason: event.ReasonGovernorEvict})
		}
		if i%10000 == 9999 {
			apply(event.Event{Time: ts, Kind: event.KindAppStart, Detail: &event.EventDetail{Version: "1.0"}})
		}
	}
	return events
}

// perEvent is the pruning work and the allocations per event over n
// distinct sessions.
func perEvent(n int) (work, allocs float64) {
	s := New(DefaultLimits())
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	events := distinctSessions(s, n)
	runtime.ReadMemStats(&after)
	return float64(s.pruneWork) / float64(events), float64(after.Mallocs-before.Mallocs) / float64(events)
}

// TestDistinctSessionsScaleLinearly: a month of logs names hundreds of
// sessions, hostile input millions. The cost per event at 1 M sessions must
// stay within 2× of the cost at 100 k, and the pruning work per event must
// not depend on the bounds. Counted in work and allocations, not in time,
// so a busy machine cannot fail it.
func TestDistinctSessionsScaleLinearly(t *testing.T) {
	big := 1_000_000
	if testing.Short() || raceEnabled { // 1 M takes 2 s, ten times that under -race
		big = 300_000
	}
	w1, a1 := perEvent(100_000)
	w2, a2 := perEvent(big)
	t.Logf("per event: %.3f sessions visited, %.2f allocations at 100k; %.3f, %.2f at %d", w1, a1, w2, a2, big)
	if w2 > 2*w1 || a2 > 2*a1 {
		t.Errorf("per-event cost grows with the number of sessions: work %.3f → %.3f, allocations %.2f → %.2f", w1, w2, a1, a2)
	}
	// Each pass visits the m sessions of a map that has grown by at least
	// m/2 since the last one: at most 2 visits per new session. The old
	// rescan-per-session visited the whole bound (hundreds) every time.
	if w2 > 2 {
		t.Errorf("pruning visits %.2f sessions per event, want amortised O(1) (≤ 2)", w2)
	}
}

// TestPruneKeepsTheNewestEnded: the lazy pass keeps what an eager prune
// kept, and the snapshot never shows more than the bound.
func TestPruneKeepsTheNewestEnded(t *testing.T) {
	l := DefaultLimits()
	l.EndedSessions = 10
	s := New(l)
	for i := range 57 {
		id := fmt.Sprintf("local_%03d", i)
		ts := start.Add(time.Duration(i) * time.Second)
		s.Apply(event.Event{Time: ts, Kind: event.KindSessionStart, Session: id})
		if i%4 != 0 {
			s.Apply(event.Event{Time: ts, Kind: event.KindPause, Session: id, Reason: event.ReasonUser})
		}
	}
	snap := s.Snapshot(start.Add(10 * time.Minute)) // within StaleAfter of the newest line
	live, ended := 0, []string{}
	for _, v := range snap.Sessions {
		if v.Live() {
			live++
		} else {
			ended = append(ended, v.ID)
		}
	}
	if live != 15 || len(ended) != 10 || ended[0] != "local_055" || ended[9] != "local_043" {
		t.Fatalf("want 15 live and the 10 newest ended (local_055 … local_043, every fourth live), got %d live, ended %v", live, ended)
	}
	if len(snap.IdleRanking) != 15 {
		t.Fatalf("idle ranking holds the live sessions: %d", len(snap.IdleRanking))
	}
}

// BenchmarkDistinctSessions is a report over a log that names a new
// session every few lines: ns/event must not grow with the count.
func BenchmarkDistinctSessions(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			events := 0
			for range b.N {
				events += distinctSessions(New(DefaultLimits()), n)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(events), "ns/event")
		})
	}
}

// TestSessionOrderIsTheViewOrder: sorting keys and indices gives exactly the
// order the views themselves sort in (live first, newest first, then id; the
// ranking longest idle first, then id), ties and far years included.
func TestSessionOrderIsTheViewOrder(t *testing.T) {
	s := New(DefaultLimits())
	now := start.Add(time.Hour)
	for i := range 300 {
		id := fmt.Sprintf("local_%03d", (i*7919)%300)
		ts := start.Add(time.Duration(i%17) * time.Minute)
		switch i % 5 {
		case 0:
			ts = time.Date(2300+i, 1, 1, 0, 0, 0, 0, time.UTC) // past UnixNano's range, and in the future
		case 1:
			ts = start // many ties
		}
		s.Apply(event.Event{Time: ts, Kind: event.KindSessionStart, Session: id})
		if i%3 == 0 {
			s.Apply(event.Event{Time: ts, Kind: event.KindPause, Session: id, Reason: event.ReasonUser})
		}
	}
	snap := s.Snapshot(now)
	want := slices.Clone(snap.Sessions)
	sort.SliceStable(want, func(i, j int) bool {
		a, b := want[i], want[j]
		if a.Live() != b.Live() {
			return a.Live()
		}
		if !a.LastActivity.Equal(b.LastActivity) {
			return a.LastActivity.After(b.LastActivity)
		}
		return a.ID < b.ID
	})
	if !slices.EqualFunc(want, snap.Sessions, func(a, b SessionView) bool { return a.ID == b.ID }) {
		t.Fatalf("sessions out of order")
	}
	rank := slices.Clone(snap.IdleRanking)
	sort.SliceStable(rank, func(i, j int) bool {
		if rank[i].Idle != rank[j].Idle {
			return rank[i].Idle > rank[j].Idle
		}
		return rank[i].ID < rank[j].ID
	})
	if len(rank) == 0 || !slices.EqualFunc(rank, snap.IdleRanking, func(a, b SessionView) bool { return a.ID == b.ID }) {
		t.Fatalf("idle ranking out of order (%d live)", len(rank))
	}
}
