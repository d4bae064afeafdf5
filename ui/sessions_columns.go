package ui

import (
	"strings"

	"strconv"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
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
	has func(s *governor.SessionView) bool
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
			if b.Kind == governor.KindTerminal {
				return strings.TrimSpace("terminal " + b.Pane), m.theme.Muted
			}
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
	// started, when a fresh scan joined them (host.SessionMemory).
	{head: "MEM", right: true, width: func(_ *Model, w int, _ bool) int {
		if w < memColumnFrom {
			return 0
		}
		return 5
	}, has: func(s *governor.SessionView) bool { return s.Memory != nil },
		cell: func(m *Model, s governor.SessionView, _ int) (string, Ink) {
			if s.Memory == nil {
				return "-", m.theme.Muted
			}
			return s.Memory.Text(), m.theme.Muted
		}},
	// QUOTA: its share of the 5-hour window's local usage, from its
	// transcripts (coworktop's estimate, quota.Shares).
	{head: quota.ShareHead, right: true, width: func(_ *Model, w int, _ bool) int {
		if w < memColumnFrom {
			return 0
		}
		return 5
	}, has: func(s *governor.SessionView) bool { return s.QuotaShare != nil },
		cell: func(m *Model, s governor.SessionView, _ int) (string, Ink) {
			if s.QuotaShare == nil {
				return "", Ink{}
			}
			return s.QuotaShare.Text, m.theme.Muted
		}},
	{head: "IDLE", right: true, width: fixedWidth(7),
		cell: func(m *Model, s governor.SessionView, _ int) (string, Ink) {
			if !s.Live() {
				return "-", m.stateStyle(s)
			}
			return vocab.FormatDuration(s.Idle), m.stateStyle(s)
		}},
	// NEXT: what comes next for it, the short form of its risk or its
	// idle pause (governor.Next); the whole sentence is in its details.
	// It holds the idle timer's countdown the TIMEOUT column held.
	{head: "NEXT", width: func(_ *Model, w int, _ bool) int { return nextWidth(w) },
		has:   func(s *governor.SessionView) bool { return words.NextText(s.Next) != "" },
		fitTo: nextFit,
		cell: func(m *Model, s governor.SessionView, _ int) (string, Ink) {
			return m.nextText(s.Next), m.nextInk(s)
		}},
	{head: "EVICTED", right: true, width: fixedWidth(7), // times: "EV" was jargon (issue 36 #3)
		has: func(s *governor.SessionView) bool { return s.Evictions > 0 },
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
func (m *Model) layoutSessions(w int, list sessionList) sessionLayout {
	k := m.layoutKey(w, list)
	if m.laidOut.ok && m.laidOut.key == k {
		return m.laidOut.lay
	}
	lay := m.layoutSessionsOnce(w, list)
	m.laidOut = layoutCache{key: k, lay: lay, ok: true}
	return lay
}

// layoutSessionsOnce is layoutSessions for one snapshot and width.
func (m *Model) layoutSessionsOnce(w int, list sessionList) sessionLayout {
	sessions := list.all // the sparse and fitted columns read every session, in any order
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
	// The name first (issue 46: NEXT and NEEDS YOU left "Doc…"): the
	// columns the details also say go, then the worded ones narrow, until
	// the names of the first rows fit, up to sessionsNameMin.
	nameMin := 4
	for i := range min(list.len(), sessionsNameRows) {
		if nameMin = max(nameMin, clipWidth(m.rowName(*list.at(i)))); nameMin >= sessionsNameMin {
			nameMin = sessionsNameMin
			break
		}
	}
	for _, head := range sessionsDropFirst {
		if w-used-1 >= nameMin {
			break
		}
		for i, c := range lay.cols {
			if c.head == head {
				used -= c.w + 1
				lay.cols = append(lay.cols[:i:i], lay.cols[i+1:]...)
				break
			}
		}
	}
	for i := range lay.cols {
		if c := &lay.cols[i]; w-used-1 < nameMin && (c.head == "NEXT" || c.head == "NEEDS YOU") {
			cut := min(c.w-sessionsWordedMin, nameMin-(w-used-1))
			if cut > 0 {
				c.w -= cut
				used -= cut
			}
		}
	}
	lay.nameW = max(4, w-used-1)
	return lay
}

// sessionsDropFirst are the columns that go, in order, when the name
// would be narrower than sessionsNameMin: their figures are in the details.
var sessionsDropFirst = []string{"START", "EVICTED", "MEM", quota.ShareHead}

// The name's least width before columns go, and the least a worded
// column (NEXT, NEEDS YOU) narrows to.
const (
	sessionsNameRows  = 64
	sessionsNameMin   = 20
	sessionsWordedMin = 12
)

func anySession(ss []governor.SessionView, has func(*governor.SessionView) bool) bool {
	for i := range ss {
		if has(&ss[i]) {
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

// nextWidth is the NEXT column's widest at pane width w.
func nextWidth(w int) int { return min(24, max(12, w/3)) }

// nextFit is the widest NEXT cell, at most w.
func nextFit(m *Model, ss []governor.SessionView, w int) int {
	n := 0
	for i := range ss {
		if n = max(n, clipWidth(m.nextText(ss[i].Next))); n >= w {
			return w
		}
	}
	return n
}

func (m *Model) nextInk(s governor.SessionView) Ink {
	switch {
	case s.Next.Urgent() && s.Next.Kind != governor.RiskNone:
		return m.theme.Critical
	case s.Next.Kind != governor.RiskNone:
		return m.theme.Warn
	}
	return m.theme.Muted
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
