package ui

import (
	"strconv"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
)

func (m *Model) outcomeStyle(o governor.Outcome) Ink {
	t := m.theme
	switch {
	case o.Eviction:
		return t.Critical
	case o.Kind == governor.KindPressure && o.Cause == governor.CauseCritical:
		return t.Critical
	case o.Kind == governor.KindPressure, o.Kind == governor.KindAtCap:
		return t.Warn
	}
	return t.Muted
}

// evictionsContent is the Evictions pane, grown into the losses timeline:
// the risks coworktop infers now first (each labelled so), then every lost
// session whatever killed it (evictions, idle timeouts, crashes, update
// restarts, the Claude Code daemon's workers) merged with the governor's
// other actions (yields, would-evicts, pressure), newest first.
func (m *Model) evictionsContent(w int) content {
	t := m.theme
	const timeW, whatW, idW, idleW = 8, 12, 8, 13
	causeW := max(4, w-timeW-whatW-idW-idleW-5)
	head := newLine(t).cell(t.Heading, "TIME", timeW).cell(t.Heading, "WHAT", whatW).cell(t.Heading, "SESSION", idW).
		rcell(t.Heading, "IDLE", idleW).cell(t.Heading, "CAUSE", causeW)
	c := content{heading: head.String()}
	for _, r := range m.snap.Risks {
		l := newLine(t).cell(t.Muted, "now", timeW).cell(t.Warn, "AT RISK", whatW).
			cell(t.Fact, governor.ShortID(r.Session), idW).rcell(Ink{}, "", idleW).cell(t.Warn, r.Text()+" · "+strings.Join(r.Evidence, "; "), causeW)
		c.rows = append(c.rows, l.row(r.Session))
	}
	losses, outcomes := m.snap.Losses, m.snap.Outcomes
	zone := m.snap.Now.Location() // the daemon logs in UTC, the app in local time: show one clock
	for i, j := len(losses)-1, 0; i >= 0 || j < len(outcomes); {
		if j < len(outcomes) && (outcomes[j].Eviction || outcomes[j].Kind == governor.KindIdleTimeout) { // its loss says it
			j++
			continue
		}
		if i >= 0 && (j >= len(outcomes) || !losses[i].Time.Before(outcomes[j].Time)) {
			c.rows = append(c.rows, m.lossRow(losses[i], zone, timeW, whatW, idW, idleW, causeW))
			i--
			continue
		}
		o := outcomes[j]
		j++
		idle := ""
		if o.Session != "" {
			idle = governor.IdleText(o.IdleS, o.IdleSource)
		}
		l := newLine(t).cell(t.Muted, clockTime(o.Time.In(zone)), timeW).cell(m.outcomeStyle(o), governor.OutcomeWhat(o), whatW).
			cell(t.Fact, governor.ShortID(o.Session), idW).rcell(Ink{}, idle, idleW).cell(Ink{}, governor.OutcomeCause(o), causeW)
		c.rows = append(c.rows, l.row(o.Session))
	}
	c.info = strconv.Itoa(m.snap.LostCount()) + " lost · " + plural(m.snap.EvictionsLastHour, "eviction") + " in the last hour"
	if n := len(m.snap.Risks); n > 0 {
		c.info += " · " + plural(n, "risk")
	}
	return c
}

// lossRow is one lost session: what killed it, what the line says, and
// the line.
func (m *Model) lossRow(l governor.Loss, zone *time.Location, timeW, whatW, idW, idleW, causeW int) row {
	t := m.theme
	who := governor.ShortID(l.Session)
	if l.Session == "" {
		who = strconv.Itoa(l.Count) + " unnamed"
	}
	why, idle := l.Cause.Text(), ""
	if l.IdleSource != "" { // an eviction's or idle timeout's idle time goes in its column
		idle = governor.IdleText(l.IdleS, l.IdleSource)
	}
	if l.Detail != "" {
		why += ": " + l.Detail
	}
	why += " · " + l.Evidence()
	return newLine(t).cell(t.Muted, clockTime(l.Time.In(zone)), timeW).cell(t.Critical, lossWhat(l.Cause), whatW).
		cell(t.Fact, who, idW).rcell(Ink{}, idle, idleW).cell(Ink{}, why, causeW).row(l.Session)
}

// lossWhat is the WHAT column of a loss.
func lossWhat(c governor.LossCause) string {
	switch c {
	case governor.LossGovernorCap, governor.LossGovernorPressure:
		return "EVICTED"
	case governor.LossIdleTimeout:
		return "IDLE PAUSE"
	case governor.LossCrash:
		return "CRASHED"
	case governor.LossUpdateRestart:
		return "STOPPED"
	case governor.LossDaemonLowMemory, governor.LossDaemonCrashLoop:
		return "LOST (bg)"
	}
	return "LOST"
}
