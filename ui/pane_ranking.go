package ui

import (
	"fmt"
	"strconv"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

// rankingContent is the Idle ranking pane: live sessions by idle time, the
// estimated next victim marked, and what a warm spawn would meet now.
func (m *Model) rankingContent(w int) content {
	t := m.theme
	s := m.snap
	c := content{spareHeading: true}
	var longest time.Duration
	for _, v := range s.IdleRanking {
		longest = max(longest, v.Idle)
	}
	scale := max(longest, 15*time.Minute) // bars relative to the usual 900 s idle timeout
	const rankW, idleW, markW, barMin, barWant = 2, 6, 12, 4, 8
	// The name leads every row (issue 23 #5): a bare hex id as the next
	// victim said nothing; it gets its whole width before the bar does
	// (issue 36 #2: "Design syst…" beside an empty bar).
	names := 0
	for _, v := range s.IdleRanking {
		names = max(names, clipWidth(governor.SessionName(v)))
	}
	nameW := max(8, min(names, 32, w-rankW-idleW-markW-4-barMin))
	barW := max(1, w-rankW-nameW-idleW-markW-4)
	if nameW < names && barW < barWant {
		// The names need the room more than a short bar: it goes, and
		// its cells go to the names (the IDLE column says the same).
		nameW, barW = max(8, min(names, 32, w-rankW-idleW-markW-3)), 0
	}
	head := newLine(t).rcell(t.Heading, "#", rankW).cell(t.Heading, "SESSION", nameW)
	if barW > 0 {
		head.cell(t.Heading, fitFirst(barW, []string{"IDLE BAR", "BAR", ""}), barW)
	}
	c.heading = head.rcell(t.Heading, "IDLE", idleW).cell(t.Heading, "", markW).String()
	c.count = len(s.IdleRanking)
	c.sessionAt = func(i int) string { return s.IdleRanking[i].ID }
	c.rowAt = func(i int) row {
		v := s.IdleRanking[i]
		victim := s.NextVictim != nil && s.NextVictim.ID == v.ID
		st := m.stateStyle(v)
		filled, empty := bar(barW, float64(v.Idle)/float64(scale))
		mark := ""
		if victim {
			mark, st = "◀ next (est)", t.Estimate
		} else if v.Protected != "" {
			mark = "protected" // Remote Control: the governor never picks it
		} else if v.Idle < governor.MinVictimIdle {
			mark = "<60s: safe"
		}
		l := newLine(t).rcell(t.Muted, strconv.Itoa(i+1), rankW).cell(t.Fact, governor.SessionName(v), nameW)
		if barW > 0 {
			l.add(st, filled).add(t.Muted, empty).add(Ink{}, " ")
		}
		l.rcell(st, vocab.FormatDuration(v.Idle), idleW).cell(st, mark, markW)
		return l.row(v.ID)
	}
	c.info = "longest idle first"
	if m.zoomed && m.focus == paneRanking {
		c.footer, c.tight, c.parts = m.outlookLines(w) // z says it whole
		return c
	}
	// A ranking, one session a line, and its estimate in one line under
	// it (issue 46: four sentences left room for one ranked row); the
	// whole outlook is in the zoomed pane, report and snapshot.
	st := t.Estimate
	switch s.Outlook.Action {
	case "evict", "yield":
		st = t.Warn
	}
	line := t.paint(st, fit(words.OutlookShort(&s), w))
	c.footer, c.tight = []string{line}, []string{line}
	return c
}

// outlookLines say what the next session would meet now and the room
// before a pressure sweep, marked as coworktop's estimate: wrapped, and as one clipped line each.
func (m *Model) outlookLines(w int) (lines, tight []string, parts [][]string) {
	t := m.theme
	o := m.snap.Outlook
	st := t.Estimate
	switch o.Action {
	case "evict", "yield":
		st = t.Warn
	}
	add := func(st Ink, text string) {
		var part []string
		for _, l := range wrap(text, w, footerWrap) {
			part = append(part, t.paint(st, fit(l, w)))
		}
		lines, parts = append(lines, part...), append(parts, part)
		tight = append(tight, t.paint(st, fit(text, w)))
	}
	add(st, "estimate: "+words.OutlookSummary(&m.snap))
	if sw := words.SweepSummary(o); sw != "" {
		add(t.Warn, "estimate: "+sw)
	}
	// Beside the next victim: what pausing it would free, and servers
	// duplicated across sessions (governor.MemoryView.Lines).
	if mv := m.snap.Memory; mv != nil {
		for _, l := range words.MemoryLines(mv) {
			if l != mv.Note {
				add(t.Estimate, l)
			}
		}
	}
	if u := m.snap.Update; u != nil { // logged facts, then when: coworktop's estimate
		for _, l := range words.UpdateLines(u) {
			add(t.Warn, l)
		}
		add(t.Estimate, words.UpdateWhen(u))
	}
	if m.snap.Cap.Value > 0 && m.snap.Rules.SweepEvicts && words.SweepSummary(o) == "" {
		// The sweep's target, said as coworktop's reading (issue 36 #3:
		// "the advised cap-2" read as advice the app gives).
		room := fmt.Sprintf("under memory pressure the app pauses idle sessions above %d (cap − 2, %s): room for %d more",
			m.snap.Cap.Value-2, governor.SweepReading, max(o.Headroom, 0))
		hs := t.OK
		switch {
		case o.ToCap <= 0:
			hs = t.Critical
		case o.Headroom <= 0:
			hs = t.Warn
		}
		add(hs, room)
	}
	return lines, tight, parts
}

// footerWrap is how many lines a pane's footer text (the outlook, a
// hint) wraps to before it is cut: enough for every sentence the panes
// write at the narrowest box the goldens draw (issue 36 #2).
const footerWrap = 5

// rankingMinRows: a row, and the outlook's first line: what a spawn would
// meet.
func (m *Model) rankingMinRows(c content, _ int) int {
	if m.height < fullHeight || m.width < fullWidth {
		return 1 // the next victim's row: the Sessions pane has the rest (issue 46)
	}
	return 1 + min(1, len(c.tight))
}
