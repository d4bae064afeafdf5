package governor

import (
	"github.com/coworktop/coworktop/event"
	"strconv"
	"time"
)

// riskState is what the risks need from the log beyond the rest of State:
// the app's heartbeat, its worst recent stall, the last quit, and the
// sessions that decline their idle pauses.
type riskState struct {
	startAt      time.Time // the last app start
	heartbeatAt  time.Time // the last [ScheduledTasks] line since it
	heartbeatRef lineRef
	stallAt      time.Time // the last event-loop stall above stallRisk
	stallMs      int64
	stallRef     lineRef
	quitAt       time.Time // the last app quit (or stop on quit)
	quitRef      lineRef
	declined     map[string]declined // session → its last "declined N idle pauses"
}

// lineRef is a log line named as evidence.
type lineRef struct {
	file string
	line int
}

func (r lineRef) String() string { return r.file + ":" + strconv.Itoa(r.line) }

type declined struct {
	n   int
	ref lineRef
}

// maxDeclined bounds the sessions remembered as declining their pauses.
const maxDeclined = 1024

// observe folds the event into the risk state.
func (r *riskState) observe(s *State, e *event.Event) {
	ref := lineRef{e.File, e.Line}
	switch e.Kind {
	case event.KindAppStart:
		r.startAt, r.heartbeatAt, r.quitAt = e.Time, time.Time{}, time.Time{}
	case event.KindHeartbeat:
		if e.Time.After(r.heartbeatAt) {
			r.heartbeatAt, r.heartbeatRef = e.Time, ref
		}
	case event.KindStall:
		if int64(e.DurationMs) > stallRisk.Milliseconds() && !e.Time.Before(r.stallAt) {
			r.stallAt, r.stallMs, r.stallRef = e.Time, int64(e.DurationMs), ref
		}
	case event.KindAppQuit, event.KindUpdateRestart:
		r.quitAt, r.quitRef = e.Time, ref
	case event.KindStopAll, event.KindPTYKill:
		if r.quitAt.IsZero() || e.Time.Sub(r.quitAt) > updateWindow {
			r.quitAt, r.quitRef = e.Time, ref
		}
	case event.KindPauseDeclined:
		if r.declined == nil {
			r.declined = map[string]declined{}
		} else if len(r.declined) >= maxDeclined {
			// Emptied in place: a new map grew again by doubling, rehashing
			// each time, 16 k declines a month on the many-ids one (issue 49).
			clear(r.declined)
		}
		r.declined[e.Session] = declined{n: e.Count, ref: ref}
	case event.KindPause, event.KindResume:
		delete(r.declined, e.Session) // paused at last, or a new process
	}
}
