package governor

import (
	"slices"
	"strings"
)

// State.ended holds the map's ended sessions in the Sessions order turned
// round (last activity, oldest first, then id from the last), kept as
// sessions end and come back, so a snapshot takes the newest it keeps
// from its tail instead of sorting the whole map at every refresh: the
// map holds up to twice the ended bound between prunes, and the live
// view's CPU grew with it over a simulated day (issue 52). A session's
// last activity changes only as it comes back (touch, touchIdle) or when
// a refused warm puts it back as it was (returns.go), which takes it out
// and puts it in again.
//
// Oldest first, because a session that ends was most often active more
// lately than those that ended before it: it goes at or near the tail.
// Newest first, every end moved the whole list of pointers up by one,
// through the collector's write barrier while a collection ran, and a
// month that names a new session every 50 entries ends 23 000 (issue 49).

// addEnded puts a session that has just ended in its place.
func (s *State) addEnded(sess *session) {
	i, _ := slices.BinarySearchFunc(s.ended, sess, endedKept)
	s.ended = slices.Insert(s.ended, i, sess)
	sess.inEnded = true
	s.endedChanged()
}

// addEndedAll puts sessions that have just ended together (an app start,
// a quit) in their places: sorted and merged, not inserted one by one
// (a hostile log's thousand live sessions end at once).
func (s *State) addEndedAll(ended []*session) {
	if len(ended) == 0 {
		return
	}
	s.endedChanged()
	add := slices.SortedFunc(slices.Values(ended), endedKept)
	merged := make([]*session, 0, len(s.ended)+len(add))
	i, j := 0, 0
	for i < len(s.ended) && j < len(add) {
		if endedKept(s.ended[i], add[j]) <= 0 {
			merged = append(merged, s.ended[i])
			i++
		} else {
			add[j].inEnded = true
			merged = append(merged, add[j])
			j++
		}
	}
	for _, sess := range add[j:] {
		sess.inEnded = true
	}
	s.ended = append(append(merged, s.ended[i:]...), add[j:]...)
}

// dropEnded takes a session out of the ended order, if it is in it:
// found by identity, as its last activity may already have moved, from
// the tail, where the sessions that come back most often are.
func (s *State) dropEnded(sess *session) {
	if !sess.inEnded {
		return
	}
	sess.inEnded = false
	s.endedChanged()
	for i := len(s.ended) - 1; i >= 0; i-- {
		if s.ended[i] == sess {
			s.ended = slices.Delete(s.ended, i, i+1)
			return
		}
	}
}

// keepEnded drops the sessions prune forgot.
func (s *State) keepEnded() {
	s.endedChanged()
	s.ended = slices.DeleteFunc(s.ended, func(sess *session) bool { return s.sessions[sess.id] != sess })
}

// newestEnded is the newest n of State.ended, newest first: the Sessions
// order's ended part, appended to order.
func (s *State) newestEnded(order []*session, n int) []*session {
	for i := len(s.ended) - 1; i >= len(s.ended)-n; i-- {
		order = append(order, s.ended[i])
	}
	return order
}

// endedOrder is sessionKey.compare for two ended sessions.
func endedOrder(a, b *session) int {
	if c := b.lastActivity.Compare(a.lastActivity); c != 0 {
		return c
	}
	return strings.Compare(a.id, b.id)
}

// endedKept is State.ended's order: endedOrder turned round.
func endedKept(a, b *session) int { return endedOrder(b, a) }
