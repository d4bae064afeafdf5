package governor

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// What an update restart cost, as every output says it: the view the
// audit (restart.go) fills and its words; its JSON is words'.

// RestartSession is one session an update restart stopped, as the audit
// has it.
type RestartSession struct {
	ID   string `json:"id"`
	Name string `json:"name"` // SessionName: title, project or short id
	// RemoteControlBefore: Remote Control was on when the restart stopped it.
	RemoteControlBefore bool `json:"remote_control_before"`
	// TurnCut: the turn it was running was cut by the quit
	// ("[CCD CycleHealth] unhealthy cycle … reason=app_quit"); TurnS is how
	// long that turn had run.
	TurnCut bool `json:"turn_cut,omitempty"`
	TurnS   int  `json:"turn_s,omitempty"`
	// Back: a line after the restart showed it live again; BackBy names it
	// ("warmed", "resumed", "started", "active").
	Back   bool      `json:"back"`
	BackAt time.Time `json:"-"`
	BackBy string    `json:"back_by,omitempty"`
	// RemoteControlAfter: "Enabling remote control for session" came
	// after the restart. RemoteControlLost: it had Remote Control before
	// and not after, so its idle timer runs again.
	RemoteControlAfter bool `json:"remote_control_after"`
	RemoteControlLost  bool `json:"remote_control_lost,omitempty"`
	// PausedAt: the idle pause that came after it lost Remote Control;
	// PauseDueAt: when its armed idle timer pauses it (no pause yet).
	PausedAt   time.Time `json:"-"`
	PauseDueAt time.Time `json:"-"`
	Evidence   string    `json:"evidence,omitempty"` // the pause's line
}

