package cmd

import (
	"context"
	"fmt"
	"os/signal"
	"sync"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/metrics"
)

func newServeCmd(g *globalOptions) *cobra.Command {
	var addr string
	var notifyOn bool
	var allowHosts []string
	cmd := &cobra.Command{
		Use:   "serve [PATH...]",
		Short: "Headless: follow the logs, sample the host, serve Prometheus metrics",
		Long: `serve runs without a screen (for a launchd agent or a scheduled task): it
follows the Claude logs and samples the host like the live view, and serves
Prometheus metrics on http://ADDR/metrics (and "ok" on /healthz). It binds to
loopback unless --metrics-addr names another address, and answers only
requests addressed to an IP, localhost or a name given with --allow-host
(so a web page cannot read it through DNS rebinding). Counters come from the
log: after a restart they count what the log says since the app last started.`,
		Example: `  coworktop serve                                 metrics on ` + metrics.DefaultAddr + `
  coworktop serve --metrics-addr 127.0.0.1:9101   another port
  coworktop serve --notify                        also a desktop notification per eviction
  curl -s ` + metrics.DefaultAddr + `/metrics | grep coworktop_evictions_total`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := metrics.ParseAddr(addr); err != nil {
				return &exitError{code: 2, err: fmt.Errorf("--metrics-addr: %w", err)}
			}
			paths, await, err := followPaths(g, args)
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			return runServe(ctx, g, liveLogs{paths, await, len(args) == 0}, addr, notifyOn, allowHosts)
		},
	}
	cmd.Flags().StringVar(&addr, "metrics-addr", metrics.DefaultAddr, "HOST:PORT to serve /metrics on (port 0 picks a free one)")
	cmd.Flags().StringSliceVar(&allowHosts, "allow-host", nil, "also answer requests for this host name (repeatable); IP addresses and localhost always work")
	addNotifyFlag(cmd, &notifyOn)
	addNotifyWaitingFlag(cmd, g)
	return cmd
}

// runServe owns the State: it applies each live update under a lock, and
// the collector snapshots it at scrape time under the same lock.
func runServe(ctx context.Context, g *globalOptions, logs liveLogs, addr string, notifyOn bool, allowHosts []string) error {
	limitMemory() // serve runs for days too, on the same follower
	ln, err := metrics.Listen(addr)
	if err != nil {
		return err
	}
	bound := ln.Addr().String()
	fmt.Fprintf(g.stderr, "coworktop: serving metrics on http://%s/metrics\n", bound)
	if w := exposedWarning(bound); w != "" {
		fmt.Fprintf(g.stderr, "coworktop: %s\n", w)
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	qp := quotaPaths()
	records := recordDirs(g)
	updates, err := startLive(ctx, liveConfig{paths: logs.paths, await: logs.await, refresh: g.refresh, follow: true, machine: true, quota: &qp, records: &records})
	if err != nil {
		_ = ln.Close() // the start failed; that error is the one to report
		return err
	}
	updates, kept := journalUpdates(ctx, g, logs, updates)
	defer kept()

	var mu sync.Mutex
	state := governor.New(governor.DefaultLimits())
	state.SetStallThresholds(g.stallAfter, g.waitLongAfter)
	snapshot := func() governor.Snapshot {
		mu.Lock()
		defer mu.Unlock()
		return state.Snapshot(productNow())
	}
	served := make(chan error, 1)
	go func() { served <- metrics.ServeListener(ctx, ln, snapshot, currentBuild(), allowHosts...) }()

	var notes *noteSender
	if notifyOn {
		notes = startNotifier(ctx, g.stderr, false)
		if notes != nil {
			notes.n.SetWaitingAfter(g.notifyWaiting)
		}
	}
	logLive := false
	modWarning := newModWarning("coworktop serve", g.stderr)
	for u := range updates {
		mu.Lock()
		if notes != nil && !logLive && len(u.Files) > 0 && !u.Backfill {
			// The backfill is over: what the log says from here on is news.
			logLive = true
			notes.baseline(state.Snapshot(productNow()))
		}
		state.ApplyUpdate(u)
		var snap governor.Snapshot
		observe := notes != nil && logLive && (len(u.Events) > 0 || u.Host != nil)
		now := productNow()
		warn := u.Host != nil && modWarning.due(now) // every refresh, while the mod is installed
		if observe || warn {
			snap = state.Snapshot(now)
		}
		mu.Unlock()
		if observe {
			notes.observe(snap)
		}
		if warn {
			modWarning.observe(snap)
		}
		select {
		case err := <-served: // the server stopped by itself
			cancel()
			drain(updates)
			return err
		default:
		}
	}
	cancel()
	return <-served
}

func drain(updates <-chan governor.Update) {
	for range updates {
	}
}
