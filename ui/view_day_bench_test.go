package ui

import (
	"fmt"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// BenchmarkFrameDay is the frame alone of a refresh of the simulated day
// (BenchmarkRefreshDay without the delivery and the snapshot): the screen
// drawn once for a new snapshot, at 3 and 24 simulated hours, at 120×40
// and 80×24, and at 24 hours with the host's memory history full (900
// samples, the live view's memory timeline), and with the Event log pane
// shown at 3 and 24 hours. Issue 52 item 7: a frame
// costs by what it shows (10 to 30 session rows), not by the sessions,
// evictions, losses and samples kept.
func BenchmarkFrameDay(b *testing.B) {
	type run struct {
		hours, w, h int
		host, log   bool
	}
	for _, r := range []run{{3, 120, 40, false, false}, {3, 80, 24, false, false}, {24, 120, 40, false, false}, {24, 80, 24, false, false},
		{24, 120, 40, true, false}, {3, 120, 40, false, true}, {24, 120, 40, false, true}} {
		name := fmt.Sprintf("%dh/%dx%d", r.hours, r.w, r.h)
		switch {
		case r.host:
			name = fmt.Sprintf("%dh-host/%dx%d", r.hours, r.w, r.h)
		case r.log:
			name = fmt.Sprintf("%dh-log/%dx%d", r.hours, r.w, r.h)
		}
		b.Run(name, func(b *testing.B) {
			m, now, next := dayModel(b, r.hours)
			m.Update(sizeMsg(r.w, r.h))
			m.showLog = r.log // the Event log pane, its 500 kept lines at 24 hours
			if r.host {
				for i := range 900 {
					m.State().ApplyHost(host.HostMemory{At: now.Add(-time.Duration(900-i) * 4 * time.Second),
						Total: vocab.Figure{Known: true, Value: 16 << 30}, Available: vocab.Figure{Known: true, Value: uint64(4+i%5) << 30}})
				}
			}
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

// BenchmarkEventLogPane is the Event log pane's part of a frame with 50
// and 5,000 lines kept, a line added and a new snapshot taken before each
// (not timed): the pane's content and the 20 rows a 40-line screen draws.
// It should not depend on the lines kept (issue 52).
func BenchmarkEventLogPane(b *testing.B) {
	for _, n := range []int{50, 5000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			now := fixedNow
			limits := governor.DefaultLimits()
			limits.LogLines = n
			m := New(Options{Clock: func() time.Time { return now }, Color: true, Limits: limits})
			m.Update(sizeMsg(120, 40))
			const id = "local_00000001-0000-4000-8000-000000000001"
			add := func() {
				now = now.Add(time.Second)
				m.State().ApplyUpdate(governor.Update{Events: []event.Event{{Time: now, Kind: event.KindTurnEnd, Session: id}}})
			}
			m.State().ApplyUpdate(governor.Update{Events: []event.Event{{Time: now, Kind: event.KindSessionStart, Session: id, Cwd: "/home/u/p"}}})
			for range n {
				add()
			}
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				add()
				m.refresh()
				b.StartTimer()
				c := m.logContent(118)
				for i := range min(c.count, 20) {
					_ = c.rowAt(i)
				}
			}
			if len(m.snap.Log) != n {
				b.Fatalf("%d lines kept, want %d", len(m.snap.Log), n)
			}
		})
	}
}
