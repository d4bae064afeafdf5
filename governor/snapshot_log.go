package governor

import (
	"slices"
	"time"
)

// logLines lists the event log oldest first by log time, naming each
// event's session only the first time: the live view takes a snapshot
// every second.
// Events arrive file by file (a VM log is read after main.log), so they are
// put in time order here; the sort is stable, so lines of the same second
// keep their order in the file.
//
// A snapshot pays for the lines added since the last one, not for the 500
// kept (issue 52). A line pushed since the last snapshot is not named
// yet, and a push puts it newest, so the unnamed lines are the newest
// few: none, and the last snapshot's list, which nobody writes to, is
// handed over again; a few in time order after the rest, and they are
// appended past the end of that list in the array it shares with the
// snapshots before (each of which ends at or before it, and has no room
// to append), dropping as many of the oldest as the ring dropped.
func (s *State) logLines() []LogLine {
	r := s.log
	m := &s.snapMemo
	n := r.Len()
	fresh := 0 // the unnamed lines, the newest of the ring
	for fresh < n && !r.At(n-1-fresh).named {
		fresh++
	}
	kept := m.log
	switch {
	case n > 0 && fresh == 0 && len(kept) == n:
		return kept[:n:n]
	case m.logInRingOrder && fresh < n && len(kept)+fresh >= n:
		if out, ok := s.appendLog(kept[len(kept)+fresh-n:], n, fresh); ok {
			m.log = out
			return out[:n:n]
		}
	}
	// Exactly n: a log that takes more than it keeps between two
	// snapshots is built whole every time, and room to append would be
	// allocated for nothing; the first append makes room.
	out := make([]LogLine, 0, n)
	for i := range n {
		out = append(out, s.namedLine(r.At(i)))
	}
	// Generic, not sort.SliceStable: its reflective swaps of 500 lines cost
	// a third of a frame whenever the log was out of order.
	m.logInRingOrder = slices.IsSortedFunc(out, logByTime)
	if !m.logInRingOrder {
		slices.SortStableFunc(out, logByTime)
	}
	m.log = out
	return out[:n:n]
}

func logByTime(a, b LogLine) int { return a.Event.Time.Compare(b.Event.Time) }

// namedLine is the line of a kept event, named the first time.
func (s *State) namedLine(it *logItem) LogLine {
	if !it.named {
		it.line, it.named = s.logLine(&it.ev), true
	}
	return it.line
}

// appendLog appends the ring's fresh newest lines to base, the ring's
// older lines in order, when they come in time order after it; ok is
// false when they do not (the list must be sorted whole).
func (s *State) appendLog(base []LogLine, n, fresh int) (out []LogLine, ok bool) {
	r := s.log
	first := n - fresh // the oldest fresh line, counted from the oldest kept
	var prev time.Time
	if len(base) > 0 {
		prev = base[len(base)-1].Event.Time
	}
	for i := range fresh {
		it := r.At(first + i)
		if (i > 0 || len(base) > 0) && it.ev.Time.Before(prev) {
			return nil, false
		}
		prev = s.namedLine(it).Event.Time
	}
	if cap(base)-len(base) < fresh {
		base = append(make([]LogLine, 0, 2*n), base...)
	}
	for i := range fresh {
		base = append(base, r.At(first+i).line)
	}
	return base, true
}
