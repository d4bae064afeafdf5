package follow

import (
	"context"
	"time"
)

// Beat is one clock for every periodic source of the live view (the
// follower's poll, the host sample, the process scan). Each timer of its
// own would wake the process separately, and on an idle monitor the
// wake-ups, not the work, are most of the cost: a Go timer firing costs a
// netpoller wake, a sysmon wake and often a second thread, so three 1 s
// timers at unrelated phases cost about three times one.
//
// Ticks fall on whole multiples of the interval on the wall clock, so the
// screen's clock and idle figures change right after the second turns.
// Like time.Ticker, a subscriber that is still busy misses a beat rather
// than queueing it.
type Beat struct {
	every time.Duration
	subs  []chan time.Time
}

// NewBeat returns a beat every interval (at least 10 ms).
func NewBeat(every time.Duration) *Beat {
	return &Beat{every: max(every, 10*time.Millisecond)}
}

// Tick subscribes to the beat. Subscribe before Run; the channel is closed
// when Run returns.
func (b *Beat) Tick() <-chan time.Time {
	c := make(chan time.Time, 1)
	b.subs = append(b.subs, c)
	return c
}

// Run beats until ctx is done.
func (b *Beat) Run(ctx context.Context) {
	defer func() {
		for _, c := range b.subs {
			close(c)
		}
	}()
	t := time.NewTimer(untilBeat(time.Now(), b.every))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			for _, c := range b.subs {
				select {
				case c <- now:
				default:
				}
			}
			// Re-aimed at the wall clock every time rather than a
			// time.Ticker: the monotonic clock a ticker keeps drifts from
			// the wall clock the screen prints.
			t.Reset(untilBeat(time.Now(), b.every))
		}
	}
}

// untilBeat is the wait from now to the next whole multiple of every, a
// beat too close to now (a timer that fired a little early) being skipped.
func untilBeat(now time.Time, every time.Duration) time.Duration {
	wait := every - time.Duration(now.UnixNano())%every
	if wait < every/10 {
		wait += every
	}
	return wait
}
