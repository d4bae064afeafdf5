package words

import (
	"fmt"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// The short forms: what a screen cell or one line holds of an outcome, a
// loss, the outlook and a pending update, made from the same facts as
// their whole sentences.

// OutcomeCause says why, for any outcome, in words; an eviction's cause
// reads as CauseText does in report.
func OutcomeCause(o governor.Outcome) string {
	switch {
	case o.Kind == event.KindPressure:
		return "memory pressure (" + o.CauseName() + ")"
	case o.Kind == event.KindYield:
		return "at cap, " + o.CauseName() + " spawn refused"
	}
	return CauseText(o.Cause)
}

// OutcomeShort is an outcome's cause on the screen's one line, without
// the log's words ("warm spawn"); OutcomeCause says it as report does.
func OutcomeShort(o governor.Outcome) string {
	switch {
	case o.Kind == event.KindYield && o.Cause == event.CauseWarm:
		return "at the cap: no spare session started"
	case o.Kind == event.KindYield:
		return "at the cap: a new session was refused"
	case o.Kind == event.KindAtCap && (o.Cause == event.CauseWarm || o.Cause == event.CauseUser):
		return "at the cap, for a new session"
	}
	return OutcomeCause(o)
}

// OutlookShort is the outlook in one line, for the line under the idle ranking:
// what the next session would meet, and what a sweep would pause, as
// coworktop's estimate, the label first so a narrow pane keeps it. Summary
// and SweepSummary say it whole.
func OutlookShort(snap *governor.Snapshot) string {
	o := snap.Outlook
	var s string
	switch {
	case o.Action == "start":
		s = fmt.Sprintf("%d more before the cap", o.ToCap)
	case o.Action == "evict":
		s = "a new session pauses ◀ next"
	case o.Action == "yield" && o.ToCap < 0:
		s = fmt.Sprintf("%d over the cap: none started ahead", -o.ToCap)
	case o.Action == "yield":
		s = "at the cap, none idle: none started ahead"
	default:
		return OutlookSummary(snap)
	}
	if o.Sweep > 0 {
		s += fmt.Sprintf(" · sweep pauses %d", o.Sweep)
	}
	return "est.: " + s
}

// LossShortCause is a loss's cause on the screen's one line, beside its WHAT
// (EVICTED, IDLE PAUSE, STOPPED, …), which it does not repeat: "at the
// cap", "RC left off by the 13:44 update" (Remote Control), "update restart:
// turn cut after 22m". LossCauseText and Detail say it whole.
func LossShortCause(l governor.Loss) string {
	base := ""
	switch l.Cause {
	case governor.LossGovernorCap:
		base = "at the cap"
	case governor.LossGovernorPressure:
		base = "memory pressure"
	case governor.LossIdleTimeout:
		if l.Short != "" {
			return l.Short
		}
		base = "its idle timer"
	case governor.LossUpdateRestart:
		base = "update restart"
	case governor.LossCrash:
		base = "its process ended"
	default:
		base = LossCauseText(l.Cause)
	}
	switch {
	case l.Short != "":
		return base + ": " + l.Short
	case l.Detail != "":
		return base + ": " + l.Detail
	}
	return base
}

// UpdateShortLine is the update warning in one line, for a row that names the
// sessions it stops: "update 2.2553.1: restart stops them". Summary and
// When say it whole.
func UpdateShortLine(v *governor.UpdateView) string {
	s := "an update"
	if v.Version != "" {
		s = "update " + v.Version
	}
	if len(v.Sessions) == 0 {
		return s + ": restart coming"
	}
	return s + ": restart stops them"
}

// LossDetailText is the loss's Detail with the idle time in front: "idle
// 6m20s", "idle ~21m35s (est.)". It is worded when shown, not when
// folded: Apply is the hot path and most losses are never looked at.
func LossDetailText(l governor.Loss) string {
	if l.IdleSource == vocab.SourceNone {
		return l.Detail
	}
	idle := "idle " + IdleText(l.IdleS, l.IdleSource)
	if l.Detail != "" {
		return idle + "; " + l.Detail
	}
	return idle
}
