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
// than drawing it. The ended rows are copied from the block kept between
// snapshots (session_ended_views.go), their idle time set.
func (s *State) sessionViews(now time.Time, stale bool) (views, ranking []SessionView, live int) {
	order := s.liveOrder()
	ended := min(len(s.ended), s.limits.EndedSessions)
	m := &s.snapMemo
	if len(order)+ended > s.limits.EndedSessions+maxLiveSessions {
		views, live = s.viewsOf(s.keepSessions(s.sessionOrder()), now, stale) // hostile input only
		m.listLive, m.listBlock = len(views), nil
	} else {
		block := s.endedViews(ended)
		m.listLive, m.listBlock = len(order), block
		views = make([]SessionView, len(order)+len(block))
		live = s.liveViewsInto(views, order, now, stale)
		rows := views[len(order):]
		for i := range block { // one pass: a copy() and then the idle times read the rows twice
			rows[i] = block[i]
			rows[i].Idle = max(0, now.Sub(rows[i].LastActivity))
		}
	}
	if endedViewsCheck != nil {
		endedViewsCheck(s, now, stale, views)
	}
	return views, s.idleRanking(views, live), live
}

// endedViewsCheck, set by the package's tests, checks every list
// sessionViews makes against one built anew.
var endedViewsCheck func(s *State, now time.Time, stale bool, views []SessionView)

// viewsOf is the rows of order, each built anew, with the number live.
func (s *State) viewsOf(order []*session, now time.Time, stale bool) ([]SessionView, int) {
	views := make([]SessionView, len(order))
	live := 0
	for i, sess := range order {
		if !sess.live() {
			views[i] = s.endedView(sess)
			views[i].Idle = max(0, now.Sub(sess.lastActivity))
			continue
		}
		live += s.liveViewsInto(views[i:i+1], order[i:i+1], now, stale)
	}
	return views, live
}

// liveViewsInto sets views[i] to the row of order[i], a live session, and
// says how many are live.
func (s *State) liveViewsInto(views []SessionView, order []*session, now time.Time, stale bool) (live int) {
	for i, sess := range order {
		views[i] = sess.view(now)
		s.joinRecords(&views[i])
		if stale {
			silence(&views[i], now.Sub(s.last))
		}
		if views[i].Live() {
			live++
		}
	}
	return live
}

// idleRanking is the live rows, the first live of views, longest idle
// first, then by id.
func (s *State) idleRanking(views []SessionView, live int) []SessionView {
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
	ranking := make([]SessionView, live)
	for k, i := range idx {
		ranking[k] = views[i]
	}
	return ranking
}

// liveOrder is State.live in the Sessions order (last activity, newest
// first, then id).
func (s *State) liveOrder() []*session {
	keyed := make([]sessionKey, 0, len(s.live))
	for _, sess := range s.live {
		keyed = append(keyed, sessionKey{live: true, sec: sess.lastActivity.Unix(), nsec: int32(sess.lastActivity.Nanosecond()), sess: sess})
	}
	slices.SortFunc(keyed, sessionKey.compare)
	order := make([]*session, len(keyed), len(keyed)+min(len(s.ended), s.limits.EndedSessions))
	for i, k := range keyed {
		order[i] = k.sess
	}
	return order
}

// sessionOrder is the map's sessions in the Sessions order, the ended
// ones cut to those keepSessions keeps of them: the live sorted (a few
// dozen), then the tail of State.ended, kept in order as sessions end.
func (s *State) sessionOrder() []*session {
	order := s.liveOrder()
	return s.newestEnded(order, min(len(s.ended), s.limits.EndedSessions))
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
