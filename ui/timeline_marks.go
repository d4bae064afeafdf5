package ui

import (
	"slices"
	"strings"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// outcomeMark is one outcome the memory timeline marks: when, its letter
// (E eviction, P pressure, y yield) and its place in the snapshot's list.
type outcomeMark struct {
	at    time.Time
	r     rune
	index int
}

// markList is the timeline's marks of one list of outcomes, by time: a
// snapshot hands over the list the last one did while it is unchanged
// (replaced, never written to), so the kept outcomes, up to 5,000, are
// read when they change, and a frame reads only those in its span, the
// last hour at most (issue 52 item 7).
type markList struct {
	key   listKey[governor.Outcome]
	marks []outcomeMark
}

// of is the marks of outcomes.
func (l *markList) of(outcomes []governor.Outcome) *markList {
	if len(outcomes) == 0 {
		*l = markList{}
		return l
	}
	if l.key == keyOf(outcomes) {
		return l
	}
	marks := l.marks[:0]
	for i, o := range outcomes {
		if r := markOf(o); r != 0 {
			marks = append(marks, outcomeMark{at: o.Time, r: r, index: i})
		}
	}
	slices.SortStableFunc(marks, func(a, b outcomeMark) int { return a.at.Compare(b.at) })
	l.key, l.marks = keyOf(outcomes), marks
	return l
}

// markOf is an outcome's letter on the timeline, 0 for none.
func markOf(o governor.Outcome) rune {
	switch {
	case o.Eviction:
		return 'E'
	case o.Kind == event.KindPressure:
		return 'P'
	case o.Kind == event.KindYield:
		return 'y'
	}
	return 0
}

// draw is the marker row, w cells from start to now (col places a time):
// in a column an eviction's E, else the letter of the outcome first in
// the snapshot's list (newest first), as reading the list in its order
// gave.
func (l *markList) draw(w int, start, now time.Time, col func(time.Time) int) []rune {
	row := []rune(strings.Repeat(" ", w))
	from, _ := slices.BinarySearchFunc(l.marks, start, func(k outcomeMark, t time.Time) int { return k.at.Compare(t) })
	var first []int // the list index of the letter in each column
	for _, k := range l.marks[from:] {
		if k.at.After(now) {
			break
		}
		c := col(k.at)
		if c < 0 {
			continue
		}
		if first == nil {
			first = make([]int, w)
		}
		switch {
		case row[c] == 'E':
		case k.r == 'E', row[c] == ' ', k.index < first[c]:
			row[c], first[c] = k.r, k.index
		}
	}
	return row
}