// RestartView is the last update restart and what it cost, as
// Snapshot.Restart and report have it: facts the app logged, each with
// its line.
type RestartView struct {
	At   time.Time   `json:"-"`
	Path RestartPath `json:"path,omitempty"`
	From string      `json:"from,omitempty"` // the version before
	To   string      `json:"to,omitempty"`   // the version after ("Version changed since last launch")
	// Stopped is how many sessions the app said it stopped ("[CCD]
	// Stopping N active session(s) on quit"); StoppedLogged false: the log
	// does not say. StoppedText says it in words: the app's count, else
	// coworktop's of the sessions it saw live, else "not logged" (never 0).
	Stopped       int    `json:"stopped,omitempty"`
	StoppedLogged bool   `json:"stopped_logged"`
	StoppedText   string `json:"stopped_text"`
	// Sessions are those coworktop saw live when it stopped them.
	Sessions   []RestartSession `json:"sessions"`
	RelaunchAt time.Time        `json:"-"`
	// Warmed and Eligible are the relaunch's "auto-resume: ran — warmed A
	// of B eligible" (AutoResume false: no such line).
	AutoResume bool `json:"auto_resume"`
	Warmed     int  `json:"warmed,omitempty"`
	Eligible   int  `json:"eligible,omitempty"`
	// Unseen counts the sessions the app said it stopped beyond those
	// coworktop saw live; UnseenBack those of them the relaunch's
	// auto-resume warmed (by its count: no line names them).
	Unseen     int `json:"unseen,omitempty"`
	UnseenBack int `json:"unseen_back,omitempty"`
	// Back, NotBack, CutTurns and LostRC count Sessions.
	Back     int    `json:"back"`
	NotBack  int    `json:"not_back"`
	CutTurns int    `json:"cut_turns"`
	LostRC   int    `json:"remote_control_lost"`
	Evidence string `json:"evidence"`
	// Summary says it in one line (report's verdict, the screen's "what
	// just happened"); Lines are its clauses.
	Summary string   `json:"summary"`
	Lines   []string `json:"-"`
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
	v.StoppedText = stoppedText(a.logged, a.appStopped, len(v.Sessions))
	v.Lines = restartLines(v)
	v.Summary = strings.Join(v.Lines, "; ")
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

// stoppedText is how many sessions a restart stopped, in words: the
// app's count when it logged one ("[CCD] Stopping N active session(s)"),
// else coworktop's count of those it saw live, said as such, else "not
// logged": unknown is never zero (#94691, #92196: the deferral path logs
// no count).
func stoppedText(logged bool, app, seen int) string {
	switch {
	case logged && app == seen:
		return plural3(app, "session stopped", "sessions stopped")
	case logged:
		return plural3(app, "session stopped", "sessions stopped") + fmt.Sprintf(", coworktop saw %d live", seen)
	case seen > 0:
		return plural3(seen, "session stopped", "sessions stopped") + ", counted by coworktop"
	}
	return "sessions stopped: not logged"
}

func plural3(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func backByText(k Kind) string {
	switch k {
	case KindWarming:
		return "warmed"
	case KindResume:
		return "resumed"
	case KindSessionStart:
		return "started"
	case 0:
		return ""
	}
	return "active"
}

// restartLines are the audit's clauses, in the words every output uses.
func restartLines(v *RestartView) []string {
	head := "update restart at " + v.At.Format("15:04")
	if v.To != "" {
		head += " to " + v.To
	}
	if p := v.Path.Text(); p != "" {
		head += " (" + p + ")"
	}
	head += ": " + v.StoppedText
	lines := []string{head}
	if len(v.Sessions) > 0 {
		back := fmt.Sprintf("%d of %d came back", v.Back, len(v.Sessions))
		if v.NotBack > 0 {
			back += ", not back: " + joinNames(v.Sessions, func(r RestartSession) bool { return !r.Back })
		}
		lines = append(lines, back)
	} else if v.AutoResume {
		lines = append(lines, fmt.Sprintf("the app warmed %d of %d eligible", v.Warmed, v.Eligible))
	}
	if v.CutTurns > 0 {
		lines = append(lines, "turn cut: "+joinNames(v.Sessions, func(r RestartSession) bool { return r.TurnCut }))
	}
	if v.LostRC > 0 {
		lost := "Remote Control not turned back on: " + joinNames(v.Sessions, func(r RestartSession) bool { return r.RemoteControlLost })
		var paused []string
		for _, r := range v.Sessions {
			if r.RemoteControlLost && !r.PausedAt.IsZero() {
				paused = append(paused, r.Name+" "+r.PausedAt.Format("15:04"))
			}
		}
		if len(paused) > 0 {
			lost += " (idle-paused: " + strings.Join(paused, ", ") + ")"
		}
		lines = append(lines, lost)
	}
	return lines
}

// joinNames names the sessions that pass keep, up to maxUpdateNames.
func joinNames(list []RestartSession, keep func(RestartSession) bool) string {
	var names []string
	n := 0
	for _, r := range list {
		if keep(r) {
			if n < maxUpdateNames {
				names = append(names, r.Name)
			}
			n++
		}
	}
	if n > maxUpdateNames {
		names = append(names, fmt.Sprintf("%d more", n-maxUpdateNames))
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
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
	for _, v := range snap.Sessions {
		m[v.ID] = SessionName(v)
	}
	return m
}

// IdleTimeoutDefault is the app's idle timer ("Starting idle timeout for
// S: 900s", claude-logs.md §2.5), for an estimate where no timer line says.
const IdleTimeoutDefault = 900 * time.Second

// rcLostRisks: a session back from an update restart without its Remote
// Control: its idle timer runs again, and pauses it when it passes.
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
		head := rs.Name + ": Remote Control was not turned back on after the " + r.At.Format("15:04") + " update"
		backed, short, when := true, shortRCOff, time.Time{}
		switch due := rs.BackAt.Add(IdleTimeoutDefault); {
		case v.TimerTimeout > 0 && v.TimerRemaining > 0: // the app logged its timer: a fact
			when = v.TimerArmedAt.Add(v.TimerTimeout)
			head += ": the idle timer pauses it at " + when.Format("15:04") +
				" (in " + vocab.FormatDuration(v.TimerRemaining) + ")"
			short = shortPausedAt(when, false)
		case v.LastActivity.After(rs.BackAt) || !due.After(snap.Now):
			head += ": its idle timer pauses it 15 minutes after it is hidden and idle"
		default: // no timer line yet: the app's 900 s from its return, coworktop's estimate
			head += ": if it stays hidden, its idle timer pauses it about " + due.Format("15:04") +
				" (estimated by coworktop: 15 minutes after it came back at " + rs.BackAt.Format("15:04") + ")"
			backed, when, short = false, due, shortPausedAt(due, true)
		}
		out = append(out, Risk{Kind: RiskRemoteControlLost, Session: rs.ID, Backed: backed, Summary: head, Short: short, Due: when,
			Evidence: []string{r.Evidence, "no \"Enabling remote control for session\" line since"}})
	}
	return out
}

func sessionByID(snap *Snapshot, id string) (SessionView, bool) {
	for _, v := range snap.Sessions {
		if v.ID == id {
			return v, true
		}
	}
	return SessionView{}, false
}

// Sentence is the restart and what it cost in one sentence, for report's
// verdict: "the app restarted itself at 13:44 to install 2.2553.1 after
// it sat idle, stopping 6 sessions: all 6 came back, billing-api's turn
// was cut, data-pipeline and terraform lost Remote Control (idle-paused
// at 13:59)".
func (v *RestartView) Sentence() string {
	s := "the app restarted itself at " + v.At.Format("15:04")
	if v.To != "" {
		s += " to install " + v.To
	} else {
		s += " for an update"
	}
	if p := v.Path.Text(); p != "" {
		s += " " + p
	}
	s += ", " + v.StoppedText
	if len(v.Sessions) == 0 {
		return s
	}
	var cost []string
	total, back := len(v.Sessions)+v.Unseen, v.Back+v.UnseenBack
	switch {
	case back == total && total > 1:
		cost = append(cost, fmt.Sprintf("all %d came back", total))
	case back == total:
		cost = append(cost, "it came back")
	case v.NotBack > 0:
		cost = append(cost, fmt.Sprintf("%d of %d came back (not back: %s)", back, total,
			joinNames(v.Sessions, func(r RestartSession) bool { return !r.Back })))
	default:
		cost = append(cost, fmt.Sprintf("%d of %d came back", back, total))
	}
	if v.CutTurns > 0 {
		cost = append(cost, joinNames(v.Sessions, func(r RestartSession) bool { return r.TurnCut })+" had a turn cut")
	}
	if v.LostRC > 0 {
		rc := joinNames(v.Sessions, func(r RestartSession) bool { return r.RemoteControlLost }) + " lost Remote Control"
		var at []string
		for _, r := range v.Sessions {
			if r.RemoteControlLost && !r.PausedAt.IsZero() && !slices.Contains(at, r.PausedAt.Format("15:04")) {
				at = append(at, r.PausedAt.Format("15:04"))
			}
		}
		if len(at) > 0 {
			rc += " and were idle-paused at " + strings.Join(at, ", ")
		}
		cost = append(cost, rc)
	}
	return s + ": " + strings.Join(cost, ", ")
}

// RemoteControlBefore counts the sessions that had Remote Control when
// the restart stopped them.
func (v *RestartView) RemoteControlBefore() int {
	n := 0
	for _, r := range v.Sessions {
		if r.RemoteControlBefore {
			n++
		}
	}
	return n
}

// describeNamed is Describe with the session named as every list names
// it (its title or folder; the id stays in LogLine.Session for the
// details), and an idle pause that came because an update restart left
// Remote Control off says so.
