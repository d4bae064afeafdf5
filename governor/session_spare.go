package governor

import "time"

// The sessions prune forgets are used again for the sessions that come
// after them: a month that names a new session every 50 entries made
// 23 000 sessions of 288 bytes in report, a fifth of all it allocated
// (issue 49), while the map never holds more than a few hundred.
//
// A forgotten session may still be held by the code that applies the
// event that forgot it, so it waits in State.forgotten until the next
// event begins (recycleForgotten), when nothing holds one but a warm's
// undo (returns.go), whose session is left alone.

// maxSpareSessions bounds the sessions kept for use again: a prune
// forgets about EndedSessions at a time.
const maxSpareSessions = 512

// keepForgotten takes a session forget has just dropped from the map.
func (s *State) keepForgotten(sess *session) {
	if len(s.forgotten) < maxSpareSessions {
		s.forgotten = append(s.forgotten, sess)
	}
}

// recycleForgotten makes the sessions forgotten since the last event ready
// for use again; ApplyEvent calls it before anything else.
func (s *State) recycleForgotten() {
	for _, sess := range s.forgotten {
		if sess != s.warm.sess && len(s.spare) < maxSpareSessions {
			s.spare = append(s.spare, sess)
		}
	}
	clear(s.forgotten)
	s.forgotten = s.forgotten[:0]
}

// newSession is a session first seen at t: a spare one made new, or a
// new one.
func (s *State) newSession(id string, t time.Time) *session {
	n := len(s.spare)
	if n == 0 {
		return &session{id: id, state: StateWorking, firstSeen: t, lastActivity: t}
	}
	sess := s.spare[n-1]
	s.spare[n-1] = nil
	s.spare = s.spare[:n-1]
	*sess = session{id: id, state: StateWorking, firstSeen: t, lastActivity: t}
	return sess
}
