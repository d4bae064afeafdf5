package event

// Route names the governor State method that folds a kind of event in:
// the kind table's route (kinds.go, Kind.Route). governor's apply is a
// switch of direct calls on it, not a function value, so the compiler sees
// that the event does not escape: through a function value, every event
// copied by Apply went to the heap (BenchmarkApply: 100,060 allocations a
// run against 59).
type Route uint8

// The routes, each for one or more kinds; RouteNone (the zero value)
// applies nothing of its own. A new kind takes an existing route, or a new
// constant here and its case in governor's apply (governor/apply.go).
const (
	RouteNone Route = iota
	RouteGovernor
	RouteSession
	RouteEnd
	RouteApp
	RouteAppLifecycle
	RouteMCPGone
	RouteRemoteState
	RouteService
	RouteMemory
	RouteStall
	RouteRendererGone
	RouteRateLimit
	RouteVM
	RouteDaemon
)
