package governor

import (
	"slices"
	"strings"
)

// State.ended holds the map's ended sessions in the Sessions order
// (last activity, newest first, then id), kept as sessions end and come
// back, so a snapshot takes the newest it keeps from its head instead of
// sorting the whole map at every refresh: the map holds up to twice the
// ended bound between prunes, and the live view's CPU grew with it over
// a simulated day (issue 52). A session's last activity changes only as
// it comes back (touch, touchIdle) or when a refused warm puts it back as
// it was (returns.go), which takes it out and puts it in again.

// addEnded puts a session that has just ended in its place.
func (s *State) addEnded(sess *session) {
	i, _ := slices.BinarySearchFunc(s.ended, sess, endedOrder)
	s.ended = slices.Insert(s.ended, i, sess)
	sess.inEnded = true
}

// addEndedAll puts sessions that have just ended together (an app start,
// a quit) in their places: sorted and merged, not inserted one by one
// (a hostile log's thousand live sessions end at once).
func (s *State) addEndedAll(ended []*session) {
	if len(ended) == 0 {
		return
	}
	add := slices.SortedFunc(slices.Values(ended), endedOrder)
	merged := make([]*session, 0, len(s.ended)+len(add))
	i, j := 0, 0
	for i < len(s.ended) && j < len(add) {
		if endedOrder(s.ended[i], add[j]) <= 0 {
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
// found by identity, as its last activity may already have moved.
func (s *State) dropEnded(sess *session) {
	if !sess.inEnded {
		return
	}
	sess.inEnded = false
	if i := slices.Index(s.ended, sess); i >= 0 {
		s.ended = slices.Delete(s.ended, i, i+1)
	}
}

// keepEnded drops the sessions prune forgot.
func (s *State) keepEnded() {
	s.ended = slices.DeleteFunc(s.ended, func(sess *session) bool { return s.sessions[sess.id] != sess })
}

// endedOrder is sessionKey.compare for two ended sessions.
func endedOrder(a, b *session) int {
	if c := b.lastActivity.Compare(a.lastActivity); c != 0 {
		return c
	}
	return strings.Compare(a.id, b.id)
}
