package governor

import (
	"cmp"
	"strings"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

type session struct {
	id           string
	cwd          string
	state        SessionState // working/idle are decided at snapshot time; here "live" is stored as StateWorking
	pauseReason  event.Reason
	pauseText    string // the text of the last ReasonOther pause
	firstSeen    time.Time
	lastActivity time.Time
	timerArmedAt time.Time
	timerTimeout time.Duration
	evictions    int
	// lastEvict is the time of its last eviction (a G2 evicting or G6
	// line, or a pause that stood for one; set with each evictions++), to
	// tell a pause that follows it as the same eviction. On the session,
	// not in a map by id: that cost a string hash per eviction and pause.
	lastEvict     time.Time
	govIdleAt     time.Time // the governor's last line naming it idle (touchIdle)
	remoteControl bool
	crashes       int
	// liveAt is 1 + the session's index in State.live while it is live, 0
	// otherwise: State.setState keeps it. inEnded: it is in State.ended.
	liveAt  int32
	inEnded bool
	// rcAtQuit: Remote Control was on when a quit stopped it; cutAt and
	// cutS: a quit cut the turn it ran (restart.go).
	rcAtQuit bool
	cutS     int32
	cutAt    time.Time
	// restart is its entry in the audit of the update restart that last
	// stopped it (nil: none did).
	restart *restartEntry
	// lossSeq is the sequence number of its loss that has not come back
	// (0: none), lossCause that loss's cause (losses.go).
	lossSeq   uint32
	lossCause LossCause
	// pauseWhy says why its last pause came, beyond its reason (it lost
	// Remote Control to an update restart).
	pauseWhy string
}

func (s *session) live() bool { return s.state == StateWorking || s.state == StateIdle }

// setState sets a session's state and pause reason and keeps State.live,
// the live sessions, in step: an app start or a quit ends those, so it
// costs by the sessions that are live, not by all the map keeps.
func (s *State) setState(sess *session, st SessionState, why event.Reason) {
	sess.state, sess.pauseReason = st, why
	if sess.live() {
		s.addLive(sess)
	} else if sess.liveAt != 0 {
		s.dropLive(sess)
		s.addEnded(sess)
	}
}

func (s *State) addLive(sess *session) {
	if sess.liveAt == 0 {
		s.dropEnded(sess)
		s.live = append(s.live, sess)
		sess.liveAt = int32(len(s.live))
		if sess.restart != nil || sess.lossSeq != 0 || sess.pauseWhy != "" {
			sess.pauseWhy = ""
			s.cameBack(sess, s.evTime, s.evKind)
		}
	}
}

// dropLive takes a session out of State.live (the last one takes its place).
func (s *State) dropLive(sess *session) {
	i, n := sess.liveAt-1, int32(len(s.live))-1
	last := s.live[n]
	s.live[i], last.liveAt = last, i+1
	s.live[n] = nil
	s.live = s.live[:n]
	sess.liveAt = 0
}

// get returns the session, creating it on first sight.
func (s *State) get(id string, t time.Time) *session {
	if sess, ok := s.lookup(id); ok {
		return sess
	}
	sess := s.newSession(id, t)
	s.sessions[id] = sess
	s.addLive(sess)
	s.recent[recentSlot(id)] = sess
	s.pruneEnded() // forget clears the slot if it drops sess
	return sess
}

// lookup is the map's session of id, if it holds one: from its recent
// slot when the slot holds it, which saves hashing the id into the map
// (a line's session is most often the one named just before), and else
// from the map, into the slot. A line that looked up its session first
// and then got it (touch, get) hashed its id into the map twice (issue
// 49).
func (s *State) lookup(id string) (*session, bool) {
	slot := &s.recent[recentSlot(id)]
	if c := *slot; c != nil && c.id == id {
		if !c.live() {
			s.endedChanged() // the line may change what its row says
		}
		return c, true
	}
	sess, ok := s.sessions[id]
	if ok {
		*slot = sess
		if !sess.live() {
			s.endedChanged()
		}
	}
	return sess, ok
}

// recentSlot picks the State.recent slot of a session id by its length
// and last byte.
func recentSlot(id string) int {
	if id == "" {
		return 0
	}
	return (len(id) + int(id[len(id)-1])) & (len(State{}.recent) - 1)
}

// touch records activity: the session is live and its idle time restarts.
func (s *State) touch(id string, t time.Time) *session {
	sess := s.get(id, t)
	if t.After(sess.lastActivity) {
		sess.lastActivity = t
	}
	sess.state, sess.pauseReason = StateWorking, event.ReasonNone
	s.addLive(sess)
	return sess
}

// touchIdle applies a governor-logged idle figure, which is a fact: the
// session's last activity was idle seconds before t.
func (s *State) touchIdle(id string, t time.Time, idleS int) *session {
	sess := s.get(id, t)
	sess.govIdleAt = t
	sess.lastActivity = t.Add(-time.Duration(idleS) * time.Second)
	if sess.firstSeen.After(sess.lastActivity) {
		sess.firstSeen = sess.lastActivity
	}
	if !sess.live() {
		s.setState(sess, StateWorking, event.ReasonNone)
	}
	return sess
}

func (s *State) applySession(e *event.Event) {
	c := &s.counts
	switch e.Kind {
	case event.KindSessionStart:
		c.SessionsStarted++
		sess := s.touch(e.Session, e.Time)
		sess.firstSeen = e.Time
		if e.Cwd != "" {
			sess.cwd = e.Cwd
		}
	case event.KindFocus, event.KindWarming, event.KindTurnEnd, event.KindCycleHealth:
		if isQuitCut(e) { // the quit's own line: the turn it cut, not a session back
			s.cutTurn(e)
			break
		}
		if e.Session != "" {
			s.sessionLine(e) // a session not live comes back only on proof (returns.go)
		}
	case event.KindIdleTimer:
		sess := s.get(e.Session, e.Time)
		sess.timerArmedAt, sess.timerTimeout = e.Time, time.Duration(e.TimeoutS)*time.Second
	case event.KindIdleTimeout:
		c.IdleTimeouts++
		sess := s.get(e.Session, e.Time)
		s.setState(sess, StateDisconnected, event.ReasonIdleTimeout)
		sess.timerArmedAt, sess.timerTimeout = time.Time{}, 0
		idle := int(e.Time.Sub(sess.lastActivity) / time.Second)
		s.outcomes.Push(Outcome{Time: e.Time, Kind: e.Kind, Session: e.Session,
			IdleS: idle, IdleSource: vocab.SourceEstimated, Cause: event.CauseIdleTimeout, File: e.File, Line: e.Line})
		if !sess.remoteControl { // Remote Control vetoes the pause: the process lives on (§7.4)
			why := rcLostWhy(sess, e.Time)
			sess.pauseWhy = why
			notePauseAfterRestart(sess, e)
			s.lost(Loss{Time: e.Time, Session: e.Session, Cause: LossIdleTimeout, File: e.File, Line: e.Line, IdleS: idle, IdleSource: vocab.SourceEstimated, Detail: why, Short: rcLostShort(sess, e.Time)})
		}
	case event.KindPause:
		s.applyPause(e)
	case event.KindStopAll, event.KindPTYKill:
		s.stopAll(e)
	default:
		s.unrouted(e)
	}
}

func (s *State) applyPause(e *event.Event) {
	c := &s.counts
	switch e.Reason {
	case event.ReasonGovernorEvict:
		c.PausedEvict++
	case event.ReasonIdleTimeout:
		c.PausedIdle++
	default:
		c.PausedOther++
	}
	_, known := s.lookup(e.Session)
	created := !known
	sess := s.get(e.Session, e.Time)
	wasLive := sess.live()
	s.setState(sess, StatePaused, e.Reason)
	if e.Reason == event.ReasonOther {
		sess.pauseText = e.ReasonText()
	}
	sess.remoteControl = false // protected until it is paused
	defer s.pruneEnded()
	if e.Reason == event.ReasonIdleTimeout {
		if why := rcLostWhy(sess, e.Time); why != "" {
			sess.pauseWhy = why
			notePauseAfterRestart(sess, e)
		}
		if wasLive {
			s.lost(Loss{Time: e.Time, Session: e.Session, Cause: LossIdleTimeout, File: e.File, Line: e.Line, Detail: sess.pauseWhy, Short: rcLostShort(sess, e.Time)})
		}
	}
	if e.Reason != event.ReasonGovernorEvict {
		return
	}
	// A pause for governor_evict right after the governor's own eviction line
	// is the same eviction; one without such a line is an eviction whose cause
	// the log does not say.
	if at := sess.lastEvict; sess.evictions > 0 && !e.Time.Before(at) && e.Time.Sub(at) <= explainWindow {
		return
	}
	// The log gives no idle figure here: coworktop's own estimate, from the
	// session's last activity line, when it saw one.
	idle, src := 0, vocab.SourceUnknown
	if wasLive && !created {
		idle, src = int(e.Time.Sub(sess.lastActivity)/time.Second), vocab.SourceEstimated
	}
	sess.evictions++
	sess.lastEvict = e.Time
	s.recordEviction(Outcome{Time: e.Time, Kind: e.Kind, Session: e.Session, IdleS: idle, IdleSource: src, Cause: event.CauseUnknown, Eviction: true, File: e.File, Line: e.Line})
}

// endAllSessions ends every live session: a walk of State.live, not of
// the map.
func (s *State) endAllSessions(why event.Reason) {
	for _, sess := range s.live {
		sess.state, sess.pauseReason, sess.liveAt = StateDisconnected, why, 0
		sess.timerArmedAt, sess.timerTimeout = time.Time{}, 0
	}
	s.addEndedAll(s.live)
	clear(s.live)
	s.live = s.live[:0]
	s.pruneEnded()
}

// pruneEnded bounds the session map. A real app has a few dozen live
// sessions and a month of logs hundreds of ended ones; hostile input could
// name a million "live" ones. Rescanning the map on every new session or
// pause made that quadratic in the bound, so the map is pruned in one pass
// only when it reaches pruneAt, twice its size after the last pass: each pass
// visits m sessions after at least m/2 were added, amortised O(1) per event.
// Between passes the map may hold up to twice its bound; Snapshot shows only
// what the bound allows (keepSessions).
func (s *State) pruneEnded() {
	if len(s.sessions) < max(s.pruneAt, 2*s.limits.EndedSessions, 16) {
		return
	}
	s.prune()
	s.pruneAt = 2 * len(s.sessions)
}

// prune keeps the newest Limits.EndedSessions ended sessions and, past
// EndedSessions+maxLiveSessions in all, drops the least recently active.
// What goes is found by selection (newestFirst's order, by a key of plain
// integers), not by sorting every session: a month of logs names a new
// session every few minutes, so this runs every couple of hundred
// sessions, and only the line between kept and dropped matters.
func (s *State) prune() {
	all, ended := s.pruneBuf[:0], 0
	for _, sess := range s.sessions {
		if !sess.live() {
			ended++
		}
		all = append(all, activityKeyOf(sess))
	}
	s.pruneWork += len(all)
	limit := s.limits.EndedSessions + maxLiveSessions
	keys := all
	if ended > s.limits.EndedSessions {
		// The ended first, then the E newest of them kept and the rest gone.
		e := 0
		for i, k := range keys {
			if !k.sess.live() {
				keys[e], keys[i] = keys[i], keys[e]
				e++
			}
		}
		selectNewest(keys[:ended], s.limits.EndedSessions)
		for _, k := range keys[s.limits.EndedSessions:ended] {
			s.forget(k.sess)
		}
		keys = append(keys[:s.limits.EndedSessions], keys[ended:]...)
	}
	if len(keys) > limit {
		selectNewest(keys, limit)
		for _, k := range keys[limit:] {
			s.forget(k.sess)
		}
	}
	clear(all) // the scratch must not keep forgotten sessions alive
	s.pruneBuf = all[:0]
	s.keepEnded()
}

// selectNewest reorders keys so that its first k are the k newest in
// newestKeyFirst's order (among themselves in no order): a quickselect.
// The keys are in the map's order, which Go randomises, so the middle
// pivot meets no order a log could arrange.
func selectNewest(keys []activityKey, k int) {
	lo, hi := 0, len(keys)-1
	for lo < hi {
		p := keys[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for newestKeyFirst(keys[i], p) < 0 {
				i++
			}
			for newestKeyFirst(keys[j], p) > 0 {
				j--
			}
			if i <= j {
				keys[i], keys[j] = keys[j], keys[i]
				i, j = i+1, j-1
			}
		}
		switch { // keys[lo..j] come before p, keys[i..hi] after, those between equal it
		case k-1 <= j:
			hi = j
		case k-1 >= i:
			lo = i
		default:
			return
		}
	}
}

// activityKey is a session's last activity as integers, for prune's sort:
// newestFirst's order at a fraction of a time.Time compare.
type activityKey struct {
	sec  int64
	nsec int32
	sess *session
}

func activityKeyOf(sess *session) activityKey {
	return activityKey{sess.lastActivity.Unix(), int32(sess.lastActivity.Nanosecond()), sess}
}

// newestKeyFirst is newestFirst on keys.
func newestKeyFirst(a, b activityKey) int {
	if a.sec != b.sec {
		return cmp.Compare(b.sec, a.sec)
	}
	if a.nsec != b.nsec {
		return cmp.Compare(b.nsec, a.nsec)
	}
	return strings.Compare(a.sess.id, b.sess.id)
}

func (s *State) forget(sess *session) {
	if slot := &s.recent[recentSlot(sess.id)]; *slot == sess {
		*slot = nil
	}
	if sess.liveAt != 0 {
		s.dropLive(sess)
	}
	delete(s.sessions, sess.id)
	s.keepForgotten(sess)
}

// newestFirst orders sessions by last activity, newest first, then by id.
func newestFirst(a, b *session) int {
	if c := b.lastActivity.Compare(a.lastActivity); c != 0 {
		return c
	}
	return strings.Compare(a.id, b.id)
}

const maxLiveSessions = 1000
