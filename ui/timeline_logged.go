package ui

import (
	"time"

	"github.com/coworktop/coworktop/event"
)

// loggedSeries is the timeline's series of the app's [process-memory]
// samples, made once a list of them: a snapshot hands over the lists the
// last one did while they are unchanged (replaced, never written to), and
// a frame asked for the series two or three times, copying the 720 kept
// each time (issue 52 item 7).
type loggedSeries struct {
	samples listKey[event.MemorySample]
	times   listKey[time.Time]
	pts     []memPoint // read only: a new list is a new slice
}

// of is the series of samples taken at times.
func (l *loggedSeries) of(samples []event.MemorySample, times []time.Time) []memPoint {
	ks, kt := keyOf(samples), keyOf(times)
	if l.pts != nil && l.samples == ks && l.times == kt {
		return l.pts
	}
	out := make([]memPoint, 0, len(samples))
	for i, s := range samples {
		if s.TotalMB > 0 && i < len(times) {
			out = append(out, memPoint{At: times[i], Free: uint64(s.SysFreeMB) << 20, Total: uint64(s.TotalMB) << 20})
		}
	}
	*l = loggedSeries{samples: ks, times: kt, pts: out}
	return out
}
