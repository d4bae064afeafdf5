package ui

import (
	"strconv"

	"github.com/coworktop/coworktop/governor"
)

func (m *Model) outcomeStyle(o governor.Outcome) Ink {
	t := m.theme
	switch {
	case o.Eviction:
		return t.Critical
	case o.Kind == governor.KindPressure && o.Cause == governor.Cause(governor.PressureCritical):
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
	const timeW, whatW, idW, idleW = 8, 12, 8, 13
	causeW := max(4, w-timeW-whatW-idW-idleW-5)
	head := newLine(t).cell(t.Heading, "TIME", timeW).cell(t.Heading, "WHAT", whatW).cell(t.Heading, "SESSION", idW).
		rcell(t.Heading, "IDLE", idleW).cell(t.Heading, "CAUSE", causeW)
	c := content{heading: head.String()}
	for _, o := range m.snap.Outcomes {
		idle := ""
		if o.Session != "" {
			idle = governor.IdleText(o.IdleS, o.IdleSource)
		}
		st := m.outcomeStyle(o)
		l := newLine(t).cell(t.Muted, clockTime(o.Time), timeW).cell(st, governor.OutcomeWhat(o), whatW).
			cell(t.Fact, governor.ShortID(o.Session), idW).rcell(Ink{}, idle, idleW).cell(Ink{}, governor.OutcomeCause(o), causeW)
		c.rows = append(c.rows, l.row(o.Session))
	}
	c.info = plural(m.snap.EvictionsLastHour, "eviction") + " in the last hour · " + strconv.Itoa(m.snap.Counts.Evictions) + " total"
	return c
}
