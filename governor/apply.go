package governor

import "github.com/coworktop/coworktop/event"

// apply hands e to the State method of its route.
func (s *State) apply(by event.Route, e *event.Event) {
	switch by {
	case event.RouteGovernor:
		s.applyGovernor(e)
	case event.RouteSession:
		s.applySession(e)
	case event.RouteEnd:
		s.applyEnd(e)
	case event.RouteApp:
		s.applyApp(e)
	case event.RouteAppLifecycle:
		s.applyAppLifecycle(e)
	case event.RouteMCPGone:
		s.applyMCPGone(e)
	case event.RouteRemoteState:
		s.applyRemoteState(e)
	case event.RouteService:
		s.applyService(e)
	case event.RouteMemory:
		s.applyMemory(e)
	case event.RouteStall:
		s.applyStall(e)
	case event.RouteRendererGone:
		s.applyRendererGone(e)
	case event.RouteRateLimit:
		s.applyRateLimit(e)
	case event.RouteVM:
		s.applyVM(e)
	case event.RouteDaemon:
		s.applyDaemon(e)
	case event.RouteNone:
		// The kind changes nothing beyond what every event does.
	default:
		s.unrouted(e)
	}
}
