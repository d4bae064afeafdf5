package machine

import (
	"context"
	"testing"
	"time"
)

// TestMachineRunOnTicksFromTheCaller drives the sampler by hand: a batch
// at once, then exactly one per tick, a scan on the ticks the clock makes
// due, and an end when the ticks end.
func TestMachineRunOnTicksFromTheCaller(t *testing.T) {
	ticks := make(chan time.Time)
	out := make(chan MachineBatch)
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	done := make(chan struct{})
	go func() {
		defer close(done)
		fakeMachine().RunOn(context.Background(), ticks, time.Second, 3*time.Second, clock, out)
	}()
	var scanned []bool
	for i := range 7 {
		if i > 0 {
			select {
			case b := <-out:
				t.Fatalf("batch %d came without a tick: %+v", i, b)
			case <-time.After(20 * time.Millisecond):
			}
			now = now.Add(time.Second)
			ticks <- now
		}
		b := <-out
		scanned = append(scanned, b.Scanned)
	}
	want := []bool{true, false, false, true, false, false, true}
	for i := range want {
		if scanned[i] != want[i] {
			t.Fatalf("scans on ticks %v, want %v", scanned, want)
		}
	}
	close(ticks)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("RunOn did not end when its ticks did")
	}
}
