package governor

import (
	"strconv"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// StaleAfter is how long the log may be silent before what it last said
// is no longer taken as the present: a running app writes a memory sample
// about every minute and re-arms each idle session's timer every 15
// minutes, so a longer silence means the app is not running (or the
// folder is a saved copy).
const StaleAfter = 20 * time.Minute

// freshness sets the window and the log's age on the snapshot.
func (s *State) freshness(snap *Snapshot) {
	snap.From, snap.Newest = s.first, s.last
	if s.last.IsZero() {
		return
	}
	snap.LogAge = max(0, snap.Now.Sub(s.last))
	snap.Stale = snap.LogAge > StaleAfter
}

// StaleText says how old the log is, for a stale snapshot: "the log's
// newest line is 64d03h old"; empty when it is current.
func (s Snapshot) StaleText() string {
	if !s.Stale {
		return ""
	}
	return "the log's newest line is " + vocab.FormatDuration(s.LogAge) + " old"
}

// silence turns a live session of a stale log into StateUnknown: no idle
// timer runs on it and it is no victim.
func silence(v *SessionView, age time.Duration) {
	v.State, v.PauseReason = StateUnknown, ReasonOther
	v.PauseText = "no log line for " + vocab.FormatDuration(age)
	v.TimerArmedAt, v.TimerTimeout, v.TimerRemaining = time.Time{}, 0, 0
	v.Protected = ""
}

// AppEndText says how the app's last run ended, with its age: "quit
// 10:19:30, 12m ago", "stopped for an update 10:19:30, 12m ago"; empty
// while it runs (as far as the log says).
func (s Snapshot) AppEndText() string {
	a := s.App
	if a.DownSince.IsZero() {
		return ""
	}
	what := "quit"
	switch a.DownBy {
	case AppEndUpdate:
		what = "stopped for an update"
	case AppEndCrash:
		what = "went down with its GPU process"
	}
	return what + " " + a.DownSince.Format(time.TimeOnly) + ", " + vocab.FormatDuration(max(0, s.Now.Sub(a.DownSince))) + " ago"
}

// LoggedPressureText is the governor's last logged level with its age,
// and whether it is still the present (LoggedPressureNow): "critical,
// 2m10s ago", "critical, 64d01h ago, no longer current"; empty when none
// was logged.
func (s Snapshot) LoggedPressureText() string {
	if s.Pressure == PressureUnknown || s.PressureAt.IsZero() {
		return ""
	}
	t := s.PressureText + ", " + vocab.FormatDuration(max(0, s.Now.Sub(s.PressureAt))) + " ago"
	if s.LoggedPressureNow() == PressureUnknown {
		t += ", no longer current"
	}
	return t
}

// WindowText says what the figures are read from: "log 09:58:02 → 10:19:30"
// (dates when they differ from Now's), with the log's age when stale.
func (s Snapshot) WindowText() string {
	if s.From.IsZero() {
		return "no log lines read"
	}
	layout := time.TimeOnly
	if y, m, d := s.Now.Date(); s.From.Year() != y || s.From.Month() != m || s.From.Day() != d {
		layout = time.DateTime
	}
	t := "log " + s.From.Format(layout) + " → " + s.Newest.Format(layout)
	if s.Stale {
		t += " · " + s.StaleText()
	}
	return t
}

// LostText is the one "lost" figure in words: "3 lost since 09:58:02",
// with the sessions that came back: "3 lost (2 more came back)".
func LostText(s Snapshot) string {
	t := strconv.Itoa(s.LostCount()) + " lost"
	if !s.From.IsZero() {
		t += " since " + s.From.Format(time.DateTime)
	}
	if s.CameBack > 0 {
		t += " (" + strconv.Itoa(s.CameBack) + " more came back)"
	}
	return t
}

// CarriedCapText is the logged cap with its age when it was logged before
// the app's current run began (a fact about the machine that outlived the
// restart): "8 (logged 40m ago)"; empty otherwise.
func (s Snapshot) CarriedCapText() string {
	c := s.Cap
	if c.Source != vocab.SourceLogged || c.At.IsZero() || s.App.StartedAt.IsZero() || !c.At.Before(s.App.StartedAt) {
		return ""
	}
	return strconv.Itoa(c.Value) + " (logged " + vocab.FormatDuration(c.Age) + " ago)"
}
