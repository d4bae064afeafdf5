package governor

import (
	"fmt"
	"slices"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
)

// How the app goes down and comes back: one quit writes several lines
// (the quit handlers, "[CCD] Stopping N active session(s) on quit",
// "[CCD] Killing N PTY process tree(s) on quit", an update marker), in an
// order no source fixes. They are folded into one quit: when any of its
// lines says it is for an update (beforeQuitForUpdate, the updater's
// auto-restart, the stealth update), the whole quit is an update restart
// and every session it stopped is lost to the update (claude-logs.md §7.3,
// §7.7).

// quit is the last quit the log shows.
type quit struct {
	at, last   time.Time
	update     bool
	quitCount  bool          // it was counted as a plain quit (until it turns out an update)
	ended      []string      // the live sessions it stopped, sorted as they were found
	named      int           // of ended, how many are already recorded as lost
	appCount   int           // the most sessions the app said it stopped or killed
	stopCount  int           // the most sessions "Stopping N active session(s)" said
	stopLogged bool          // a "Stopping N" line was logged
	unnamed    int           // sessions recorded lost beyond those coworktop saw live
	unnamedSeq []unnamedLoss // those losses, to mark them back
	file       string        // the line that said it was for an update
	line       int
}

// unnamedLoss is a loss of n sessions coworktop did not see, by its number.
type unnamedLoss struct {
	seq uint32
	n   int
}

// maxQuitSessions bounds the sessions one quit remembers by id.
const maxQuitSessions = 1024

// applyQuit folds one line of a quit.
func (s *State) applyQuit(e *event.Event) {
	q := &s.quit
	if q.at.IsZero() || e.Time.Before(q.last) || e.Time.Sub(q.last) > updateWindow {
		*q = quit{at: e.Time, ended: q.ended[:0], unnamedSeq: q.unnamedSeq[:0]}
		if s.app.DownSince.IsZero() {
			s.app.DownSince = e.Time
		}
		s.effective = EffectiveView{} // the count of an app that is gone
	}
	q.last = e.Time
	switch e.Kind {
	case event.KindAppQuit:
		if !q.update && !q.quitCount {
			s.counts.AppQuits++
			q.quitCount = true
		}
	case event.KindStopAll, event.KindPTYKill:
		q.appCount = max(q.appCount, e.Count)
		if e.Kind == event.KindStopAll {
			q.stopCount, q.stopLogged = max(q.stopCount, e.Count), true
		}
		if e.Kind == event.KindPTYKill {
			s.counts.PTYKilled += e.Count
		}
	case event.KindUpdateRestart:
		if !q.update {
			q.update, q.file, q.line = true, e.File, e.Line
			s.counts.UpdateRestarts++
			if q.quitCount {
				s.counts.AppQuits--
				q.quitCount = false
			}
			s.pending.restartAt = e.Time
		}
	default:
		s.unrouted(e)
	}
	s.app.DownBy = AppEndQuit
	if q.update {
		s.app.DownBy = AppEndUpdate
	}
	s.endForQuit(q)
	if q.update {
		s.settleUpdateLosses(q, e)
		s.noteUpdateRestart(q, e)
	}
}

// endForQuit ends every live session, remembering which. Those this quit
// ended before it turned out an update restart are now ended by it. It
// walks the live sessions and the quit's own list, not the whole map.
func (s *State) endForQuit(q *quit) {
	why := event.EndAppQuit
	if q.update {
		why = event.EndUpdateRestart
		for _, id := range q.ended {
			if sess, ok := s.sessions[id]; ok && !sess.live() && sess.pauseReason == event.EndAppQuit {
				sess.pauseReason = event.EndUpdateRestart
				s.endedChanged()
			}
		}
	}
	var stopped []string
	for _, sess := range s.live {
		stopped = append(stopped, sess.id)
		sess.rcAtQuit = sess.remoteControl
		sess.state, sess.pauseReason, sess.liveAt = StateDisconnected, why, 0
		sess.timerArmedAt, sess.timerTimeout = time.Time{}, 0
		sess.remoteControl = false
	}
	s.addEndedAll(s.live)
	clear(s.live)
	s.live = s.live[:0]
	slices.Sort(stopped) // State.live's order is no order; the timeline's must be one
	if room := maxQuitSessions - len(q.ended); room > 0 {
		q.ended = append(q.ended, stopped[:min(room, len(stopped))]...)
	}
	s.pruneEnded()
}

