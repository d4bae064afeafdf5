package governor

import (
	"cmp"
	"slices"
	"strings"
	"time"
)

// sessionViews lists the sessions the bounds keep, live first and then the
// most recently active first, and the live ones longest idle first, with
// the number live. Sessions are ordered as pointers and indices, never by
// moving views about: sorting a thousand views in place cost a frame more
// than drawing it.
func (s *State) sessionViews(now time.Time, stale bool) (views, ranking []SessionView, live int) {
	order := s.keepSessions(s.sessionOrder())
	views = make([]SessionView, len(order))
	for i, sess := range order {
		if !sess.live() {
			s.endedViewInto(&views[i], sess, now)
			continue
		}
		sess.endedView = nil
		views[i] = sess.view(now)
		s.joinRecords(&views[i])
		if stale {
			silence(&views[i], now.Sub(s.last))
		}
		if views[i].Live() {
			live++
		}
	}
	idx := make([]int32, live)
	for i := range idx {
		idx[i] = int32(i)
	}
	slices.SortFunc(idx, func(i, j int32) int {
		a, b := &views[i], &views[j]
		if c := cmp.Compare(b.Idle, a.Idle); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	ranking = make([]SessionView, live)
	for k, i := range idx {
		ranking[k] = views[i]
	}
	return views, ranking, live
}

// sessionOrder is the map's sessions in the Sessions order, the ended
// ones cut to those keepSessions keeps of them: the live sorted (a few
// dozen), then the tail of State.ended, kept in order as sessions end.
func (s *State) sessionOrder() []*session {
	keyed := make([]sessionKey, 0, len(s.live))
	for _, sess := range s.live {
		keyed = append(keyed, sessionKey{live: true, sec: sess.lastActivity.Unix(), nsec: int32(sess.lastActivity.Nanosecond()), sess: sess})
	}
	slices.SortFunc(keyed, sessionKey.compare)
	ended := min(len(s.ended), s.limits.EndedSessions)
	order := make([]*session, len(keyed), len(keyed)+ended)
	for i, k := range keyed {
		order[i] = k.sess
	}
	return s.newestEnded(order, ended)
}

// sessionKey is what the Sessions order compares (live first, then by last
// activity, newest first, then by id), next to the session: a thousand
// sessions sort in cache instead of through a thousand pointers.
type sessionKey struct {
	live bool
	nsec int32 // last activity: Unix seconds and nanoseconds (UnixNano
	sec  int64 // overflows outside 1678-2262, and log text can say any year)
	sess *session
}

func (a sessionKey) compare(b sessionKey) int {
	if a.live != b.live {
		if a.live {
			return -1
		}
		return 1
	}
	if c := cmp.Compare(b.sec, a.sec); c != 0 {
		return c
	}
	if c := cmp.Compare(b.nsec, a.nsec); c != 0 {
		return c
	}
	return strings.Compare(a.sess.id, b.sess.id)
}

// keepSessions cuts sessions in the Sessions order (sessionKey) to those an eager
// prune would have kept: pruneEnded lets the map grow to twice its bound
// between passes, and what the user sees must not depend on when the last
// pass ran.
func (s *State) keepSessions(v []*session) []*session {
	live := 0
	for live < len(v) && v[live].live() {
		live++
	}
	v = v[:live+min(len(v)-live, s.limits.EndedSessions)]
	limit := s.limits.EndedSessions + maxLiveSessions
	if len(v) <= limit {
		return v
	}
	// Hostile input only: the least recently active go, live or not.
	order := slices.Clone(v)
	slices.SortFunc(order, newestFirst)
	cut := order[limit-1]
	return slices.DeleteFunc(v, func(x *session) bool { return newestFirst(x, cut) > 0 })
}
