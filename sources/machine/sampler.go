package machine

import (
	"context"
	"time"

	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// MachineBatch is one delivery from the machine sources: a host sample
// always, process groups only when a scan was due.
type MachineBatch struct {
	Host    host.HostMemory
	HostErr error

	Scanned bool // Groups and ScanErr belong to a scan taken now
	Groups  []host.ProcessGroup
	ScanErr error
}

// Machine pairs the host sampler with the process scanner; both can be
// fakes in tests.
type Machine struct {
	Host    *HostSampler
	Scanner *Scanner
}

// RunMachine samples this machine on every tick until ctx is done or ticks
// is closed. See Machine.RunOn.
func RunMachine(ctx context.Context, ticks <-chan time.Time, every, scanEvery time.Duration, clock func() time.Time, out chan<- MachineBatch) {
	m := Machine{Host: NewSystemHostSampler(), Scanner: NewSystemScanner()}
	m.RunOn(ctx, ticks, every, scanEvery, clock, out)
}

// Run delivers a batch at once and then every hostEvery (the UI refresh);
// a process scan rides along at once and then every scanEvery, which
// should be 3–5 s because a scan lists the whole process table. It blocks
// until ctx is done and never blocks past that on a full channel.
func (m Machine) Run(ctx context.Context, hostEvery, scanEvery time.Duration, clock func() time.Time, out chan<- MachineBatch) {
	hostEvery = max(hostEvery, vocab.MinRefresh)
	tick := time.NewTicker(hostEvery)
	defer tick.Stop()
	m.RunOn(ctx, tick.C, hostEvery, scanEvery, clock, out)
}

// RunOn is Run on the caller's clock (a Beat's tick, every apart) instead
// of a ticker of its own. It returns when ctx is done or ticks is closed.
func (m Machine) RunOn(ctx context.Context, ticks <-chan time.Time, every, scanEvery time.Duration, clock func() time.Time, out chan<- MachineBatch) {
	scanEvery = max(scanEvery, every)
	var lastScan time.Time
	for {
		now := clock()
		var b MachineBatch
		b.Host, b.HostErr = m.Host.Sample(ctx, now)
		// Less than a tick early still counts as due, so ticker jitter does
		// not push every scan one tick late.
		if m.Scanner != nil && (lastScan.IsZero() || now.Sub(lastScan) >= scanEvery-every/2) {
			b.Scanned, lastScan = true, now
			if b.Host.Total.Known {
				m.Scanner.SetRAM(b.Host.Total.Value)
			}
			b.Groups, b.ScanErr = m.Scanner.Scan(ctx, now)
		}
		select {
		case out <- b:
		case <-ctx.Done():
			return
		}
		select {
		case _, ok := <-ticks:
			if !ok {
				return
			}
		case <-ctx.Done():
			return
		}
	}
}
