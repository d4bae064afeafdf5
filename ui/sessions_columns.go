package ui

import (
	"strconv"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// sessionColumn is one column of the Sessions pane after the name: its
// heading, width and alignment, and its cell for a session and for a
// background session (nil: blank). A column is one entry of
// sessionColumns; the name takes what the columns leave.
type sessionColumn struct {
	head  string
	right bool
	// width is the column's width at pane width w (records: the session
	// records were read); 0 leaves it out.
	width func(m *Model, w int, records bool) int
	// has, when set, makes the column sparse: it takes no width unless
	// has is true for some session (issue 36 #2: an EV column empty on
	// every row took the width the reasons needed).
	has func(s governor.SessionView) bool
	// fitTo, when set, narrows the column to what its cells hold (at
	// most w), so the names get the rest.
	fitTo func(m *Model, ss []governor.SessionView, w int) int
	cell  func(m *Model, s governor.SessionView, w int) (string, Ink)
	bg    func(m *Model, b governor.BackgroundView, w int) (string, Ink)
}

func fixedWidth(n int) func(*Model, int, bool) int {
	return func(*Model, int, bool) int { return n }
}

// sessionColumns are the Sessions pane's columns, in order. The session's
// id and start time are in its details (enter): the width goes to what a
// person reads.
var sessionColumns = []sessionColumn{
	{head: "STATE", width: fixedWidth(12),
		cell: func(m *Model, s governor.SessionView, _ int) (string, Ink) { return stateLabel(s), m.stateStyle(s) },
		bg: func(m *Model, b governor.BackgroundView, _ int) (string, Ink) {
			if b.State != "" {
				return "bg: " + b.State, m.theme.Muted
			}
			return "bg", m.theme.Muted
		}},
	{head: "NEEDS YOU", width: func(_ *Model, w int, records bool) int {
		if !records {
			return 0
		}
		return needsYouWidth(w)
	}, cell: func(m *Model, s governor.SessionView, w int) (string, Ink) {
		return needsYouCell(s, m.snap.Now, w), m.needsYouInk(s)
	}, bg: func(m *Model, b governor.BackgroundView, _ int) (string, Ink) { return m.backgroundNeeds(b) },
		fitTo: needsYouFit},
	{head: "START", width: func(_ *Model, w int, records bool) int {
		if records && w < needsNoStart {
			return 0 // its room goes to NEEDS YOU; the start stays in the details
		}
		return 5
	}, cell: func(m *Model, s governor.SessionView, _ int) (string, Ink) {
		return shortClock(s.FirstSeen), m.theme.Muted
	}},
	// MEM: the session's own memory, its claude process and what it
	// started, when a fresh scan joined them (governor.SessionMemory).
	{head: "MEM", right: true, width: func(_ *Model, w int, _ bool) int {
		if w < memColumnFrom {
			return 0
		}
		return 5
	}, has: func(s governor.SessionView) bool { return s.Memory != nil },
		cell: func(m *Model, s governor.SessionView, _ int) (string, Ink) {
			if s.Memory == nil {
				return "-", m.theme.Muted
			}
			return s.Memory.Text(), m.theme.Muted
		}},
	{head: "IDLE", right: true, width: fixedWidth(7),
		cell: func(m *Model, s governor.SessionView, _ int) (string, Ink) {
			if !s.Live() {
				return "-", m.stateStyle(s)
			}
			return vocab.FormatDuration(s.Idle), m.stateStyle(s)
		}},
	{head: "TIMEOUT", right: true, width: fixedWidth(7),
		has: func(s governor.SessionView) bool { return s.TimerTimeout > 0 },
		cell: func(m *Model, s governor.SessionView, _ int) (string, Ink) {
			if s.TimerTimeout <= 0 {
				return "", Ink{}
			}
			return vocab.FormatDuration(s.TimerRemaining), m.theme.Muted
		}},
	{head: "EVICTED", right: true, width: fixedWidth(7), // times: "EV" was jargon (issue 36 #3)
		has: func(s governor.SessionView) bool { return s.Evictions > 0 },
		cell: func(m *Model, s governor.SessionView, _ int) (string, Ink) {
			if s.Evictions <= 0 {
				return "", Ink{}
			}
			return strconv.Itoa(s.Evictions) + "×", m.theme.Evicted
		}},
}

// sessionLayout is the Sessions pane's columns as drawn at one width: the
// name's width and each shown column with its width.
type sessionLayout struct {
	nameW int
	cols  []shownColumn
}

type shownColumn struct {
	*sessionColumn
	w int
}

// layoutSessions picks the columns shown at pane width w and gives the
// name the rest. A sparse column is read over every session: one test of
// an int each, no formatting.
func (m *Model) layoutSessions(w int, sessions []governor.SessionView) sessionLayout {
	records := m.snap.Records != nil
	lay := sessionLayout{}
	used := 1 // the risk mark
	for i := range sessionColumns {
		c := &sessionColumns[i]
		cw := c.width(m, w, records)
		if cw <= 0 || (c.has != nil && !anySession(sessions, c.has)) {
			continue
		}
		if c.fitTo != nil {
			cw = max(textWidth(c.head), min(cw, c.fitTo(m, sessions, cw)))
		}
		lay.cols = append(lay.cols, shownColumn{c, cw})
		used += cw + 1
	}
	lay.nameW = max(4, w-used-1)
	return lay
}

func anySession(ss []governor.SessionView, has func(governor.SessionView) bool) bool {
	for i := range ss {
		if has(ss[i]) {
			return true
		}
	}
	return false
}

// heading is the pane's heading line for the layout.
func (lay sessionLayout) heading(t Theme, nameHead string) string {
	l := newLine(t).add(t.Heading, " ").cell(t.Heading, nameHead, lay.nameW)
	for _, c := range lay.cols {
		if c.right {
			l.rcell(t.Heading, c.head, c.w)
		} else {
			l.cell(t.Heading, c.head, c.w)
		}
	}
	return l.String()
}

// sessionRow is one session's row.
func (m *Model) sessionRow(lay sessionLayout, s governor.SessionView) row {
	t := m.theme
	mark, markInk := " ", Ink{}
	if s.AtRisk != governor.RiskNone { // the next warm spawn or a pressure sweep would evict it
		mark, markInk = "!", t.Critical
	}
	l := newLine(t).add(markInk, mark).cell(Ink{}, m.rowName(s), lay.nameW)
	for _, c := range lay.cols {
		text, ink := c.cell(m, s, c.w)
		if c.right {
			l.rcell(ink, text, c.w)
		} else {
			l.cell(ink, text, c.w)
		}
	}
	return l.row(s.ID)
}

// backgroundRow is one background session of the Claude Code supervisor:
// its name, its recorded state and attention; the log's columns (start,
// idle, timeout) are blank: a background session has none of them.
func (m *Model) backgroundRow(lay sessionLayout, b governor.BackgroundView) row {
	t := m.theme
	name := b.Name
	if name == "" {
		name = b.ID
	}
	l := newLine(t).add(Ink{}, " ").cell(Ink{}, name, lay.nameW)
	for _, c := range lay.cols {
		text, ink := "", Ink{}
		if c.bg != nil {
			text, ink = c.bg(m, b, c.w)
		}
		l.cell(ink, text, c.w)
	}
	return l.row(b.ID)
}

// memColumnFrom is the narrowest pane that shows the MEM column.
const memColumnFrom = 60

// needsYouFit is the widest NEEDS YOU cell: only the sessions that wait
// are worded (the others say an attention word); background sessions'
// cells are measured too.
func needsYouFit(m *Model, ss []governor.SessionView, w int) int {
	n := 0
	for i := range ss {
		if ss[i].NeedsYou() {
			n = max(n, clipWidth(needsYouCell(ss[i], m.snap.Now, w)))
		} else if ss[i].Live() {
			n = max(n, len(ss[i].Attention.String()))
		}
		if n >= w {
			return w
		}
	}
	for _, b := range m.snap.Background {
		text, _ := m.backgroundNeeds(b)
		n = max(n, clipWidth(text))
	}
	return n
}
