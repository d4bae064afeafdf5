package governor

import (
	"github.com/coworktop/coworktop/event"
	"time"
)

// The audit of an update restart, followed through the relaunch: which
// sessions the quit stopped, whether the turn each was running was cut,
// which came back (warmed, resumed, started or active again) and which
// had Remote Control before and not after. After the idle update path
// ("[stealth-update] Triggering stealth update after idle timeout", then
// "[CCD] Stopping N active session(s) on quit", then the relaunch) no
// "Enabling remote control for session …" line follows, and a session that
// was exempt from the 900 s idle timer is paused about 15 minutes later
// (claude-logs.md §7.8; #95364, #95276, #95296, #94049, #92010).

// RestartPath is which of the app's update restarts it was.
type RestartPath int8

// Restart paths.
const (
	RestartPathUnknown  RestartPath = iota // "": the log says only that it went down for an update
	RestartPathIdle                        // "idle": "[stealth-update] Triggering stealth update after idle timeout"
	RestartPathDeferral                    // "deferral_limit": "Auto-restarting app after update pending for N hours"
)

var restartPathNames = [...]string{RestartPathIdle: "idle", RestartPathDeferral: "deferral_limit"}

// String is the path's stable name ("" when unknown).
func (p RestartPath) String() string {
	if int(p) < len(restartPathNames) && p >= 0 {
		return restartPathNames[p]
	}
	return ""
}

// MarshalText writes the path's name.
func (p RestartPath) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a path's name.
func (p *RestartPath) UnmarshalText(b []byte) error {
	*p = RestartPathUnknown
	for i, n := range restartPathNames {
		if n != "" && n == string(b) {
			*p = RestartPath(i)
		}
	}
	return nil
}

// restartEntry is one session an update restart stopped.
type restartEntry struct {
	id       string
	rcBefore bool
	cut      bool  // the turn it was running was cut (an app_quit cycle)
	cutS     int32 // how long that turn had run, as logged
	backAt   time.Time
	backBy   event.Kind // the line that showed it live again
	rcAfter  bool
	pausedAt time.Time // the idle pause that came after it lost Remote Control
	pauseRef lineRef
	audit    *restartAudit
}

// lostRC: it had Remote Control before the restart and no line turned it
// back on after.
func (e *restartEntry) lostRC() bool { return e.rcBefore && !e.rcAfter }

// restartAudit is one update restart and what followed it.
type restartAudit struct {
	at         time.Time
	ref        lineRef
	path       RestartPath
	from, to   string
	appStopped int // the most sessions the app said it stopped ("Stopping N"); 0 when not logged
	logged     bool
	relaunchAt time.Time
	warmed     int
	eligible   int
	resumed    bool // a "Relaunch auto-resume" line was logged
	entries    []*restartEntry
	unnamed    []unnamedLoss // losses of sessions the app stopped beyond those coworktop saw live
	unseen     int           // how many sessions those losses stand for
	unseenBack int           // of them, how many the relaunch's auto-resume warmed
}

// maxRestarts bounds the restarts kept for report.
const maxRestarts = 64

// noteUpdateRestart opens or extends the audit of the quit q, which has
// turned out to be an update restart; e is the quit's line.
func (s *State) noteUpdateRestart(q *quit, e *event.Event) {
	a := s.curRestart
	if a == nil || !a.at.Equal(q.at) {
		a = &restartAudit{at: q.at, ref: lineRef{q.file, q.line}, from: s.app.Version}
		s.curRestart = a
		if len(s.restarts) >= maxRestarts {
			s.restarts = append(s.restarts[:0], s.restarts[1:]...)
		}
		s.restarts = append(s.restarts, a)
	}
	switch {
	case e.Kind == event.KindUpdateRestart && e.Detail != nil && e.Detail.PendingS > 0:
		a.path = RestartPathDeferral
	case e.Kind == event.KindUpdateRestart && e.Reason == event.ReasonIdleTimeout:
		a.path = RestartPathIdle
	}
	// The app's own count: "Stopping N active session(s)", else "Killing N
	// PTY process tree(s)" (one per session's terminal), as the loss
	// count reads them.
	a.appStopped, a.logged = q.stopCount, q.stopLogged
	if !q.stopLogged && q.appCount > 0 {
		a.appStopped, a.logged = q.appCount, true
	}
	for _, id := range q.ended {
		if len(a.entries) >= maxQuitSessions {
			break
		}
		sess, ok := s.sessions[id]
		if !ok || sess.restart != nil && sess.restart.audit == a {
			continue
		}
		en := &restartEntry{id: id, rcBefore: sess.rcAtQuit, audit: a}
		if !sess.cutAt.IsZero() && !sess.cutAt.Before(q.at.Add(-updateWindow)) {
			en.cut, en.cutS = true, sess.cutS
		}
		sess.restart = en
		a.entries = append(a.entries, en)
	}
	a.unnamed = append(a.unnamed[:0], q.unnamedSeq...)
	a.unseen = q.unnamed
}

