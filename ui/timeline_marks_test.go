package ui

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// TestTimelineMarksAsTheList: the marks found by time over the kept
// outcomes are those reading the whole list in its order gave: an E
// wins its column, else the outcome first in the list (issue 52 item 7).
func TestTimelineMarksAsTheList(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 7))
	now := fixedNow
	kinds := []governor.Outcome{{Eviction: true}, {Kind: event.KindPressure}, {Kind: event.KindYield}, {Kind: event.KindAtCap}}
	for round := range 200 {
		n := rng.IntN(300)
		outcomes := make([]governor.Outcome, n)
		for i := range outcomes {
			o := kinds[rng.IntN(len(kinds))]
			o.Time = now.Add(-time.Duration(rng.IntN(7200)) * time.Second) // some before the span, unsorted
			if rng.IntN(10) == 0 {
				o.Time = now.Add(time.Minute) // after now
			}
			outcomes[i] = o
		}
		w := 8 + rng.IntN(100)
		span := time.Duration(2+rng.IntN(58)) * time.Minute
		start, step := now.Add(-span), span/time.Duration(w)
		col := func(at time.Time) int {
			if at.Before(start) || at.After(now) {
				return -1
			}
			return min(w-1, int(at.Sub(start)/step))
		}
		want := []rune(strings.Repeat(" ", w))
		for _, o := range outcomes {
			c := col(o.Time)
			if r := markOf(o); c >= 0 && r != 0 && (want[c] == ' ' || r == 'E') {
				want[c] = r
			}
		}
		var l markList
		if got := string(l.of(outcomes).draw(w, start, now, col)); got != string(want) {
			t.Fatalf("round %d: marks\n%q\nwant\n%q", round, got, string(want))
		}
	}
}
