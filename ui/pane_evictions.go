package ui

import (
	"strconv"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// outcomeLabel names an outcome for the Evictions pane.
func outcomeLabel(o governor.Outcome) string {
	switch {
	case o.Eviction:
		return "EVICTED"
	case o.Kind == governor.KindAtCap:
		return "would evict"
	case o.Kind == governor.KindYield:
		return "yield"
	case o.Kind == governor.KindPressure:
		return "pressure"
	case o.Kind == governor.KindIdleTimeout:
		return "idle timeout"
	}
	return string(o.Kind)
}

func (m *Model) outcomeStyle(o governor.Outcome) Ink {
	t := m.theme
	switch {
	case o.Eviction:
		return t.Critical
	case o.Kind == governor.KindPressure && o.Cause == string(governor.PressureCritical):
		return t.Critical
	case o.Kind == governor.KindPressure, o.Kind == governor.KindAtCap:
		return t.Warn
	}
	return t.Muted
}

// evictionsContent is the Evictions pane: evictions, yields, would-evicts and
// pressure events, newest first, with a counter for the last hour.
func (m *Model) evictionsContent(w int) content {
	t := m.theme
	const timeW, whatW, idW, idleW = 8, 12, 8, 6
	causeW := max(4, w-timeW-whatW-idW-idleW-5)
	head := newLine(t).cell(t.Heading, "TIME", timeW).cell(t.Heading, "WHAT", whatW).cell(t.Heading, "SESSION", idW).
		rcell(t.Heading, "IDLE", idleW).cell(t.Heading, "CAUSE", causeW)
	c := content{heading: head.String()}
	hour := 0
	for _, o := range m.snap.Outcomes {
		if o.Eviction && m.snap.Now.Sub(o.Time) <= time.Hour {
			hour++
		}
		idle := ""
		if o.IdleS > 0 || o.Session != "" {
			idle = governor.FormatDuration(time.Duration(o.IdleS) * time.Second)
		}
		st := m.outcomeStyle(o)
		l := newLine(t).cell(t.Muted, clockTime(o.Time), timeW).cell(st, outcomeLabel(o), whatW).
			cell(t.Fact, governor.ShortID(o.Session), idW).rcell(Ink{}, idle, idleW).cell(Ink{}, causeText(o), causeW)
		c.rows = append(c.rows, l.row(o.Session))
	}
	c.info = plural(hour, "eviction") + " in the last hour · " + strconv.Itoa(m.snap.Counts.Evictions) + " total"
	return c
}

// causeText spells out why.
func causeText(o governor.Outcome) string {
	switch {
	case o.Kind == governor.KindPressure:
		return "memory pressure (" + o.Cause + ")"
	case o.Kind == governor.KindYield:
		return "at cap: " + o.Cause + " spawn refused"
	case o.Cause == "warm" || o.Cause == "user":
		return "at cap: " + o.Cause + " spawn"
	case o.Cause == "pressure":
		return "memory pressure"
	case o.Cause == "idle_timeout":
		return "idle timeout"
	}
	return o.Cause
}