// settleUpdateLosses records as lost to the update every session the quit
// stopped that is not recorded yet, and those the app counted beyond them.
func (s *State) settleUpdateLosses(q *quit, e *event.Event) {
	for ; q.named < len(q.ended); q.named++ {
		if s.lost(Loss{Time: e.Time, Session: q.ended[q.named], Cause: LossUpdateRestart, File: e.File, Line: e.Line}) {
			s.counts.LostToUpdate++
		}
	}
	if extra := q.appCount - len(q.ended) - q.unnamed; extra > 0 {
		s.lost(Loss{Time: e.Time, Count: extra, Cause: LossUpdateRestart, File: e.File, Line: e.Line,
			Detail: fmt.Sprintf("the app stopped %d, coworktop saw %d live", q.appCount, len(q.ended))})
		q.unnamed += extra
		q.unnamedSeq = append(q.unnamedSeq, unnamedLoss{seq: s.loss.seq, n: extra})
		s.counts.LostToUpdate += extra
	}
}

// appBack: a line that only a running app writes clears "not running
// since".
func (s *State) appBack() { s.app.DownSince, s.app.DownBy = time.Time{}, AppUp }

// noteAppAlive clears "not running since" on a main.log line written well
// after the last quit's lines: the app is writing again.
func (s *State) noteAppAlive(e *event.Event) {
	if e.Time.Sub(s.quit.last) > quitGrace && isMainLog(e.File) {
		s.appBackAt(e.Time)
	}
}

// isMainLog: the file is main.log or one of its generations.
func isMainLog(name string) bool { return len(name) >= 4 && name[:4] == "main" }

// startUndo is what an app start changed, kept until it is known not to
// be a second instance that exits at once.
type startUndo struct {
	valid       bool
	at          time.Time
	app         AppView
	effective   EffectiveView
	pressure    host.PressureLevel
	pressureOth string
	pressureAt  time.Time
	pending     pendingUpdate
	risk        riskState
	ended       []endedSession
}

// endedSession is a session an app start ended, as it was before.
type endedSession struct {
	id           string
	state        SessionState
	reason       event.Reason
	timerArmedAt time.Time
	timerTimeout time.Duration
	rc           bool
}

// secondInstanceWindow: a second copy of the app says so within this long
// of its "Starting app {" lines.
const secondInstanceWindow = time.Minute

// secondInstance: a second copy of the app started and exited at once. It
// says nothing about the app that runs: the start it wrote just before is
// undone (its version, its restart of every session).
func (s *State) secondInstance(e *event.Event) {
	s.counts.SecondInstances++
	u := &s.undo
	if !u.valid || e.Time.Before(u.at) || e.Time.Sub(u.at) > secondInstanceWindow {
		return
	}
	u.valid = false
	s.counts.AppStarts--
	s.app, s.effective, s.pressure, s.pressureOth, s.pressureAt = u.app, u.effective, u.pressure, u.pressureOth, u.pressureAt
	s.pending, s.risk = u.pending, u.risk
	for _, m := range u.ended {
		if sess, ok := s.sessions[m.id]; ok && sess.pauseReason == event.EndAppRestarted {
			s.setState(sess, m.state, m.reason)
			sess.timerArmedAt, sess.remoteControl = m.timerArmedAt, m.rc
			sess.timerTimeout = m.timerTimeout
		}
	}
}
