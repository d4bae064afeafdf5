package ui

import (
	"fmt"
	"testing"
	"time"
)

// BenchmarkFrameDay is the frame alone of a refresh of the simulated day
// (BenchmarkRefreshDay without the delivery and the snapshot): the screen
// drawn once for a new snapshot, at 3 and 24 simulated hours, at 120×40
// and 80×24. Issue 52 item 7: a frame costs by what it shows (10 to 30
// session rows), not by the sessions, evictions and losses kept.
func BenchmarkFrameDay(b *testing.B) {
	for _, h := range []int{3, 24} {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			b.Run(fmt.Sprintf("%dh/%dx%d", h, sz[0], sz[1]), func(b *testing.B) {
				m, now, next := dayModel(b, h)
				m.Update(sizeMsg(sz[0], sz[1]))
				b.ReportAllocs()
				for b.Loop() {
					b.StopTimer()
					*now = now.Add(time.Second)
					m.State().ApplyUpdate(next(*now))
					m.refresh()
					b.StartTimer()
					_ = m.View()
				}
			})
		}
	}
}
