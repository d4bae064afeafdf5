package follow

import (
	"context"
	"testing"
	"time"
)

func TestUntilBeatLandsOnTheWallClock(t *testing.T) {
	base := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		now  time.Duration
		want time.Duration
	}{
		{300 * time.Millisecond, 700 * time.Millisecond},
		{0, time.Second},
		{time.Millisecond, 999 * time.Millisecond},
		// A timer that fired just before the second turned must not beat
		// again a few milliseconds later.
		{995 * time.Millisecond, 1005 * time.Millisecond},
	} {
		if got := untilBeat(base.Add(c.now), time.Second); got != c.want {
			t.Errorf("at +%v: wait %v, want %v", c.now, got, c.want)
		}
	}
}

// TestBeatFeedsEverySubscriber: one timer, every loop ticked, and every
// subscription closed when the beat stops so its loop can end.
func TestBeatFeedsEverySubscriber(t *testing.T) {
	b := NewBeat(10 * time.Millisecond)
	a, c := b.Tick(), b.Tick()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); b.Run(ctx) }()
	for i := range 3 {
		for _, ch := range []<-chan time.Time{a, c} {
			select {
			case <-ch:
			case <-time.After(5 * time.Second):
				t.Fatalf("tick %d never came", i)
			}
		}
	}
	cancel()
	<-done
	for _, ch := range []<-chan time.Time{a, c} {
		for range ch { // drain a beat that was waiting; then it must be closed
		}
	}
}

// linesOf waits for the next batch that carries lines.
func linesOf(t *testing.T, out <-chan LineBatch) string {
	t.Helper()
	for {
		select {
		case b := <-out:
			if len(b.Lines) == 0 {
				continue
			}
			s := ""
			for i, l := range b.Lines {
				if i > 0 {
					s += "|"
				}
				s += string(l)
			}
			return s
		case <-time.After(5 * time.Second):
			t.Fatal("no lines")
			return ""
		}
	}
}
