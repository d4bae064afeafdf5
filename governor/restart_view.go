package governor

import (
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// What an update restart cost, as the audit (restart.go) has it: the
// facts the app logged, each with its line. Its words (the summary, the
// count in words, the verdict's sentence) and its JSON are words'.

// RestartSession is one session an update restart stopped, as the audit
// has it.
type RestartSession struct {
	ID   string
	Name string // SessionName: title, project or short id
	// RemoteControlBefore: Remote Control was on when the restart stopped it.
	RemoteControlBefore bool
	// TurnCut: the turn it was running was cut by the quit
	// ("[CCD CycleHealth] unhealthy cycle … reason=app_quit"); TurnS is how
	// long that turn had run.
	TurnCut bool
	TurnS   int
	// Back: a line after the restart showed it live again; BackBy names it
	// ("warmed", "resumed", "started", "active").
	Back   bool
	BackAt time.Time
	BackBy string
	// RemoteControlAfter: "Enabling remote control for session" came
	// after the restart. RemoteControlLost: it had Remote Control before
	// and not after, so its idle timer runs again.
	RemoteControlAfter bool
	RemoteControlLost  bool
	// PausedAt: the idle pause that came after it lost Remote Control;
	// PauseDueAt: when its armed idle timer pauses it (no pause yet).
	PausedAt   time.Time
	PauseDueAt time.Time
	Evidence   string // the pause's line
}

// RestartView is the last update restart and what it cost, as
// Snapshot.Restart and report have it: facts the app logged, each with
// its line.
type RestartView struct {
	At   time.Time
	Path RestartPath
	From string // the version before
	To   string // the version after ("Version changed since last launch")
	// Stopped is how many sessions the app said it stopped ("[CCD]
	// Stopping N active session(s) on quit"); StoppedLogged false: the log
	// does not say.
	Stopped       int
	StoppedLogged bool
	// Sessions are those coworktop saw live when it stopped them.
	Sessions   []RestartSession
	RelaunchAt time.Time
	// Warmed and Eligible are the relaunch's "auto-resume: ran — warmed A
	// of B eligible" (AutoResume false: no such line).
	AutoResume bool
	Warmed     int
	Eligible   int
	// Unseen counts the sessions the app said it stopped beyond those
	// coworktop saw live; UnseenBack those of them the relaunch's
	// auto-resume warmed (by its count: no line names them).
	Unseen     int
	UnseenBack int
	// Back, NotBack, CutTurns and LostRC count Sessions.
	Back     int
	NotBack  int
	CutTurns int
	LostRC   int
	Evidence string
}

// restartView is the audit a as of snap (names from its sessions).
func (s *State) restartView(a *restartAudit, names map[string]string) *RestartView {
	if a == nil {
		return nil
	}
	v := &RestartView{At: a.at, Path: a.path, From: a.from, To: a.to, Stopped: a.appStopped, StoppedLogged: a.logged,
		RelaunchAt: a.relaunchAt, AutoResume: a.resumed, Warmed: a.warmed, Eligible: a.eligible, Unseen: a.unseen, UnseenBack: a.unseenBack,
		Evidence: a.ref.String(), Sessions: make([]RestartSession, 0, len(a.entries))}
	for _, en := range a.entries {
		rs := RestartSession{ID: en.id, Name: names[en.id], RemoteControlBefore: en.rcBefore, TurnCut: en.cut, TurnS: int(en.cutS),
			Back: !en.backAt.IsZero(), BackAt: en.backAt, BackBy: backByText(en.backBy),
			RemoteControlAfter: en.rcAfter, RemoteControlLost: en.lostRC() && !en.backAt.IsZero(), PausedAt: en.pausedAt}
		if rs.Name == "" {
			rs.Name = vocab.ShortID(en.id)
			if sess, ok := s.sessions[en.id]; ok && sess.cwd != "" {
				rs.Name = ProjectName(sess.cwd)
			}
		}
		if !en.pausedAt.IsZero() {
			rs.Evidence = en.pauseRef.String()
		} else if sess, ok := s.sessions[en.id]; ok && rs.RemoteControlLost && sess.live() && !sess.timerArmedAt.IsZero() {
			rs.PauseDueAt = sess.timerArmedAt.Add(sess.timerTimeout)
		}
		v.count(rs)
		v.Sessions = append(v.Sessions, rs)
	}
	return v
}

func (v *RestartView) count(rs RestartSession) {
	if rs.Back {
		v.Back++
	} else {
		v.NotBack++
	}
	if rs.TurnCut {
		v.CutTurns++
	}
	if rs.RemoteControlLost {
		v.LostRC++
	}
}

func backByText(k event.Kind) string {
	switch k {
	case event.KindWarming:
		return "warmed"
	case event.KindResume:
		return "resumed"
	case event.KindSessionStart:
		return "started"
	case 0:
		return ""
	}
	return "active"
}

// Restarts is every update restart kept (the newest maxRestarts), oldest
// first, with the names snap gives its sessions (nil: project or id).
func (s *State) Restarts(snap *Snapshot) []RestartView {
	names := sessionNames(snap)
	out := make([]RestartView, 0, len(s.restarts))
	for _, a := range s.restarts {
		out = append(out, *s.restartView(a, names))
	}
	return out
}

func sessionNames(snap *Snapshot) map[string]string {
	if snap == nil {
		return nil
	}
	m := make(map[string]string, len(snap.Sessions))
	for i := range snap.Sessions {
		m[snap.Sessions[i].ID] = SessionName(snap.Sessions[i])
	}
	return m
}

// IdleTimeoutDefault is the app's idle timer ("Starting idle timeout for
// S: 900s", claude-logs.md §2.5), for an estimate where no timer line says.
const IdleTimeoutDefault = 900 * time.Second

// rcLostRisks: a session back from an update restart without its Remote
// Control: its idle timer runs again, and pauses it when it passes (Due:
// the logged timer's end, backed; coworktop's estimate of 900 s from its
// return, not backed; zero when no time can be said). words says it.
func rcLostRisks(snap *Snapshot) []Risk {
	r := snap.Restart
	if r == nil {
		return nil
	}
	var out []Risk
	for _, rs := range r.Sessions {
		if !rs.RemoteControlLost || !rs.PausedAt.IsZero() {
			continue
		}
		v, ok := sessionByID(snap, rs.ID)
		if !ok || !v.Live() {
			continue
		}
		f := RiskFacts{View: v, At: r.At, BackAt: rs.BackAt, Ref: r.Evidence}
		backed, when := true, time.Time{}
		switch due := rs.BackAt.Add(IdleTimeoutDefault); {
		case v.TimerTimeout > 0 && v.TimerRemaining > 0: // the app logged its timer: a fact
			when, f.PauseIn = v.TimerArmedAt.Add(v.TimerTimeout), v.TimerRemaining
		case v.LastActivity.After(rs.BackAt) || !due.After(snap.Now): // no time to say
		default: // no timer line yet: the app's 900 s from its return, coworktop's estimate
			backed, when = false, due
		}
		out = append(out, Risk{Kind: RiskRemoteControlLost, Session: rs.ID, Backed: backed, Due: when, RiskFacts: f})
	}
	return out
}

func sessionByID(snap *Snapshot, id string) (SessionView, bool) {
	for i := range snap.Sessions {
		if snap.Sessions[i].ID == id {
			return snap.Sessions[i], true
		}
	}
	return SessionView{}, false
}
