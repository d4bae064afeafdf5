package ui

import (
	"strconv"
	"strings"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

func (m *Model) outcomeStyle(o governor.Outcome) Ink {
	t := m.theme
	switch {
	case o.Eviction:
		return t.Critical
	case o.Kind == event.KindPressure && o.Cause == event.CauseCritical:
		return t.Critical
	case o.Kind == event.KindPressure, o.Kind == event.KindAtCap:
		return t.Warn
	}
	return t.Muted
}

// evictionsContent is the Evictions pane, grown into the losses timeline:
// the risks coworktop infers now that no session's row says (each
// labelled so; a session's own risk is its NEXT cell, issue 46), then
// every lost session whatever killed it (evictions, idle timeouts,
// crashes, update restarts, the Claude Code daemon's workers) merged with
// the governor's other actions (yields, would-evicts, pressure), newest
// first. One line an event (the zoomed pane wraps); each row names its
// session by project or title (issue 23 #5) and opens its full text and
// evidence with enter.
//
// Only the rows drawn are built (issue 52 #7: every kept loss was
// formatted on every frame to size a pane that shows ten): the rows are
// an order of references into the snapshot's lists, merged as far as
// they are read, and the columns are sized over the first rows.
func (m *Model) evictionsContent(w int) content {
	t := m.theme
	var risks []evPending
	for i, r := range m.snap.Risks {
		if r.Session != "" {
			continue // its row in the Sessions pane says it (NEXT), its details whole
		}
		who, text := "", words.RiskShort(r)
		if len(r.Sessions) > 0 {
			who = plural(len(r.Sessions), "session")
		}
		if r.Kind == governor.RiskUpdateRestart && m.snap.Update != nil {
			text = words.UpdateShortLine(m.snap.Update)
		}
		if text == "" {
			text = words.RiskText(r)
		}
		detail := append([]string{"AT RISK now: " + words.RiskText(r)}, evidenceLines(words.RiskEvidence(r))...)
		risks = append(risks, evPending{key: "risk:" + strconv.Itoa(i) + ":" + r.Kind.String(),
			cells: [4]string{"now", "AT RISK", who, ""}, inks: [3]Ink{t.Muted, t.Warn, t.Warn}, cause: text, whole: words.RiskText(r), detail: detail})
	}
	order := m.evOrder()
	zone := m.snap.Now.Location() // the daemon logs in UTC, the app in local time: show one clock
	pending := func(i int) evPending {
		if i < len(risks) {
			return risks[i]
		}
		return m.evPendingOf(order.at(i-len(risks)), zone)
	}
	n := len(risks) + order.count
	sample := make([]evPending, 0, min(n, evSizeRows))
	for i := range min(n, evSizeRows) {
		sample = append(sample, pending(i))
	}
	// The rows drawn are among the first: they are formatted once, for
	// the columns and for the screen (issue 52 item 7).
	pending = func(i int) evPending {
		if i < len(sample) {
			return sample[i]
		}
		if i < len(risks) {
			return risks[i]
		}
		return m.evPendingOf(order.at(i-len(risks)), zone)
	}
	ev := m.evColumns(w, sample)
	head := newLine(t).add(Ink{}, " ").cell(t.Heading, "TIME", ev.timeW).cell(t.Heading, "WHAT", ev.whatW).cell(t.Heading, "SESSION", ev.nameW)
	if !ev.foldIdle {
		head.rcell(t.Heading, "IDLE", ev.idleW).add(Ink{}, " ")
	}
	head.cell(t.Heading, "CAUSE", ev.causeW)
	c := content{heading: head.String(), keep: -1, recent: len(risks) + order.stillLost, count: n}
	if order.lastHour+order.older > 0 {
		c.keep = len(risks) // the newest loss stays in view
	}
	c.rowAt = func(i int) row { return m.evRow(ev, pending(i)) }
	c.sessionAt = func(i int) string { // the row's key, without formatting it
		if i < len(risks) {
			return risks[i].key
		}
		return m.evKey(order.at(i-len(risks)), zone)
	}
	c.info = strconv.Itoa(m.snap.LostCount()) + " lost · " + plural(m.snap.EvictionsLastHour, "eviction") + " in the last hour"
	if n := len(m.snap.Risks); n > 0 {
		c.info += " · " + plural(n, "risk")
	}
	return c
}

// evSizeRows is how many rows from the top size the Evictions columns.
const evSizeRows = 24

// evRef is one history row of the Evictions pane: a loss or an outcome
// of the snapshot, by index.
type evRef struct {
	loss  bool
	index int
}

// evList is the Evictions pane's history rows in order: the last hour's
// losses (those still lost first, then those that came back), then the
// older losses merged with the governor's other actions, newest first. The
// merge runs only as far as a row is asked for.
type evList struct {
	count     int
	stillLost int // the last hour's losses still lost: the first screen's rows
	lastHour  int
	older     int // losses before the last hour
	head      []evRef
	merged    []evRef
	li, oj    int // the merge's next loss (down from older-1) and outcome
	m         *Model
}

// evOrder lays out the history rows. Only the last hour's losses are
// read now (the first screen's); the rest on demand.
func (m *Model) evOrder() *evList {
	losses, outcomes := m.snap.Losses, m.snap.Outcomes
	i := len(losses) - 1
	for ; i >= 0 && m.snap.Now.Sub(losses[i].Time) <= words.HappenedFor; i-- {
	}
	l := &evList{m: m, older: i + 1, li: i}
	for _, back := range []bool{false, true} {
		for k := len(losses) - 1; k > i; k-- {
			if losses[k].Back.IsZero() == back {
				continue
			}
			l.head = append(l.head, evRef{loss: true, index: k})
			if !back {
				l.stillLost++
			}
		}
	}
	l.lastHour = len(l.head)
	l.count = l.lastHour + l.older + m.evOthers.of(outcomes)
	return l
}

// evShownCount counts the outcomes the Evictions pane lists (those no
// loss says) for one list of outcomes: a snapshot hands over the list
// the last one did while it is unchanged (it is replaced, never written
// to), so the kept outcomes, up to 5,000, are read when they change, not
// at every frame (issue 52 item 7).
type evShownCount struct {
	key   listKey[governor.Outcome]
	shown int
}

// of is the count for outcomes.
func (c *evShownCount) of(outcomes []governor.Outcome) int {
	if c.key == keyOf(outcomes) {
		return c.shown // and 0 for no outcomes
	}
	shown := 0
	for j := range outcomes { // a bool each: no formatting
		if !evHidden(outcomes[j]) {
			shown++
		}
	}
	c.key, c.shown = keyOf(outcomes), shown
	return shown
}

// evHidden: an outcome its loss already says.
func evHidden(o governor.Outcome) bool {
	return o.Eviction || o.Kind == event.KindIdleTimeout
}

// at is history row k.
func (l *evList) at(k int) evRef {
	if k < len(l.head) {
		return l.head[k]
	}
	k -= len(l.head)
	losses, outcomes := l.m.snap.Losses, l.m.snap.Outcomes
	for len(l.merged) <= k {
		for l.oj < len(outcomes) && evHidden(outcomes[l.oj]) {
			l.oj++
		}
		if l.li >= 0 && (l.oj >= len(outcomes) || !losses[l.li].Time.Before(outcomes[l.oj].Time)) {
			l.merged = append(l.merged, evRef{loss: true, index: l.li})
			l.li--
			continue
		}
		if l.oj >= len(outcomes) {
			return evRef{index: -1}
		}
		l.merged = append(l.merged, evRef{index: l.oj})
		l.oj++
	}
	return l.merged[k]
}

// evKey is a history row's key, as evPendingOf gives it.
func (m *Model) evKey(r evRef, zone *time.Location) string {
	switch {
	case r.index < 0:
		return ""
	case r.loss:
		l := m.snap.Losses[r.index]
		return lossKey(l, clockTime(l.Time.In(zone)))
	}
	return "out:" + strconv.Itoa(r.index+1) + ":" + m.snap.Outcomes[r.index].Session
}

func lossKey(l governor.Loss, at string) string {
	return "loss:" + at + ":" + strconv.Itoa(l.Line) + ":" + l.Session
}

// evPendingOf formats one history row.
func (m *Model) evPendingOf(r evRef, zone *time.Location) evPending {
	t := m.theme
	if r.index < 0 {
		return evPending{}
	}
	if r.loss {
		return m.lossRow(m.snap.Losses[r.index], zone)
	}
	o := m.snap.Outcomes[r.index]
	idle := ""
	if o.Session != "" {
		idle = words.IdleText(o.IdleS, o.IdleSource)
	}
	at := clockTime(o.Time.In(zone))
	open := func() []string {
		detail := []string{at + " " + words.OutcomeWhat(o) + " " + m.sessionName(o.Session) + ": " + words.OutcomeCause(o)}
		if o.File != "" {
			detail = append(detail, evidenceLines([]string{o.File + ":" + strconv.Itoa(o.Line)})...)
		}
		return m.withLogLines(detail, o.Session, o.Time)
	}
	return evPending{key: "out:" + strconv.Itoa(r.index+1) + ":" + o.Session,
		cells: [4]string{at, words.OutcomeWhat(o), m.sessionName(o.Session), idle}, inks: [3]Ink{t.Muted, m.outcomeStyle(o), Ink{}},
		cause: words.OutcomeShort(o), whole: words.OutcomeCause(o), open: open}
}

// evictionsMinRows: the risks and the last hour's losses, up to
// evRecentRows, are on the first screen before the less important panes
// get room (issue 36 #2: at 80×24 the two sessions paused after an update
// restart sat under "↓ 2 more").
func (m *Model) evictionsMinRows(c content, rows int) int {
	switch {
	case m.height < 24:
		return 1
	case m.height < fullHeight:
		return max(1, min(c.recent, evRecentRows-1, rows)) // the Sessions pane's rows first (issue 46)
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
	whole  string // the cause whole: the zoomed pane wraps it
	detail []string
	// open, when set, builds detail when enter asks for it: a drawn row
	// does not read the event log for its lines (issue 52 #7).
	open func() []string
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
	if m.zoomed && m.focus == paneEvictions {
		ev.lines = 1 << 10 // z says more; the first screen is one line an event (issue 46)
	}
	return ev
}

// evRow is one Evictions row, its cause wrapped under it.
func (m *Model) evRow(ev evCols, p evPending) row {
	t := m.theme
	l := newLine(t).add(Ink{}, " ").cell(p.inks[0], p.cells[0], ev.timeW).cell(p.inks[1], p.cells[1], ev.whatW).cell(Ink{}, p.cells[2], ev.nameW)
	cause, lead := p.cause, ev.timeW+ev.whatW+ev.nameW+4
	if ev.lines > 1 && p.whole != "" {
		cause = p.whole // z says more (issue 46)
	}
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
	r.detail, r.open = p.detail, p.open
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
		if ll.Event.Session == session && ll.Event.Time.Equal(at) {
			lines = append(lines, "  "+clockTime(ll.Event.Time)+" "+words.LogText(ll))
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
	why, idle := words.LossCauseText(l.Cause), ""
	if l.IdleSource != vocab.SourceNone { // an eviction's or idle timeout's idle time goes in its column
		idle = words.IdleText(l.IdleS, l.IdleSource)
	}
	if l.Detail != "" {
		why += ": " + l.Detail
	}
	// The row says it in a few words beside its WHAT (issue 46: one line
	// an event); enter opens it whole.
	short := words.LossShortCause(l)
	if l.WaitingFor != "" { // its record said it waited for the person (records.go)
		why += " · was waiting for you: " + l.WaitingFor
		short += " · was waiting for you"
	}
	whatInk := t.Critical
	if !l.Back.IsZero() {
		// History: it came back (issue 36: six "STOPPED" rows read as
		// six sessions lost after an update restart that lost none).
		why += ", back"
		short += ", back"
		whatInk = t.Muted
	}
	at := clockTime(l.Time.In(zone))
	open := func() []string {
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
			detail = append(detail, words.RecoveryLines(m.state.RecoveryOf(l.Session, who))...)
		}
		return m.withLogLines(detail, l.Session, l.Time)
	}
	return evPending{key: lossKey(l, at), cells: [4]string{at, lossWhat(l.Cause), who, idle},
		inks: [3]Ink{t.Muted, whatInk, Ink{}}, cause: short, whole: why, open: open}
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
