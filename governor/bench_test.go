package governor

import (
	"fmt"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// BenchmarkSnapshotFullRings is what the live view pays every second once
// every history ring is full.
func BenchmarkSnapshotFullRings(b *testing.B) {
	l := DefaultLimits()
	s := New(l)
	t := time.Date(2026, 9, 30, 10, 0, 0, 0, time.UTC)
	for i := 0; i < 20; i++ {
		s.Apply(event.Event{Time: t, Kind: event.KindSessionStart, Session: fmt.Sprintf("local_%d", i), Cwd: "/p/x"})
	}
	for i := 0; i < l.HostSamples; i++ {
		s.ApplyHost(host.HostMemory{At: t.Add(time.Duration(i) * time.Second), Total: vocab.Figure{Value: 1 << 34, Known: true, Source: "x"}})
	}
	for i := 0; i < l.LogLines+l.MemorySamples; i++ {
		s.Apply(event.Event{Time: t, Kind: event.KindMemorySample, Memory: &event.MemorySample{SysFreeMB: i, TotalMB: 1000}})
		s.Apply(event.Event{Time: t, Kind: event.KindYield, Reason: event.ReasonWarm})
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = s.Snapshot(t.Add(time.Hour))
	}
}

// BenchmarkSnapshotManyLosses: a full loss timeline, pushed out of time
// order as a daemon log read after main.log pushes it, costs a snapshot
// only the newest few it shows.
func BenchmarkSnapshotManyLosses(b *testing.B) {
	s := New(DefaultLimits())
	t := time.Date(2026, 9, 30, 10, 0, 0, 0, time.UTC)
	for i := 0; i < s.limits.Evictions; i++ {
		at := t.Add(time.Duration(i) * time.Second)
		if i%2 == 1 {
			at = t.Add(-time.Duration(i) * time.Second)
		}
		s.lost(Loss{Time: at, Session: fmt.Sprintf("local_%d", i), Cause: LossCrash})
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = s.Snapshot(t.Add(time.Hour))
	}
}
