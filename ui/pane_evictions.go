package ui

import (
	"strconv"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
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
	var pend []evPending
	for i, r := range m.snap.Risks {
		who := m.sessionName(r.Session)
		if who == "" && len(r.Sessions) > 0 {
			who = plural(len(r.Sessions), "session")
		}
		// The evidence is in what enter opens: the row's width goes to
		// the reason (issue 36 #2).
		detail := append([]string{"AT RISK now: " + r.Text()}, evidenceLines(r.Evidence)...)
		// The SESSION column names it: the cause need not start with
		// the name again.
		cause := r.Text()
		if who != "" {
			cause = strings.TrimPrefix(cause, who+" ")
		}
		pend = append(pend, evPending{key: "risk:" + strconv.Itoa(i) + ":" + r.Session,
			cells: [4]string{"now", "AT RISK", who, ""}, inks: [3]Ink{t.Muted, t.Warn, t.Warn}, cause: cause, detail: detail})
	}
	keep := -1
	losses, outcomes := m.snap.Losses, m.snap.Outcomes
	zone := m.snap.Now.Location() // the daemon logs in UTC, the app in local time: show one clock
	// The last hour's losses come first, newest first, before the older
	// history and the governor's other actions (issue 36 #2: at 80×24 the
	// losses of the last hour sat under "↓ 13 more"); recent counts those
	// still lost, with the risks: the rows the first screen must show.
	i := len(losses) - 1
	for ; i >= 0 && m.snap.Now.Sub(losses[i].Time) <= governor.HappenedFor; i-- {
	}
	// Those still lost first, then those that came back.
	recent := len(pend)
	for _, back := range []bool{false, true} {
		for k := len(losses) - 1; k > i; k-- {
			if losses[k].Back.IsZero() == back {
				continue
			}
			if keep < 0 {
				keep = len(pend) // the newest loss stays in view
			}
			pend = append(pend, m.lossRow(losses[k], zone))
			if !back {
				recent = len(pend)
			}
		}
	}
	for j := 0; i >= 0 || j < len(outcomes); {
		if j < len(outcomes) && (outcomes[j].Eviction || outcomes[j].Kind == governor.KindIdleTimeout) { // its loss says it
			j++
			continue
		}
		if i >= 0 && (j >= len(outcomes) || !losses[i].Time.Before(outcomes[j].Time)) {
			if keep < 0 {
				keep = len(pend) // the newest loss stays in view
			}
			pend = append(pend, m.lossRow(losses[i], zone))
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
		pend = append(pend, evPending{key: "out:" + strconv.Itoa(j) + ":" + o.Session,
			cells: [4]string{at, governor.OutcomeWhat(o), m.sessionName(o.Session), idle}, inks: [3]Ink{t.Muted, m.outcomeStyle(o), Ink{}},
			cause: governor.OutcomeCause(o), detail: m.withLogLines(detail, o.Session, o.Time)})
	}
	ev := m.evColumns(w, pend)
	head := newLine(t).add(Ink{}, " ").cell(t.Heading, "TIME", ev.timeW).cell(t.Heading, "WHAT", ev.whatW).cell(t.Heading, "SESSION", ev.nameW)
	if !ev.foldIdle {
		head.rcell(t.Heading, "IDLE", ev.idleW).add(Ink{}, " ")
	}
	head.cell(t.Heading, "CAUSE", ev.causeW)
	c := content{heading: head.String(), keep: keep, recent: recent, rows: make([]row, 0, len(pend))}
	for _, p := range pend {
		c.rows = append(c.rows, m.evRow(ev, p))
	}
	c.info = strconv.Itoa(m.snap.LostCount()) + " lost · " + plural(m.snap.EvictionsLastHour, "eviction") + " in the last hour"
	if n := len(m.snap.Risks); n > 0 {
		c.info += " · " + plural(n, "risk")
	}
	return c
}

// evictionsMinRows: the risks and the last hour's losses, up to
// evRecentRows, are on the first screen before the less important panes
// get room (issue 36 #2: at 80×24 the two sessions paused after an update
// restart sat under "↓ 2 more").
func (m *Model) evictionsMinRows(c content, rows int) int {
	if m.height < 24 {
		return 1
	}
	return max(1, min(c.recent, evRecentRows, rows))
}

// evRecentRows bounds the rows the Evictions pane asks for first.
const evRecentRows = 3

// evPending is an Evictions row before the columns are sized: its key
// (a session may have a risk and a loss), cells (time, what, session
// name, idle) in their inks (time, what, cause), the cause, and what
// enter opens.
type evPending struct {
	key    string
	cells  [4]string
	inks   [3]Ink
	cause  string
	detail []string
}

// evCols are the Evictions pane's column widths, and how many lines a
// cause may wrap to.
type evCols struct {
	timeW, whatW, nameW, idleW, causeW int
	lines                              int
	foldIdle                           bool // no IDLE column: the idle time ends the cause
}

// anyIdle: some row has an idle time (an IDLE column empty on every row
// takes no width).
func anyIdle(pend []evPending) bool {
	for _, p := range pend {
		if p.cells[3] != "" {
			return true
		}
	}
	return false
}

// evCauseMin: below this the cause takes the IDLE column's width too.
const evCauseMin = 30

// evColumns sizes the columns to what they hold, so the cause gets the
// rest of the width; the cause wraps, to a few lines where the screen has
// the height and to every line when the pane is zoomed, rather than being
// cut (issue 36 #2).
func (m *Model) evColumns(w int, pend []evPending) evCols {
	ev := evCols{timeW: 8, whatW: 4, nameW: 7, idleW: 4, lines: 1}
	names := 0
	for _, p := range pend {
		ev.whatW = max(ev.whatW, textWidth(p.cells[1]))
		names = max(names, clipWidth(p.cells[2]))
		ev.idleW = max(ev.idleW, textWidth(p.cells[3]))
	}
	ev.nameW = max(ev.nameW, min(names, 24, w/4))
	// Two spaces after IDLE: its right-aligned figure must not run into
	// the cause's first word.
	ev.causeW = max(4, w-ev.timeW-ev.whatW-ev.nameW-ev.idleW-7)
	if ev.causeW < evCauseMin && ev.idleW > 4 || !anyIdle(pend) {
		// Too narrow for the reasons: the idle time goes to the end of
		// the cause ("… · idle 7m45s") and its column to the cause.
		ev.causeW += ev.idleW + 2
		ev.idleW, ev.foldIdle = 0, true
	}
	switch {
	case m.zoomed && m.focus == paneEvictions:
		ev.lines = 1 << 10
	case m.height >= 2*evWrapHeight:
		ev.lines = 2 * evWrapLines
	case m.height >= 4*evWrapHeight/3:
		ev.lines = 3 * evWrapLines / 2
	case m.height >= evWrapHeight:
		ev.lines = evWrapLines
	}
	return ev
}

// From evWrapHeight lines of screen a cause wraps to evWrapLines lines.
const (
	evWrapHeight = 30
	evWrapLines  = 4
)

// evRow is one Evictions row, its cause wrapped under it.
func (m *Model) evRow(ev evCols, p evPending) row {
	t := m.theme
	l := newLine(t).add(Ink{}, " ").cell(p.inks[0], p.cells[0], ev.timeW).cell(p.inks[1], p.cells[1], ev.whatW).cell(Ink{}, p.cells[2], ev.nameW)
	cause, lead := p.cause, ev.timeW+ev.whatW+ev.nameW+4
	switch {
	case ev.foldIdle && p.cells[3] != "":
		cause += " · idle " + p.cells[3]
	case !ev.foldIdle:
		l.rcell(Ink{}, p.cells[3], ev.idleW).add(Ink{}, " ")
		lead += ev.idleW + 2
	}
	lines := wrap(cause, ev.causeW, ev.lines)
	r := l.cell(p.inks[2], lines[0], ev.causeW).row(p.key)
	indent := strings.Repeat(" ", lead)
	for _, more := range lines[1:] {
		r.more = append(r.more, indent+t.paint(p.inks[2], fit(more, ev.causeW))+" ")
	}
	r.detail = p.detail
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
func (m *Model) lossRow(l governor.Loss, zone *time.Location) evPending {
	t := m.theme
	who := m.sessionName(l.Session)
	if l.Session == "" {
		who = strconv.Itoa(l.Count) + " unnamed"
	}
	why, idle := l.Cause.Text(), ""
	if l.IdleSource != vocab.SourceNone { // an eviction's or idle timeout's idle time goes in its column
		idle = governor.IdleText(l.IdleS, l.IdleSource)
	}
	if l.Detail != "" {
		why += ": " + l.Detail
	}
	if l.WaitingFor != "" { // its record said it waited for the person (records.go)
		why += " · was waiting for you: " + l.WaitingFor
	}
	whatInk := t.Critical
	if !l.Back.IsZero() {
		// History: it came back (issue 36: six "STOPPED" rows read as
		// six sessions lost after an update restart that lost none).
		why += ", back"
		whatInk = t.Muted
	}
	at := clockTime(l.Time.In(zone))
	head := at + " " + lossWhat(l.Cause) + " " + who
	if l.Session != "" {
		head += " (" + l.Session + ")"
	}
	if idle != "" {
		head += ", idle " + idle
	}
	// The line it is read from (file:line) is in what enter opens.
	detail := append([]string{head + ": " + why}, evidenceLines([]string{l.Evidence()})...)
	if l.Session != "" {
		detail = append(detail, m.state.RecoveryOf(l.Session, who).Lines()...)
	}
	return evPending{key: "loss:" + at + ":" + strconv.Itoa(l.Line) + ":" + l.Session, cells: [4]string{at, lossWhat(l.Cause), who, idle},
		inks: [3]Ink{t.Muted, whatInk, Ink{}}, cause: why, detail: m.withLogLines(detail, l.Session, l.Time)}
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