// cutTurn folds "[CCD CycleHealth] unhealthy cycle for S (…, reason=app_quit)":
// the quit cut the turn S was running. It is S's stop, not another loss.
func (s *State) cutTurn(e *event.Event) {
	sess := s.get(e.Session, e.Time)
	sess.cutAt, sess.cutS = e.Time, e.DurationMs/1000
	if en := sess.restart; en != nil && !e.Time.Before(en.audit.at) {
		en.cut, en.cutS = true, sess.cutS
	}
}

// isQuitCut: a cycle-health line that says the quit cut its turn.
func isQuitCut(e *event.Event) bool {
	return e.Kind == event.KindCycleHealth && e.Reason == event.ReasonOther && e.Detail != nil && e.Detail.ReasonText == "app_quit"
}

// restartFollow folds the lines after an update restart that its audit
// reads: the relaunch, the auto-resume, the version and Remote Control.
func (s *State) restartFollow(e *event.Event) {
	a := s.curRestart
	if a == nil || e.Time.Before(a.at) {
		return
	}
	switch e.Kind {
	case event.KindRelaunch, event.KindRestartMarker:
		if a.relaunchAt.IsZero() {
			a.relaunchAt = e.Time
		}
	case event.KindRelaunchResume:
		a.warmed, a.eligible, a.resumed = e.Count, e.Details().Eligible, true
		s.warmUnnamed(a, e)
	case event.KindAppUpdated:
		if d := e.Details(); d.To != "" {
			a.to = d.To
			if d.From != "" {
				a.from = d.From
			}
		}
	case event.KindRemoteControl:
		if sess, ok := s.sessions[e.Session]; ok && sess.restart != nil && sess.restart.audit == a {
			sess.restart.rcAfter = true
		}
	}
}

// warmUnnamed: the relaunch's "warmed A of B" counts the sessions the
// app brought back, named or not; those beyond the named ones already
// back are the unnamed ones the restart stopped (which, no line says).
func (s *State) warmUnnamed(a *restartAudit, e *event.Event) {
	back := 0
	for _, en := range a.entries {
		if !en.backAt.IsZero() {
			back++
		}
	}
	spare := e.Count - back
	for i := range a.unnamed {
		u := &a.unnamed[i]
		k := min(spare, u.n)
		s.unnamedBack(u.seq, LossUpdateRestart, k, u.n, e.Time)
		u.n -= k
		spare -= k
		a.unseenBack += max(k, 0)
	}
}

// cameBack notes that sess is live again after a restart stopped it or a
// loss took it: called when a line shows a session live that was not.
func (s *State) cameBack(sess *session, t time.Time, by event.Kind) {
	if en := sess.restart; en != nil && en.backAt.IsZero() && !t.Before(en.audit.at) {
		en.backAt, en.backBy = t, by
	}
	if sess.lossSeq != 0 {
		s.lossBack(sess, t)
	}
}

// rcLostWhy is why an idle pause of sess came: it had Remote Control
// before an update restart and the relaunch did not turn it back on.
// Empty when that is not so.
func rcLostWhy(sess *session, t time.Time) string {
	at := rcLostAt(sess, t)
	if at.IsZero() {
		return ""
	}
	return "Remote Control was not turned back on after the " + at.Format("15:04") + " update"
}

// rcLostAt is the time of the update restart that left sess's Remote
// Control off, for an idle pause of it at t; zero when none did.
func rcLostAt(sess *session, t time.Time) time.Time {
	en := sess.restart
	if en == nil || !en.lostRC() || t.Before(en.audit.at) {
		return time.Time{}
	}
	return en.audit.at
}

// rcLostShort is rcLostWhy in a few words, for the screen's one line.
func rcLostShort(sess *session, t time.Time) string {
	if rcLostWhy(sess, t) == "" {
		return ""
	}
	return "RC left off by the " + sess.restart.audit.at.Format("15:04") + " update"
}

// notePauseAfterRestart records an idle pause of a session that lost
// Remote Control to an update restart.
func notePauseAfterRestart(sess *session, e *event.Event) {
	if en := sess.restart; en != nil && en.lostRC() && en.pausedAt.IsZero() && !e.Time.Before(en.audit.at) {
		en.pausedAt, en.pauseRef = e.Time, lineRef{e.File, e.Line}
	}
}
