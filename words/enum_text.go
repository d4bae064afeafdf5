package words

import (
	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/vocab"
)

// The model's enums and small facts in words, the same in the TUI,
// report, notifications and metrics' help; their String is their name.

// LossCauseText is a loss's cause in words ("evicted at the cap").
func LossCauseText(c governor.LossCause) string {
	switch c {
	case governor.LossGovernorCap:
		return "evicted at the cap"
	case governor.LossGovernorPressure:
		return "evicted under memory pressure"
	case governor.LossIdleTimeout:
		return "idle timeout"
	case governor.LossUpdateRestart:
		return "stopped by an update restart"
	case governor.LossCrash:
		return "process crashed"
	case governor.LossDaemonLowMemory:
		return "daemon low memory"
	case governor.LossDaemonCrashLoop:
		return "daemon crash loop"
	}
	return "cause not logged"
}

// RecordSourceText is where a session's figure comes from, in words, as
// the screen and the help say it ("the app's log").
func RecordSourceText(r record.Source) string {
	switch r {
	case record.FromLog:
		return "the app's log"
	case record.FromCodeRecord:
		return "its Claude Code session record"
	case record.FromAppRecord:
		return "the app's session record"
	case record.FromJobRecord:
		return "the supervisor's job record"
	case record.FromSeen:
		return "first seen by coworktop (estimate)"
	}
	return "unknown"
}

// CauseText is why a session was evicted, in words ("at cap, warm
// spawn").
func CauseText(c event.Cause) string {
	switch c {
	case event.CauseWarm, event.CauseUser:
		return "at cap, " + c.String() + " spawn"
	case event.CausePressure:
		return "memory pressure"
	case event.CauseIdleTimeout:
		return "idle timeout"
	}
	return "cause not logged"
}

// RestartPathText is which of the app's update restarts it was, in words
// ("" when the log says only that it went down for an update).
func RestartPathText(p governor.RestartPath) string {
	switch p {
	case governor.RestartPathIdle:
		return "after the app sat idle"
	case governor.RestartPathDeferral:
		return "after the app stopped deferring it"
	}
	return ""
}

// StuckQuitText is a stuck quit in words.
func StuckQuitText(q governor.StuckQuit) string {
	return "the app spent " + vocab.FormatDuration(q.To.Sub(q.From)) + " quitting for update (" + q.From.Format("Jan 2 15:04") + " to " + q.To.Format("Jan 2 15:04") +
		"): it kept running and writing, no new start came; while so it drops deep links"
}
