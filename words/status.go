package words

import (
	"strconv"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// The snapshot's state in words: how the app's last run ended, the logged
// pressure level, the log window, the lost count, a carried cap and the
// terminal sessions, as snapshot and the screen's header say them.

// AppEndText says how the app's last run ended, with its age: "quit
// 10:19:30, 12m ago", "stopped for an update 10:19:30, 12m ago"; empty
// while it runs (as far as the log says).
func AppEndText(s governor.Snapshot) string {
	a := s.App
	if a.DownSince.IsZero() {
		return ""
	}
	what := "quit"
	switch a.DownBy {
	case governor.AppEndUpdate:
		what = "stopped for an update"
	case governor.AppEndCrash:
		what = "went down with its GPU process"
	}
	return what + " " + a.DownSince.Format(time.TimeOnly) + ", " + vocab.FormatDuration(max(0, s.Now.Sub(a.DownSince))) + " ago"
}

// LoggedPressureText is the governor's last logged level with its age,
// and whether it is still the present (LoggedPressureNow): "critical,
// 2m10s ago", "critical, 64d01h ago, no longer current"; empty when none
// was logged.
func LoggedPressureText(s governor.Snapshot) string {
	if s.Pressure == host.PressureUnknown || s.PressureAt.IsZero() {
		return ""
	}
	t := s.PressureText + ", " + vocab.FormatDuration(max(0, s.Now.Sub(s.PressureAt))) + " ago"
	if s.LoggedPressureNow() == host.PressureUnknown {
		t += ", no longer current"
	}
	return t
}

// WindowText says what the figures are read from: "log 09:58:02 → 10:19:30"
// (dates when they differ from Now's), with the log's age when stale.
func WindowText(s governor.Snapshot) string {
	if s.From.IsZero() {
		return "no log lines read"
	}
	layout := time.TimeOnly
	if y, m, d := s.Now.Date(); s.From.Year() != y || s.From.Month() != m || s.From.Day() != d {
		layout = time.DateTime
	}
	t := "log " + s.From.Format(layout) + " → " + s.Newest.Format(layout)
	if s.Stale {
		t += " · " + StaleText(&s)
	}
	return t
}

// LostText is the one "lost" figure in words: "3 lost since 09:58:02",
// with the sessions that came back: "3 lost (2 more came back)".
func LostText(s governor.Snapshot) string {
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
func CarriedCapText(s governor.Snapshot) string {
	c := s.Cap
	if c.Source != vocab.SourceLogged || c.At.IsZero() || s.App.StartedAt.IsZero() || !c.At.Before(s.App.StartedAt) {
		return ""
	}
	return strconv.Itoa(c.Value) + " (logged " + vocab.FormatDuration(c.Age) + " ago)"
}

// TerminalText is the terminal sessions in words, for snapshot: "1
// session started from a terminal, not by the desktop app: counted in
// needs you, but …"; "" when there is none.
func TerminalText(snap governor.Snapshot) string {
	n := 0
	for _, b := range snap.Background {
		if b.Kind == governor.KindTerminal {
			n++
		}
	}
	switch n {
	case 0:
		return ""
	case 1:
		return "1 session " + TerminalNote
	}
	return strconv.Itoa(n) + " sessions " + TerminalNote
}
