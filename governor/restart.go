package governor

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/coworktop/coworktop/vocab"
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

// Text is the path in words.
func (p RestartPath) Text() string {
	switch p {
	case RestartPathIdle:
		return "after the app sat idle"
	case RestartPathDeferral:
		return "after the app stopped deferring it"
	}
	return ""
}

// restartEntry is one session an update restart stopped.
type restartEntry struct {
	id       string
	rcBefore bool
	cut      bool  // the turn it was running was cut (an app_quit cycle)
	cutS     int32 // how long that turn had run, as logged
	backAt   time.Time
	backBy   Kind // the line that showed it live again
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
func (s *State) noteUpdateRestart(q *quit, e *Event) {
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
	case e.Kind == KindUpdateRestart && e.Detail != nil && e.Detail.PendingS > 0:
		a.path = RestartPathDeferral
	case e.Kind == KindUpdateRestart && e.Reason == ReasonIdleTimeout:
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
func (s *State) cutTurn(e *Event) {
	sess := s.get(e.Session, e.Time)
	sess.cutAt, sess.cutS = e.Time, e.DurationMs/1000
	if en := sess.restart; en != nil && !e.Time.Before(en.audit.at) {
		en.cut, en.cutS = true, sess.cutS
	}
}

// isQuitCut: a cycle-health line that says the quit cut its turn.
func isQuitCut(e *Event) bool {
	return e.Kind == KindCycleHealth && e.Reason == ReasonOther && e.Detail != nil && e.Detail.ReasonText == "app_quit"
}

// restartFollow folds the lines after an update restart that its audit
// reads: the relaunch, the auto-resume, the version and Remote Control.
func (s *State) restartFollow(e *Event) {
	a := s.curRestart
	if a == nil || e.Time.Before(a.at) {
		return
	}
	switch e.Kind {
	case KindRelaunch, KindRestartMarker:
		if a.relaunchAt.IsZero() {
			a.relaunchAt = e.Time
		}
	case KindRelaunchResume:
		a.warmed, a.eligible, a.resumed = e.Count, e.Details().Eligible, true
		s.warmUnnamed(a, e)
	case KindAppUpdated:
		if d := e.Details(); d.To != "" {
			a.to = d.To
			if d.From != "" {
				a.from = d.From
			}
		}
	case KindRemoteControl:
		if sess, ok := s.sessions[e.Session]; ok && sess.restart != nil && sess.restart.audit == a {
			sess.restart.rcAfter = true
		}
	}
}

// warmUnnamed: the relaunch's "warmed A of B" counts the sessions the
// app brought back, named or not; those beyond the named ones already
// back are the unnamed ones the restart stopped (which, no line says).
func (s *State) warmUnnamed(a *restartAudit, e *Event) {
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
func (s *State) cameBack(sess *session, t time.Time, by Kind) {
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
	en := sess.restart
	if en == nil || !en.lostRC() || t.Before(en.audit.at) {
		return ""
	}
	return "Remote Control was not turned back on after the " + en.audit.at.Format("15:04") + " update"
}

// notePauseAfterRestart records an idle pause of a session that lost
// Remote Control to an update restart.
func notePauseAfterRestart(sess *session, e *Event) {
	if en := sess.restart; en != nil && en.lostRC() && en.pausedAt.IsZero() && !e.Time.Before(en.audit.at) {
		en.pausedAt, en.pauseRef = e.Time, lineRef{e.File, e.Line}
	}
}

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
				rs.Name = projectName(sess.cwd)
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
		backed := true
		switch due := rs.BackAt.Add(IdleTimeoutDefault); {
		case v.TimerTimeout > 0 && v.TimerRemaining > 0: // the app logged its timer: a fact
			head += ": the idle timer pauses it at " + v.TimerArmedAt.Add(v.TimerTimeout).Format("15:04") +
				" (in " + vocab.FormatDuration(v.TimerRemaining) + ")"
		case v.LastActivity.After(rs.BackAt) || !due.After(snap.Now):
			head += ": its idle timer pauses it 15 minutes after it is hidden and idle"
		default: // no timer line yet: the app's 900 s from its return, coworktop's estimate
			head += ": if it stays hidden, its idle timer pauses it about " + due.Format("15:04") +
				" (estimated by coworktop: 15 minutes after it came back at " + rs.BackAt.Format("15:04") + ")"
			backed = false
		}
		out = append(out, Risk{Kind: RiskRemoteControlLost, Session: rs.ID, Backed: backed, Summary: head,
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

type plainRestart RestartView

func (v *RestartView) wire() any {
	return &struct {
		*plainRestart
		At         vocab.TimeRef `json:"at,omitzero"`
		RelaunchAt vocab.TimeRef `json:"relaunch_at,omitzero"`
	}{(*plainRestart)(v), vocab.TimeRef{T: &v.At}, vocab.TimeRef{T: &v.RelaunchAt}}
}

// MarshalJSON writes the restart with its times as the log wrote them.
func (v RestartView) MarshalJSON() ([]byte, error) { return json.Marshal(v.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (v *RestartView) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, v.wire()); err != nil {
		return fmt.Errorf("restart: %w", err)
	}
	return nil
}

type plainRestartSession RestartSession

func (r *RestartSession) wire() any {
	return &struct {
		*plainRestartSession
		BackAt     vocab.TimeRef `json:"back_at,omitzero"`
		PausedAt   vocab.TimeRef `json:"paused_at,omitzero"`
		PauseDueAt vocab.TimeRef `json:"pause_due_at,omitzero"`
	}{(*plainRestartSession)(r), vocab.TimeRef{T: &r.BackAt}, vocab.TimeRef{T: &r.PausedAt}, vocab.TimeRef{T: &r.PauseDueAt}}
}

// MarshalJSON writes the session with its times as the log wrote them.
func (r RestartSession) MarshalJSON() ([]byte, error) { return json.Marshal(r.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (r *RestartSession) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, r.wire()); err != nil {
		return fmt.Errorf("restart session: %w", err)
	}
	return nil
}

// NameOf is how every output names a session it lists by id: its title
// (from its record), else its folder's name, else "" (the caller shows
// the short id).
func (s *State) NameOf(id string) string {
	if t := s.RecordTitle(id); t != "" {
		return t
	}
	if sess, ok := s.sessions[id]; ok && sess.cwd != "" {
		return projectName(sess.cwd)
	}
	return ""
}

// NamedID is "name (shortid)", or the short id alone when no name is
// known: how a list names a session, the full id in its details.
func NamedID(name, id string) string {
	short := vocab.ShortID(id)
	if name == "" || name == short {
		return short
	}
	return name + " (" + short + ")"
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
func (s *State) describeNamed(e *Event) string {
	text := Describe(*e)
	if e.Session == "" {
		return text
	}
	if name := s.NameOf(e.Session); name != "" {
		text = DescribeWithName(text, e.Session, name)
	}
	if (e.Kind == KindPause && e.Reason == ReasonIdleTimeout) || e.Kind == KindIdleTimeout {
		if sess, ok := s.sessions[e.Session]; ok {
			if why := rcLostWhy(sess, e.Time); why != "" {
				text += ": " + why
			}
		}
	}
	return text
}

// DescribeWithName puts name where a described event shows the session's
// short id.
func DescribeWithName(text, id, name string) string {
	short := vocab.ShortID(id)
	if i := strings.Index(text, short); i >= 0 {
		return text[:i] + name + text[i+len(short):]
	}
	return text
}

// Namer names the sessions of an event stream as every other output does,
// by the folder a "Starting local session … in CWD" line gave it, for
// `events`, which keeps no State. Bounded: it forgets all past maxNamed.
type Namer struct{ names map[string]string }

const maxNamed = 4096

// Name learns from e and returns the name of e's session ("" when none
// is known).
func (n *Namer) Name(e *Event) string {
	if e.Session == "" {
		return ""
	}
	if e.Kind == KindSessionStart && e.Cwd != "" {
		if n.names == nil || len(n.names) >= maxNamed {
			n.names = map[string]string{}
		}
		n.names[e.Session] = projectName(e.Cwd)
	}
	return n.names[e.Session]
}
