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
// other actions (yields, would-evicts, pressure), newest first. Each row
// names its session by project or title (issue 23 #5), opens its full text
// and evidence with enter, and wraps when the pane is zoomed.
func (m *Model) evictionsContent(w int) content {
	t := m.theme
	ev := evCols{timeW: 8, whatW: 12, idleW: 13}
	ev.nameW = max(8, min(20, (w-ev.timeW-ev.whatW-ev.idleW)/4))
	// Two spaces after IDLE: its right-aligned figure must not run into
	// the cause's first word.
	ev.causeW = max(4, w-ev.timeW-ev.whatW-ev.nameW-ev.idleW-7)
	ev.wrap = m.zoomed && m.focus == paneEvictions
	head := newLine(t).add(Ink{}, " ").cell(t.Heading, "TIME", ev.timeW).cell(t.Heading, "WHAT", ev.whatW).cell(t.Heading, "SESSION", ev.nameW).
		rcell(t.Heading, "IDLE", ev.idleW).add(Ink{}, " ").cell(t.Heading, "CAUSE", ev.causeW)
	c := content{heading: head.String()}
	for i, r := range m.snap.Risks {
		who := m.sessionName(r.Session)
		if who == "" && len(r.Sessions) > 0 {
			who = plural(len(r.Sessions), "session")
		}
		cause := r.Text()
		if len(r.Evidence) > 0 {
			cause += " · " + strings.Join(r.Evidence, "; ")
		}
		detail := append([]string{"AT RISK now: " + r.Text()}, evidenceLines(r.Evidence)...)
		c.rows = append(c.rows, m.evRow(ev, "risk:"+strconv.Itoa(i)+":"+r.Session,
			[4]string{"now", "AT RISK", who, ""}, [3]Ink{t.Muted, t.Warn, t.Warn}, cause, detail))
	}
	c.keep = -1
	losses, outcomes := m.snap.Losses, m.snap.Outcomes
	zone := m.snap.Now.Location() // the daemon logs in UTC, the app in local time: show one clock
	for i, j := len(losses)-1, 0; i >= 0 || j < len(outcomes); {
		if j < len(outcomes) && (outcomes[j].Eviction || outcomes[j].Kind == governor.KindIdleTimeout) { // its loss says it
			j++
			continue
		}
		if i >= 0 && (j >= len(outcomes) || !losses[i].Time.Before(outcomes[j].Time)) {
			if c.keep < 0 {
				c.keep = len(c.rows) // the newest loss stays in view
			}
			c.rows = append(c.rows, m.lossRow(losses[i], zone, ev))
			i--
			continue
		}
		o := outcomes[j]
		j++
		idle := ""
		if o.Session != "" {
			idle = governor.IdleText(o.IdleS, o.IdleSource)
		}
		at := clockTime(o.Time.In(zone))
		detail := []string{at + " " + governor.OutcomeWhat(o) + " " + m.sessionName(o.Session) + ": " + governor.OutcomeCause(o)}
		if o.File != "" {
			detail = append(detail, evidenceLines([]string{o.File + ":" + strconv.Itoa(o.Line)})...)
		}
		c.rows = append(c.rows, m.evRow(ev, "out:"+strconv.Itoa(j)+":"+o.Session,
			[4]string{at, governor.OutcomeWhat(o), m.sessionName(o.Session), idle}, [3]Ink{t.Muted, m.outcomeStyle(o), Ink{}},
			governor.OutcomeCause(o), m.withLogLines(detail, o.Session, o.Time)))
	}
	c.info = strconv.Itoa(m.snap.LostCount()) + " lost · " + plural(m.snap.EvictionsLastHour, "eviction") + " in the last hour"
	if n := len(m.snap.Risks); n > 0 {
		c.info += " · " + plural(n, "risk")
	}
	return c
}

// evCols are the Evictions pane's column widths, and whether its causes
// wrap (zoomed).
type evCols struct {
	timeW, whatW, nameW, idleW, causeW int
	wrap                               bool
}

// evRow is one Evictions row: cells (time, what, session name, idle) in
// their inks (time, what, cause), the cause, and what enter opens. key
// identifies the row for the cursor (a session may have a risk and a loss).
func (m *Model) evRow(ev evCols, key string, cells [4]string, inks [3]Ink, cause string, detail []string) row {
	t := m.theme
	l := newLine(t).add(Ink{}, " ").cell(inks[0], cells[0], ev.timeW).cell(inks[1], cells[1], ev.whatW).cell(Ink{}, cells[2], ev.nameW).
		rcell(Ink{}, cells[3], ev.idleW).add(Ink{}, " ")
	lines := []string{cause}
	if ev.wrap {
		lines = wrap(cause, ev.causeW, 1<<10)
	}
	r := l.cell(inks[2], lines[0], ev.causeW).row(key)
	indent := strings.Repeat(" ", ev.timeW+ev.whatW+ev.nameW+ev.idleW+6)
	for _, more := range lines[1:] {
		r.more = append(r.more, indent+t.paint(inks[2], fit(more, ev.causeW))+" ")
	}
	r.detail = detail
	return r
}

// evidenceLines are a risk's or a loss's evidence, one a line, each with
// the line of the event log it names when the log still holds it.
func evidenceLines(evidence []string) []string {
	out := make([]string, 0, len(evidence)+1)
	if len(evidence) > 0 {
		out = append(out, "evidence:")
	}
	for _, e := range evidence {
		out = append(out, "  "+e)
	}
	return out
}

// withLogLines adds the event log's lines of session at time t (the lines
// the evidence cites, as parsed).
func (m *Model) withLogLines(detail []string, session string, at time.Time) []string {
	if session == "" {
		return detail
	}
	var lines []string
	for _, ll := range m.snap.Log {
		if ll.Session == session && ll.Time.Equal(at) {
			lines = append(lines, "  "+clockTime(ll.Time)+" "+ll.Text)
		}
	}
	if len(lines) > 0 {
		detail = append(append(detail, "log:"), lines...)
	}
	return detail
}

// lossRow is one lost session: what killed it, what the line says, and
// the line.
func (m *Model) lossRow(l governor.Loss, zone *time.Location, ev evCols) row {
	t := m.theme
	who := m.sessionName(l.Session)
	if l.Session == "" {
		who = strconv.Itoa(l.Count) + " unnamed"
	}
	why, idle := l.Cause.Text(), ""
	if l.IdleSource != governor.SourceNone { // an eviction's or idle timeout's idle time goes in its column
		idle = governor.IdleText(l.IdleS, l.IdleSource)
	}
	if l.Detail != "" {
		why += ": " + l.Detail
	}
	if l.WaitingFor != "" { // its record said it waited for the person (records.go)
		why += " · was waiting for you: " + l.WaitingFor
	}
	at := clockTime(l.Time.In(zone))
	head := at + " " + lossWhat(l.Cause) + " " + who
	if l.Session != "" {
		head += " (" + l.Session + ")"
	}
	if idle != "" {
		head += ", idle " + idle
	}
	detail := append([]string{head + ": " + why}, evidenceLines([]string{l.Evidence()})...)
	why += " · " + l.Evidence()
	return m.evRow(ev, "loss:"+at+":"+strconv.Itoa(l.Line)+":"+l.Session, [4]string{at, lossWhat(l.Cause), who, idle},
		[3]Ink{t.Muted, t.Critical, Ink{}}, why, m.withLogLines(detail, l.Session, l.Time))
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
