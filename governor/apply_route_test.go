package governor

import (
	"github.com/coworktop/coworktop/event"
	"testing"
	"time"
)

// routeEvent is one event of kind k, as a parser would deliver it: a time,
// a session, a file of its family, and a sample for the memory kind.
func routeEvent(k event.Kind, at time.Time) event.Event {
	e := event.Event{Kind: k, Time: at, Session: "local_0a1b2c3d", File: "main.log", Line: 1, Count: 1}
	if k == event.KindMemorySample {
		e.Memory = &event.MemorySample{TotalMB: 16384, SysFreeMB: 2048}
	}
	return e
}

// TestEveryKindReachesItsRoute sends every kind through ApplyUpdate, each
// into a state that has seen an app start, and fails for a kind whose route
// (or the route's own switch on the kind) has no case for it: without this,
// a kind routed to a method that forgot it did nothing, silently.
func TestEveryKindReachesItsRoute(t *testing.T) {
	at := time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)
	for k := event.Kind(1); k < event.KindCount; k++ {
		s := New(DefaultLimits())
		s.ApplyUpdate(Update{Events: []event.Event{routeEvent(event.KindAppStart, at), routeEvent(k, at.Add(time.Second))}})
		for u, hit := range s.unroutedKinds {
			if hit {
				t.Errorf("%s: its route (apply %d) has no case for %s", k, k.Route(), event.Kind(u))
			}
		}
	}
}

// TestWrongRouteIsCaught: the guard above can fail. A kind handed to a
// route that has no case for it is recorded, on every route that switches
// on the kind.
func TestWrongRouteIsCaught(t *testing.T) {
	at := time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)
	for _, by := range []event.Route{event.RouteGovernor, event.RouteSession, event.RouteEnd, event.RouteApp, event.RouteAppLifecycle, event.RouteService, event.RouteVM, event.RouteDaemon, event.Route(200)} {
		s := New(DefaultLimits())
		e := routeEvent(event.KindMemorySample, at) // routed byMemory: no other route has a case for it
		s.apply(by, &e)
		if !s.unroutedKinds[event.KindMemorySample] {
			t.Errorf("route %d took %s without a case and said nothing", by, event.KindMemorySample)
		}
	}
	for name, sub := range map[string]func(*State, *event.Event){
		"applyPending": (*State).applyPending, "applyQuit": (*State).applyQuit, "applyDaemonRestart": (*State).applyDaemonRestart,
	} {
		s := New(DefaultLimits())
		e := routeEvent(event.KindMemorySample, at)
		sub(s, &e)
		if !s.unroutedKinds[event.KindMemorySample] {
			t.Errorf("%s took %s without a case and said nothing", name, event.KindMemorySample)
		}
	}
}
