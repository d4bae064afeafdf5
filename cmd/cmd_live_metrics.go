package cmd

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/metrics"
)

// addLiveMetricsFlags registers the live screen's --metrics-addr and
// --notify, and returns the function the screen calls when it starts: it
// opens the exporter (so a bad address or a busy port fails before the
// screen takes the terminal) and hands back an observer the screen calls
// with each new snapshot on its own goroutine. Nil observer: neither flag.
//
// With terminal signals, --notify's notes are worded once, by the signals'
// notifier, and handed to the OS notifier from there.
func addLiveMetricsFlags(cmd *cobra.Command, g *globalOptions) func(context.Context, *terminalSignals) (func(governor.Snapshot), error) {
	var addr string
	var notifyOn bool
	cmd.Flags().StringVar(&addr, "metrics-addr", "", "also serve Prometheus metrics on HOST:PORT (e.g. "+metrics.DefaultAddr+")")
	addNotifyFlag(cmd, &notifyOn)
	addNotifyWaitingFlag(cmd, g)
	return func(ctx context.Context, signals *terminalSignals) (func(governor.Snapshot), error) {
		var observers []func(governor.Snapshot)
		if addr != "" {
			obs, err := startLiveExporter(ctx, g, addr)
			if err != nil {
				return nil, err
			}
			observers = append(observers, obs)
		}
		if notifyOn {
			// The screen cannot tell backfill from live updates here; the
			// notifier ignores what the log dated before now instead.
			if s := startNotifier(ctx, g.stderr, true); s != nil {
				s.n.SetWaitingAfter(g.notifyWaiting)
				if signals != nil {
					signals.os = s
				} else {
					observers = append(observers, s.observe)
				}
			}
		}
		switch len(observers) {
		case 0:
			return nil, nil
		case 1:
			return observers[0], nil
		}
		return func(s governor.Snapshot) {
			for _, o := range observers {
				o(s)
			}
		}, nil
	}
}

// startLiveExporter serves the screen's latest snapshot. The screen refreshes
// every --refresh, so scraped idle times are at most that old.
func startLiveExporter(ctx context.Context, g *globalOptions, addr string) (func(governor.Snapshot), error) {
	if _, err := metrics.ParseAddr(addr); err != nil {
		return nil, &exitError{code: 2, err: fmt.Errorf("--metrics-addr: %w", err)}
	}
	ln, err := metrics.Listen(addr)
	if err != nil {
		return nil, err
	}
	if w := exposedWarning(ln.Addr().String()); w != "" {
		// As serve says; the screen shows it at start, and it is printed
		// once the screen is gone.
		g.warnings = append(g.warnings, w)
		fmt.Fprintf(g.stderr, "coworktop: %s\n", w)
	}
	var mu sync.Mutex
	var latest governor.Snapshot
	snapshot := func() governor.Snapshot {
		mu.Lock()
		defer mu.Unlock()
		return latest
	}
	go func() { _ = metrics.ServeListener(ctx, ln, snapshot, currentBuild()) }()
	return func(s governor.Snapshot) {
		s = detach(s)
		mu.Lock()
		latest = s
		mu.Unlock()
	}, nil
}

// detach copies the parts of a snapshot the collector reads, so the screen
// may keep using its own.
func detach(s governor.Snapshot) governor.Snapshot {
	s.Sessions = slices.Clone(s.Sessions)
	s.Outcomes = slices.Clone(s.Outcomes)
	s.Groups = slices.Clone(s.Groups)
	s.Files = slices.Clone(s.Files)
	if s.Host != nil {
		h := *s.Host
		s.Host = &h
	}
	s.IdleRanking, s.NextVictim, s.Log, s.HostHistory, s.MemorySamples, s.MemoryTimes = nil, nil, nil, nil, nil, nil
	return s
}

// exposedWarning is the warning serve and the live view give for a metrics
// address other machines can reach, or "" for loopback.
func exposedWarning(bound string) string {
	if metrics.IsLoopback(bound) {
		return ""
	}
	return fmt.Sprintf("warning: %s is reachable from other machines", bound)
}
