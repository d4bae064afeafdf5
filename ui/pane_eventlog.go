package ui

import (
	"slices"
	"strconv"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

// kindStyle is the ink of a kind's tone in the event log (the kind table in
// governor says each kind's tone).
func (m *Model) kindStyle(k event.Kind) Ink {
	t := m.theme
	switch k.LogTone() {
	case event.ToneCritical:
		return t.Critical
	case event.ToneWarn:
		return t.Warn
	case event.ToneEvicted:
		return t.Evicted
	}
	return Ink{}
}

// logRows turns recent event-log lines, newest first, into rows; keep, when
// set, selects the lines shown.
func (m *Model) logRows(w int, keep func(governor.LogLine) bool) []row {
	shown := m.logShown(keep)
	rows := make([]row, 0, len(shown))
	for _, i := range shown {
		rows = append(rows, m.logRow(w, i))
	}
	return rows
}

// logShown lists the indices in the snapshot's event log of the lines
// shown, newest first; keep, when set, selects them.
func (m *Model) logShown(keep func(governor.LogLine) bool) []int32 {
	lines := m.snap.Log
	shown := make([]int32, 0, len(lines))
	for i := len(lines) - 1; i >= 0; i-- {
		if keep != nil && !keep(lines[i]) {
			continue
		}
		if sameQuit(lines, i) {
			continue // one quit, one line (issue 23 #5: one quit written twice)
		}
		shown = append(shown, int32(i))
	}
	return shown
}

// logRow is the row of the snapshot's event-log line i.
func (m *Model) logRow(w int, i int32) row {
	t := m.theme
	ll := &m.snap.Log[i]
	const timeW = 8
	textW := max(1, w-timeW-1)
	return newLine(t).cell(t.Muted, clockTime(ll.Event.Time), timeW).add(m.kindStyle(ll.Event.Kind), fit(words.LogText(*ll), textW)).row("")
}

// logContent is the Event log pane (toggled with `l`). Its rows are
// described as they are drawn: a frame words the 20-odd lines that fit,
// not the 500 kept, and finds them without reading the others
// (eventlog_shown.go; issue 52).
func (m *Model) logContent(w int) content {
	shown := m.logIndex.of(m.snap.Log)
	c := content{count: shown.count(), info: "newest first by log time",
		rowAt:     func(i int) row { return m.logRow(w, shown.at(i)) },
		sessionAt: func(int) string { return "" }}
	if n := m.snap.Counts.Unknown; n > 0 {
		c.info += " · " + plural(n, "unknown governor line")
	}
	if n := m.snap.Counts.Unreadable; n > 0 {
		c.info += " · " + plural(n, "unreadable line")
	}
	return c
}

// detailsContent is the history of one session (enter): its facts, then
// every event-log line that mentions it.
func (m *Model) detailsContent(w int) content {
	t := m.theme
	id := m.details
	short := vocab.ShortID(id)
	c := content{info: "esc to close"}
	for _, s := range m.snap.Sessions {
		if s.ID != id {
			continue
		}
		state := "state " + stateLabel(s) + "   started " + clockTime(s.FirstSeen) + "   last activity " + clockTime(s.LastActivity)
		if s.Live() {
			state += "   idle " + vocab.FormatDuration(s.Idle) // an ended session's idle time does not climb
		}
		facts := []string{"session " + s.ID, "project " + s.Project + "   cwd " + s.Cwd, state}
		if s.TimerTimeout > 0 {
			facts = append(facts, "idle timer "+vocab.FormatDuration(s.TimerTimeout)+" armed "+clockTime(s.TimerArmedAt)+
				", "+vocab.FormatDuration(s.TimerRemaining)+" left")
		}
		if s.PauseWhy != "" { // why its pause came (an update restart left Remote Control off)
			facts = append(facts, "paused ("+s.PauseText+"): "+s.PauseWhy)
		}
		if s.Evictions > 0 {
			facts = append(facts, plural(s.Evictions, "eviction")+" by the governor")
		}
		for _, o := range m.snap.Outcomes { // newest first
			if o.Session == id && o.Eviction {
				facts = append(facts, "last evicted "+clockTime(o.Time)+": "+words.OutcomeCause(o)+", idle "+words.IdleText(o.IdleS, o.IdleSource))
				break
			}
		}
		facts = append(facts, lifecycleFacts(s)...)
		facts = append(facts, recordFacts(s, m.snap.Now)...)
		facts = append(facts, m.openFacts(s)...)
		facts = append(facts, memoryFacts(s, m.snap)...)
		facts = append(facts, shareFacts(s, m.snap)...)
		for _, f := range facts {
			c.rows = append(c.rows, row{plain: f, styled: fit(f, w)})
		}
		// Its risks, whole and with their evidence (issue 23 #3: a
		// session marked ! did not say why in its details).
		for _, r := range m.snap.Risks {
			if r.Session != id && !slices.Contains(r.Sessions, id) {
				continue
			}
			for i, l := range wrap("at risk: "+words.RiskText(r), w-2, 1<<10) {
				if i > 0 {
					l = "  " + l
				}
				c.rows = append(c.rows, row{plain: l, styled: t.paint(t.Warn, fit(l, w))})
			}
			for _, e := range words.RiskEvidence(r) {
				l := "  evidence: " + e
				c.rows = append(c.rows, row{plain: l, styled: fit(l, w)})
			}
		}
	}
	c.rows = append(c.rows, row{styled: t.paint(t.Heading, fit("history (recent event log lines naming "+short+")", w))})
	c.rows = append(c.rows, m.logRows(w, func(l governor.LogLine) bool { return l.Event.Session == id })...)
	return c
}

// lifecycleFacts: crashes and Remote Control protection, when the log
// showed them.
func lifecycleFacts(s governor.SessionView) []string {
	var facts []string
	if s.Crashes > 0 {
		n := "1 crash"
		if s.Crashes > 1 {
			n = strconv.Itoa(s.Crashes) + " crashes"
		}
		facts = append(facts, n+" (its process was killed or exited under it)")
	}
	if s.Protected != "" {
		facts = append(facts, "protected: "+s.Protected+" (idle pauses declined; the governor never picks it)")
	}
	return facts
}

// quitWindow is how long one quit of the app goes on writing its lines.
const quitWindow = time.Minute

// sameQuit says whether lines[i] is a bare "app quitting" that another
// quit line of the same quit (within quitWindow, no app start between)
// already says, with its counts: the app writes beforeQuit, willQuit and
// "Stopping N active session(s) on quit" for one quit.
func sameQuit(lines []governor.LogLine, i int) bool {
	if lines[i].Event.Kind != event.KindAppQuit {
		return false
	}
	at := lines[i].Event.Time
	for _, step := range []int{-1, 1} {
		for j := i + step; j >= 0 && j < len(lines); j += step {
			l := lines[j]
			if d := l.Event.Time.Sub(at); d > quitWindow || d < -quitWindow || l.Event.Kind == event.KindAppStart {
				break
			}
			if l.Event.Kind == event.KindStopAll || l.Event.Kind == event.KindPTYKill || (l.Event.Kind == event.KindAppQuit && step < 0) {
				return true
			}
		}
	}
	return false
}
