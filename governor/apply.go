package governor

// applyBy names the State method that folds a kind of event in: the kind
// table's apply (kinds.go). A switch of direct calls, not a function value,
// so the compiler sees that the event does not escape: through a function
// value, every event copied by Apply went to the heap (BenchmarkApply:
// 100,060 allocations a run against 59).
type applyBy uint8

// The methods, each a route for one or more kinds; byNone (the zero value)
// applies nothing of its own. A new kind takes an existing route, or a new
// constant here and its case in apply.
const (
	byNone applyBy = iota
	byGovernor
	bySession
	byEnd
	byApp
	byAppLifecycle
	byMCPGone
	byRemoteState
	byService
	byMemory
	byStall
	byRendererGone
	byRateLimit
	byVM
	byDaemon
)

// apply hands e to the State method of its route.
func (s *State) apply(by applyBy, e *Event) {
	switch by {
	case byGovernor:
		s.applyGovernor(e)
	case bySession:
		s.applySession(e)
	case byEnd:
		s.applyEnd(e)
	case byApp:
		s.applyApp(e)
	case byAppLifecycle:
		s.applyAppLifecycle(e)
	case byMCPGone:
		s.applyMCPGone(e)
	case byRemoteState:
		s.applyRemoteState(e)
	case byService:
		s.applyService(e)
	case byMemory:
		s.applyMemory(e)
	case byStall:
		s.applyStall(e)
	case byRendererGone:
		s.applyRendererGone(e)
	case byRateLimit:
		s.applyRateLimit(e)
	case byVM:
		s.applyVM(e)
	case byDaemon:
		s.applyDaemon(e)
	case byNone:
		// The kind changes nothing beyond what every event does.
	default:
		s.unrouted(e)
	}
}
