package ui

import (
	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// logIndex is the Event log pane's lines shown of one snapshot's event
// log, newest first, without a list of them: every line but the quits
// another line of the same quit says (sameQuit). Only quit lines can be
// left out, so the index keeps where the quits are and which of them are
// left out, and a row's line is found from those few.
//
// A snapshot hands over the event log the last one did, or that list
// with its oldest lines dropped and the new ones appended in the same
// array (nobody writes to a line handed over, governor's logLines): the
// index then reads the new lines and the quits, not the 500 kept, so a
// frame costs by the lines it draws (issue 52). A list in a new array is
// read whole.
type logIndex struct {
	lines  []governor.LogLine // the list indexed, read only; it pins its array
	quits  []int32            // the app-quit lines, oldest first
	hidden []int32            // the quits left out, newest first; never written to once built
}

// of indexes lines and returns the index's view of them.
func (x *logIndex) of(lines []governor.LogLine) logShownRows {
	if n := len(lines); n == 0 {
		*x = logIndex{}
	} else if keyOf(x.lines) != keyOf(lines) {
		x.update(lines)
	}
	return logShownRows{n: len(x.lines), hidden: x.hidden}
}

// update re-indexes for lines, a new list.
func (x *logIndex) update(lines []governor.LogLine) {
	from := 0 // the first line not read yet
	quits := x.quits[:0]
	if j := x.lastAt(lines); j >= 0 {
		// lines[:j+1] are the old list's lines from its dropped-th on.
		dropped := int32(len(x.lines) - 1 - j)
		for _, q := range x.quits {
			if q -= dropped; q >= 0 {
				quits = append(quits, q)
			}
		}
		from = j + 1
	}
	for i := from; i < len(lines); i++ {
		if lines[i].Event.Kind == event.KindAppQuit {
			quits = append(quits, int32(i))
		}
	}
	var hidden []int32
	for k := len(quits) - 1; k >= 0; k-- {
		if sameQuit(lines, int(quits[k])) {
			hidden = append(hidden, quits[k])
		}
	}
	x.lines, x.quits, x.hidden = lines, quits, hidden
}

// lastAt is where the indexed list's last line is in lines when lines
// shares its array, else -1: looked for from the end, so found past the
// new lines.
func (x *logIndex) lastAt(lines []governor.LogLine) int {
	if len(x.lines) == 0 {
		return -1
	}
	last := &x.lines[len(x.lines)-1]
	for j := len(lines) - 1; j >= 0; j-- {
		if &lines[j] == last {
			if j > len(x.lines)-1 {
				return -1 // more lines before it than the old list had: not its array's order
			}
			return j
		}
	}
	return -1
}

// logShownRows is one frame's lines shown of an event log of n lines.
type logShownRows struct {
	n      int
	hidden []int32 // the lines left out, newest first
}

func (r logShownRows) count() int { return r.n - len(r.hidden) }

// at is the log index of the i-th line shown, newest first: the i-th
// line from the newest, past the left-out lines at or after it.
func (r logShownRows) at(i int) int32 {
	idx := int32(r.n - 1 - i)
	for _, h := range r.hidden {
		if h < idx {
			break
		}
		idx--
	}
	return idx
}
