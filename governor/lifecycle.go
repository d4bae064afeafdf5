package governor

import (
	"fmt"
	"github.com/coworktop/coworktop/event"
	"time"
)

// How sessions end other than by a pause, and what an update does to them:
// crashes, torn-down background work, Remote Control vetoes, resumes and
// update restarts (claude-logs.md §7.1–7.4).

// ProtectedRemoteControl is what a session with Remote Control active is
// shown as: the app declines its idle pauses and the governor never picks it.
const ProtectedRemoteControl = "Remote Control"

// updateWindow is how long after an update restart a "[CCD] Stopping N
// active session(s) on quit" line still belongs to that update.
const updateWindow = 2 * time.Minute

// Crash is one session whose process was killed or exited under it.
type Crash struct {
	Time     time.Time `json:"time"`
	Session  string    `json:"session"`
	Signal   string    `json:"signal,omitempty"`
	ExitCode *int      `json:"exit_code,omitempty"`
	File     string    `json:"file,omitempty"`
	Line     int       `json:"line,omitempty"`
}

// Text is "SIGKILL" or "exit 143": how the process went.
func (c Crash) Text() string {
	switch {
	case c.Signal != "":
		return c.Signal
	case c.ExitCode != nil && *c.ExitCode == exitWindowsTerminate:
		return fmt.Sprintf("killed (exit %d: Windows DBG_TERMINATE_PROCESS)", *c.ExitCode)
	case c.ExitCode != nil:
		return fmt.Sprintf("exit %d", *c.ExitCode)
	}
	return "unknown"
}

// exitWindowsTerminate is 0x40010004, DBG_TERMINATE_PROCESS: a process
// that exits with it on Windows was killed, not crashed (#84764).
const exitWindowsTerminate = 1073807364

// Crashes returns the crashes in log order (bounded by Limits.Evictions)
// and how many older ones were not kept.
func (s *State) Crashes() ([]Crash, int) {
	return s.crashes.Items(), s.crashesHidden
}

// applyEnd folds the session events that end, revive or protect a session.
func (s *State) applyEnd(e *event.Event) {
	c := &s.counts
	switch e.Kind {
	case event.KindCrash:
		c.Crashes++
		sess := s.get(e.Session, e.Time)
		sess.crashes++
		if sess.live() {
			s.lost(crashLoss(e))
		}
		s.end(sess, event.EndCrash)
		if s.crashes.Len() >= s.crashes.Bound() {
			s.crashesHidden++
		}
		s.crashes.Push(Crash{Time: e.Time, Session: e.Session, Signal: e.Details().Signal, ExitCode: e.Details().ExitCode, File: e.File, Line: e.Line})
	case event.KindQueryDone:
		c.QueriesDone++ // the session's query loop ended; its state is said by the line before
	case event.KindResume:
		c.Resumed++
		s.touch(e.Session, e.Time) // a lost session that comes back is no longer lost (State.cameBack)
	case event.KindTornDown:
		if e.Count > 0 {
			c.TornDownWithTasks++
			c.BackgroundTasksLost += e.Count
		}
		s.end(s.get(e.Session, e.Time), event.EndTornDown)
	case event.KindPauseSkipped:
		if e.Reason == event.ReasonRemoteControl {
			c.PauseSkippedRC++
		} else {
			c.PauseSkippedOther++
		}
		if e.Session != "" && e.Reason == event.ReasonRemoteControl {
			s.protect(s.get(e.Session, e.Time))
		}
	case event.KindPauseDeclined:
		c.DeclinedPauses++
		c.MaxDeclined = max(c.MaxDeclined, e.Count)
		s.protect(s.get(e.Session, e.Time))
	case event.KindRemoteControl:
		s.touch(e.Session, e.Time).remoteControl = true
	default:
		s.unrouted(e)
	}
}

// protect marks a session whose idle pause Remote Control vetoed: the
// "Idle timeout reached, disconnecting" line before the veto did not end
// it, its process lives on.
func (s *State) protect(sess *session) {
	sess.remoteControl = true
	if sess.state == StateDisconnected && sess.pauseReason == event.ReasonIdleTimeout {
		s.setState(sess, StateWorking, event.ReasonNone)
	}
}

// end stops a live session for why; one already ended keeps its reason.
func (s *State) end(sess *session, why event.Reason) {
	if sess.live() {
		s.setState(sess, StateDisconnected, why)
		sess.timerArmedAt, sess.timerTimeout = time.Time{}, 0
	}
	sess.remoteControl = false
	s.pruneEnded()
}

// applyAppLifecycle folds updates, relaunches and quits.
func (s *State) applyAppLifecycle(e *event.Event) {
	det := e.Details()
	c := &s.counts
	switch e.Kind {
	case event.KindAppUpdated:
		c.AppUpdates++
		if det.To != "" {
			s.app.Version = det.To
		}
		if s.app.Pending == det.To {
			s.app.Pending = ""
			s.pending = pendingUpdate{}
		}
		s.appBack()
	case event.KindUpdateReady, event.KindUpdateStaged, event.KindUpdateDeferred:
		s.applyPending(e)
	case event.KindUpdateRestart, event.KindAppQuit:
		s.applyQuit(e)
	case event.KindRelaunch, event.KindRestartMarker:
		// "[update-restart] Detected nav-restore marker" and
		// "[stealth-relaunch] Restoring navigation" are one relaunch.
		if s.relaunchAt.IsZero() || e.Time.Sub(s.relaunchAt) > updateWindow || e.Time.Before(s.relaunchAt) {
			c.Relaunches++
		}
		s.relaunchAt = e.Time
		s.appBack()
	case event.KindRelaunchResume:
		c.RelaunchResumes++
		c.RelaunchWarmed += e.Count
		s.appBack()
	case event.KindSecondInstance:
		s.secondInstance(e)
	case event.KindPTYHostExit:
		c.PTYHostExits++
	default:
		s.unrouted(e)
	}
}

// stopAll is "[CCD] Stopping N active session(s) on quit" and "[CCD]
// Killing N PTY process tree(s) on quit": part of the quit around it.
func (s *State) stopAll(e *event.Event) { s.applyQuit(e) }

// applyService folds the Windows VM service's start and stop
// (cowork-service.log).
func (s *State) applyService(e *event.Event) {
	s.noteServiceVM(e)
	switch e.Kind {
	case event.KindServiceStart:
		s.counts.ServiceStarts++
		s.vm.Service = "started"
	case event.KindServiceReady:
		s.vm.Service = "ready"
	case event.KindServiceWarning:
		s.counts.ServiceWarnings++
		s.vm.ServiceWarning = e.Text
	case event.KindServiceStop:
		s.counts.ServiceStops++
		s.vm.Service = "stopped"
		if s.vm.State == event.VMRunning || s.vm.State == event.VMBooting {
			s.vm.State = event.VMStopped
		}
	default:
		s.unrouted(e)
	}
}
