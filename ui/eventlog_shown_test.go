package ui

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// logFeed hands over event logs as governor's logLines does: the newest
// lines appended past the end of the last list in its array, the oldest
// dropped beyond keep, and now and then the list built whole in a new
// array.
type logFeed struct {
	rng   *rand.Rand
	buf   []governor.LogLine
	start int
	at    time.Time
	keep  int
}

var logFeedKinds = []event.Kind{event.KindAppQuit, event.KindAppQuit, event.KindStopAll, event.KindPTYKill, event.KindAppStart,
	event.KindTurnEnd, event.KindSessionStart, event.KindPause}

// next is the next snapshot's event log.
func (f *logFeed) next() []governor.LogLine {
	for range f.rng.IntN(4) {
		f.at = f.at.Add(time.Duration(f.rng.IntN(50)) * time.Second)
		f.buf = append(f.buf, governor.LogLine{Event: event.Event{Time: f.at, Kind: logFeedKinds[f.rng.IntN(len(logFeedKinds))]}})
	}
	f.start = max(f.start, len(f.buf)-f.keep)
	if f.rng.IntN(20) == 0 { // sorted whole: a new array
		f.buf = append(make([]governor.LogLine, 0, 4*f.keep), f.buf[f.start:]...)
		f.start = 0
	}
	if cap(f.buf)-len(f.buf) < 4 {
		f.buf = append(make([]governor.LogLine, 0, 4*f.keep), f.buf[f.start:]...)
		f.start = 0
	}
	return f.buf[f.start:len(f.buf):len(f.buf)]
}

// TestLogIndexShowsWhatLogShownDoes: the Event log pane's index of the
// lines shown, kept across snapshots, gives the lines reading the whole
// log does (logShown), snapshot after snapshot, as quits come and their
// lines are dropped.
func TestLogIndexShowsWhatLogShownDoes(t *testing.T) {
	for seed := range uint64(20) {
		f := &logFeed{rng: rand.New(rand.NewPCG(seed, 52)), at: fixedNow, keep: 5 + int(seed)*7}
		m := &Model{}
		for step := range 300 {
			m.snap.Log = f.next()
			want := m.logShown(nil)
			got := m.logIndex.of(m.snap.Log)
			var gotIdx []int32
			for i := range got.count() {
				gotIdx = append(gotIdx, got.at(i))
			}
			if !slices.Equal(gotIdx, want) {
				t.Fatalf("seed %d, step %d: the index shows lines %v, the log %v", seed, step, gotIdx, want)
			}
		}
	}
}
