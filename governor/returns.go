package governor

import (
	"github.com/coworktop/coworktop/event"
	"time"
)

// "Came back" needs proof that the session's process runs again
// (claude-logs.md §7.9). Lines that only mention a session after it
// stopped do not say so: the person focused it, its title changed, an
// unhealthy cycle that never had a response (after a crash at start: the
// process exited and never ran), or a warm spawn the governor refused
// ("at cap; yielding warm spawn" after the session's "Warming session"
// line: the session stays paused). What does: a start, a resume, a new
// turn, a healthy cycle, a warm that was not refused, and the governor's
// own lines that count it as a live idle session.

// returnProof is what a kind of line proves of a session that is not live.
type returnProof uint8

// The proofs.
const (
	// proofNone: the line says nothing of the session's process.
	proofNone returnProof = iota
	// proofRuns: the line shows the process running.
	proofRuns
	// proofUnlessRefused: a warm spawn, proof unless a refusal ("at cap;
	// yielding warm spawn") follows within explainWindow (warmUndo).
	proofUnlessRefused
	// proofIfHealthy: a cycle-health line, proof only when healthy.
	proofIfHealthy
)

// returnProofs is the one table of which kinds prove a return; a kind not
// listed proves nothing. Each entry has its case in returns_test.go.
var returnProofs = map[event.Kind]returnProof{
	event.KindSessionStart:  proofRuns,          // Starting local session
	event.KindResume:        proofRuns,          // Resuming session
	event.KindTurnEnd:       proofRuns,          // [Stop hook] Query completed: a new turn
	event.KindRemoteControl: proofRuns,          // Enabling remote control: a bridge needs the process
	event.KindAtCap:         proofRuns,          // the governor counts it as a live idle session
	event.KindPressureEvict: proofRuns,          // the same, as it evicts it
	event.KindWarming:       proofUnlessRefused, // Warming session, unless the governor yields the spawn
	event.KindCycleHealth:   proofIfHealthy,     // healthy cycle only
	event.KindFocus:         proofNone,          // the person looked at it
}

// proofKinds is returnProofs as an array, for the hot path.
var proofKinds = func() (out [event.KindCount]returnProof) {
	for k, p := range returnProofs {
		out[k] = p
	}
	return out
}()

// provesReturn says whether e shows that its session's process runs again,
// as far as e alone can (a warm may yet be refused: proofUnlessRefused).
func provesReturn(e *event.Event) returnProof {
	if int(e.Kind) >= len(proofKinds) {
		return proofNone
	}
	p := proofKinds[e.Kind]
	if p == proofIfHealthy {
		if e.Health == event.HealthGood && e.Text == "" {
			return proofRuns
		}
		return proofNone
	}
	return p
}

// warmUndo is what a warm of a session that was not live changed, kept
// until the governor's refusal ("at cap; yielding warm spawn") would undo
// it. The warm counts as the return at once (the live view shows it back
// without waiting for another line); a refusal within explainWindow puts
// the session back as it was, its loss still lost.
type warmUndo struct {
	sess      *session
	before    session // the session as it was
	at        time.Time
	lossSeq   uint32 // the loss the warm brought back (0: none)
	lossCause LossCause
	restart   *restartEntry
	backAt    time.Time // the restart entry's, before
	backBy    event.Kind
}

// sessionLine folds a focus, warm, turn or cycle line of a session: a live
// (or new) session's activity, and for one that is not live only what the
// line proves (provesReturn).
func (s *State) sessionLine(e *event.Event) {
	if e.Kind == event.KindWarming { // a refusal after this warm is this warm's
		s.warm = warmUndo{}
	}
	sess, known := s.lookup(e.Session)
	if !known || sess.live() {
		sess = s.touch(e.Session, e.Time)
		if e.Kind == event.KindFocus { // the app arms a session's idle timer only while it is hidden
			sess.timerArmedAt, sess.timerTimeout = time.Time{}, 0
		}
		return
	}
	if e.Kind == event.KindFocus {
		sess.timerArmedAt, sess.timerTimeout = time.Time{}, 0
	}
	switch provesReturn(e) {
	case proofRuns:
		s.touch(e.Session, e.Time)
	case proofUnlessRefused:
		u := warmUndo{sess: sess, before: *sess, at: e.Time, lossSeq: sess.lossSeq, lossCause: sess.lossCause, restart: sess.restart}
		if en := sess.restart; en != nil {
			u.backAt, u.backBy = en.backAt, en.backBy
		}
		s.touch(e.Session, e.Time)
		s.warm = u
	}
}

// warmRefused: the governor yielded a warm spawn at t. A warm of a session
// that was not live, within explainWindow before, did not bring it back:
// it is put back as it was. It returns that session's id ("" if none).
func (s *State) warmRefused(t time.Time) string {
	u := s.warm
	s.warm = warmUndo{}
	if u.sess == nil || t.Sub(u.at) > explainWindow || t.Before(u.at) {
		return ""
	}
	s.counts.WarmsRefused++
	sess := u.sess
	// A prune since the warm may have forgotten it (past the bound, the
	// least recently active go, live or not): then there is no row to put
	// back, only its loss to open again.
	if s.sessions[sess.id] == sess {
		s.putBack(sess, &u.before)
	}
	if u.lossSeq != 0 { // the loss it had is open again
		s.loss.cameBack--
		s.loss.open[u.lossCause]++
		delete(s.loss.backs, u.lossSeq)
	}
	if en := u.restart; en != nil {
		en.backAt, en.backBy = u.backAt, u.backBy
	}
	return sess.id
}

// putBack makes sess, still in the map, what it was before a refused warm.
func (s *State) putBack(sess, before *session) {
	if sess.liveAt != 0 {
		s.dropLive(sess)
	}
	s.dropEnded(sess) // its place in the ended order was by the time the warm set
	*sess = *before
	sess.liveAt, sess.inEnded = 0, false
	s.addEnded(sess)
	if sess.live() { // cannot be: it was not live; kept for the invariant
		s.addLive(sess)
	}
}

// keepWarm: a line other than the warm's own spawn sequence came; a later
// refusal is no longer this warm's.
func (s *State) keepWarm(e *event.Event) {
	if s.warm.sess == nil {
		return
	}
	switch e.Kind {
	case event.KindWarming, event.KindAcquire, event.KindAtCap, event.KindYield:
		return
	}
	if e.Session == s.warm.sess.id || e.Time.Sub(s.warm.at) > explainWindow {
		s.warm = warmUndo{}
	}
}
