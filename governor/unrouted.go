package governor

import "github.com/coworktop/coworktop/event"

// unroutedKinds remembers the kinds that reached a route of the kind table
// (apply.go), or a route's own switch on the kind, with no case there: a
// kind sent to a method that would do nothing with it, silently. Every such
// switch has a default that calls unrouted. Nothing in the outputs reads it;
// TestEveryKindReachesItsRoute (apply_route_test.go) fails while any kind
// is here. A fixed array: no allocation, nothing that grows.
type unroutedKinds [event.KindCount]bool

// unrouted is the default of every route's switch on the kind.
func (s *State) unrouted(e *event.Event) {
	if int(e.Kind) < len(s.unroutedKinds) {
		s.unroutedKinds[e.Kind] = true
	}
}
