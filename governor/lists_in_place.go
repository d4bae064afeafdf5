package governor

// The report lists every eviction, crash and loss the bounds keep (up to
// Limits.Evictions of each). Evictions, Crashes and Losses return copies,
// which a report made, read once and dropped: in a month that names a new
// session every 50 entries, 1.7 MB of fresh heap at the end of the run
// (issue 49). These read the same items, in the same order and with the
// same figures, in place.

// EvictionsLen is how many evictions Evictions returns.
func (s *State) EvictionsLen() int { return s.evictions.Len() }

// EachEviction calls fn with each eviction Evictions returns, in its
// order, and returns how many older ones were not kept. fn reads the
// item in place: it must not keep or change it.
func (s *State) EachEviction(fn func(*Outcome)) (hidden int) {
	for i := range s.evictions.Len() {
		fn(s.evictions.At(i))
	}
	return s.evictionsHidden
}

// CrashesLen is how many crashes Crashes returns.
func (s *State) CrashesLen() int { return s.crashes.Len() }

// EachCrash calls fn with each crash Crashes returns, in its order, and
// returns how many older ones were not kept. fn reads the item in place:
// it must not keep or change it.
func (s *State) EachCrash(fn func(*Crash)) (hidden int) {
	for i := range s.crashes.Len() {
		fn(s.crashes.At(i))
	}
	return s.crashesHidden
}

// LossesLen is how many losses Losses returns.
func (s *State) LossesLen() int { return s.loss.list.Len() }

// EachLoss calls fn with each loss Losses returns, in its order and as
// it returns it (Back filled in), and returns how many older ones were
// not kept. The item is a copy made for the call: fn must not keep it.
func (s *State) EachLoss(fn func(*Loss)) (hidden int) {
	s.orderLosses()
	var l Loss
	for i := range s.loss.list.Len() {
		l = *s.loss.list.At(i)
		s.markBackOne(&l)
		fn(&l)
	}
	return s.loss.hidden
}
