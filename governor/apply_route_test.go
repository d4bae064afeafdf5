package governor

import (
	"testing"
	"time"
)

// routeEvent is one event of kind k, as a parser would deliver it: a time,
// a session, a file of its family, and a sample for the memory kind.
func routeEvent(k Kind, at time.Time) Event {
	e := Event{Kind: k, Time: at, Session: "local_0a1b2c3d", File: "main.log", Line: 1, Count: 1}
	if k == KindMemorySample {
		e.Memory = &MemorySample{TotalMB: 16384, SysFreeMB: 2048}
	}
	return e
}

// TestEveryKindReachesItsRoute sends every kind through ApplyUpdate, each
// into a state that has seen an app start, and fails for a kind whose route
// (or the route's own switch on the kind) has no case for it: without this,
// a kind routed to a method that forgot it did nothing, silently.
func TestEveryKindReachesItsRoute(t *testing.T) {
	at := time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)
	for k := Kind(1); k < kindCount; k++ {
		s := New(DefaultLimits())
		s.ApplyUpdate(Update{Events: []Event{routeEvent(KindAppStart, at), routeEvent(k, at.Add(time.Second))}})
		for u, hit := range s.unroutedKinds {
			if hit {
				t.Errorf("%s: its route (apply %d) has no case for %s", k, kinds[k].apply, Kind(u))
			}
		}
	}
}

// TestWrongRouteIsCaught: the guard above can fail. A kind handed to a
// route that has no case for it is recorded, on every route that switches
// on the kind.
func TestWrongRouteIsCaught(t *testing.T) {
	at := time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)
	for _, by := range []applyBy{byGovernor, bySession, byEnd, byApp, byAppLifecycle, byService, byVM, byDaemon, applyBy(200)} {
		s := New(DefaultLimits())
		e := routeEvent(KindMemorySample, at) // routed byMemory: no other route has a case for it
		s.apply(by, &e)
		if !s.unroutedKinds[KindMemorySample] {
			t.Errorf("route %d took %s without a case and said nothing", by, KindMemorySample)
		}
	}
	for name, sub := range map[string]func(*State, *Event){
		"applyPending": (*State).applyPending, "applyQuit": (*State).applyQuit, "applyDaemonRestart": (*State).applyDaemonRestart,
	} {
		s := New(DefaultLimits())
		e := routeEvent(KindMemorySample, at)
		sub(s, &e)
		if !s.unroutedKinds[KindMemorySample] {
			t.Errorf("%s took %s without a case and said nothing", name, KindMemorySample)
		}
	}
}
