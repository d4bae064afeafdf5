package follow

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// BenchmarkFollowLatency measures how long a line takes from the start of
// its write to its delivery in a batch, at the live view's default
// settings (file notifications, safety checks on a 1 s beat): one op is one
// append, written open-append-close as electron-log does. It reports the
// median and p90 besides the mean (ns/op).
func BenchmarkFollowLatency(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "main.log")
	if err := appendBytes(path, []byte("start\n")); err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	beat := NewBeat(DefaultPoll)
	ticks := beat.Tick()
	go beat.Run(ctx)
	out := make(chan LineBatch, 16)
	go func() { _ = FollowAllOn(ctx, []FollowConfig{{Path: path}}, ticks, out) }()
	waitLine := func() {
		for {
			select {
			case bt := <-out:
				if len(bt.Lines) > 0 {
					return
				}
			case <-time.After(10 * time.Second):
				b.Fatal("no line within 10 s")
			}
		}
	}
	waitLine() // the first check
	line := []byte("2026-12-01 12:00:00 [info] [CliGovernor] at cap; yielding warm spawn\n")
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		if err := appendBytes(path, line); err != nil {
			b.Fatal(err)
		}
		waitLine()
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*9/10].Microseconds()), "p90-µs")
}
