package governor

import (
	"time"
)

// The app is alive while it writes (claude-logs.md §7.9): any dated line of
// main.log after a quit shows it running again, whether or not coworktop
// knows its shape. And an app that said "going down for update" and went
// on writing with no new start stayed "quitting for update" (still running,
// dropping deep links; one 2.9939.2 app for about 32 h).

// stuckQuitAfter is how long an app must go on writing after its update
// quit, with no new start, to be told as stuck quitting.
const stuckQuitAfter = 10 * time.Minute

// StuckQuit is a stretch the app spent "quitting for update" while running.
type StuckQuit struct {
	From time.Time `json:"-"`
	To   time.Time `json:"-"`
}

// stuckQuit is the stretch in progress (open until an app start).
type stuckQuit struct {
	StuckQuit
	open bool
}

// NoteLogLine takes a dated line of file at t, whatever its shape (report gives
// each file's last stamp, the live view each file's newest line). A
// main.log line well after the last quit's shows the app running. A line
// no later than the newest event says nothing more than that event did
// (a second copy of the app that exits at once writes lines too).
func (s *State) NoteLogLine(file string, t time.Time) {
	if !isMainLog(file) || !t.After(s.last) {
		return
	}
	if !s.app.DownSince.IsZero() && t.Sub(s.quit.last) > quitGrace {
		s.appBackAt(t)
	}
	s.extendStuck(t)
}

// appBackAt: the app writes again at t with no start line; after an update
// quit it is stuck quitting.
func (s *State) appBackAt(t time.Time) {
	if s.app.DownBy == AppEndUpdate && !s.stuck.open {
		s.stuck = stuckQuit{StuckQuit: StuckQuit{From: s.app.DownSince, To: t}, open: true}
	}
	s.appBack()
}

// extendStuck: a main.log line at t while stuck quitting.
func (s *State) extendStuck(t time.Time) {
	if s.stuck.open && t.After(s.stuck.To) {
		s.stuck.To = t
	}
}

// stuckView is the stuck quit, once it lasted stuckQuitAfter.
func (s *State) stuckView() *StuckQuit {
	if s.stuck.From.IsZero() || s.stuck.To.Sub(s.stuck.From) < stuckQuitAfter {
		return nil
	}
	q := s.stuck.StuckQuit
	return &q
}
