package cmd

import (
	"context"
	"fmt"
	"io"
	"os/signal"
	"runtime/debug"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/metrics"
	"github.com/coworktop/coworktop/notify"
)

func newServeCmd(g *globalOptions) *cobra.Command {
	var addr string
	var notifyOn bool
	cmd := &cobra.Command{
		Use:   "serve [PATH...]",
		Short: "Headless: follow the logs, sample the host, serve Prometheus metrics",
		Long: `serve runs without a screen (for a launchd agent or a scheduled task): it
follows the Claude logs and samples the host like the live view, and serves
Prometheus metrics on http://ADDR/metrics (and "ok" on /healthz). It binds to
loopback unless --metrics-addr names another address. Counters come from the
log: after a restart they count what the log says since the app last started.`,
		Example: `  coworktop serve                                 metrics on ` + metrics.DefaultAddr + `
  coworktop serve --metrics-addr 127.0.0.1:9101   another port
  coworktop serve --notify                        also a desktop notification per eviction
  curl -s ` + metrics.DefaultAddr + `/metrics | grep coworktop_evictions_total`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := metrics.ParseAddr(addr); err != nil {
				return &exitError{code: 2, err: fmt.Errorf("--metrics-addr: %w", err)}
			}
			paths, err := logPaths(g, args)
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			return runServe(ctx, g, paths, addr, notifyOn)
		},
	}
	cmd.Flags().StringVar(&addr, "metrics-addr", metrics.DefaultAddr, "HOST:PORT to serve /metrics on (port 0 picks a free one)")
	cmd.Flags().BoolVar(&notifyOn, "notify", false, "desktop notification on an eviction or a pressure level change (macOS, Linux)")
	return cmd
}

// runServe owns the State: it applies each live update under a lock, and
// the collector snapshots it at scrape time under the same lock.
func runServe(ctx context.Context, g *globalOptions, paths []string, addr string, notifyOn bool) error {
	ln, err := metrics.Listen(addr)
	if err != nil {
		return err
	}
	bound := ln.Addr().String()
	fmt.Fprintf(g.stderr, "coworktop: serving metrics on http://%s/metrics\n", bound)
	if !metrics.IsLoopback(bound) {
		fmt.Fprintf(g.stderr, "coworktop: warning: %s is reachable from other machines\n", bound)
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	updates, err := startLive(ctx, liveConfig{paths: paths, refresh: g.refresh, follow: true, machine: true})
	if err != nil {
		ln.Close()
		return err
	}

	var mu sync.Mutex
	state := governor.New(governor.DefaultLimits())
	snapshot := func() governor.Snapshot {
		mu.Lock()
		defer mu.Unlock()
		return state.Snapshot(time.Now())
	}
	served := make(chan error, 1)
	go func() { served <- metrics.ServeListener(ctx, ln, snapshot, currentBuild()) }()

	var notes *noteSender
	if notifyOn {
		notes = startNotifier(ctx, g.stderr, false)
	}
	logLive := false
	for u := range updates {
		mu.Lock()
		if notes != nil && !logLive && len(u.Files) > 0 && !u.Backfill {
			// The backfill is over: what the log says from here on is news.
			logLive = true
			notes.baseline(state.Snapshot(time.Now()))
		}
		state.ApplyUpdate(u)
		var snap governor.Snapshot
		observe := notes != nil && logLive && (len(u.Events) > 0 || u.Host != nil)
		if observe {
			snap = state.Snapshot(time.Now())
		}
		mu.Unlock()
		if observe {
			notes.observe(snap)
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

// noteSender diffs snapshots on the caller's goroutine (cheap, pure) and
// sends the notes from its own, so a slow notifier never holds up the model.
// A full queue drops notes rather than block.
type noteSender struct {
	n     *notify.Notifier
	queue chan notify.Note
}

// startNotifier returns nil, after saying why, where notifications cannot
// work; the caller carries on without them. A caller that cannot tell the
// backfill from live updates passes ignoreOld: what the log dated before now
// is then not news.
func startNotifier(ctx context.Context, stderr io.Writer, ignoreOld bool) *noteSender {
	n, err := notify.New()
	if err != nil {
		fmt.Fprintf(stderr, "coworktop: --notify: %s; continuing without notifications\n", oneLine(err.Error()))
		return nil
	}
	if ignoreOld {
		n.IgnoreBefore(time.Now())
	}
	s := &noteSender{n: n, queue: make(chan notify.Note, 8)}
	go func() {
		warned := false
		for {
			select {
			case <-ctx.Done():
				return
			case note := <-s.queue:
				if err := n.Send(ctx, note); err != nil && !warned && ctx.Err() == nil {
					warned = true
					fmt.Fprintf(stderr, "coworktop: --notify: %s (further errors not shown)\n", oneLine(err.Error()))
				}
			}
		}
	}()
	return s
}

func (s *noteSender) baseline(snap governor.Snapshot) { s.n.Changes(snap, true) }

func (s *noteSender) observe(snap governor.Snapshot) {
	for _, note := range s.n.Changes(snap, false) {
		select {
		case s.queue <- note:
		default:
		}
	}
}

// currentBuild labels coworktop_build_info from the same sources as
// --version: the -ldflags values, else what the Go toolchain stamped.
func currentBuild() metrics.BuildInfo {
	b := metrics.BuildInfo{Version: version, Commit: commit}
	if info, ok := debug.ReadBuildInfo(); ok {
		if b.Version == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
			b.Version = info.Main.Version
		}
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && b.Commit == "" {
				b.Commit = s.Value
			}
		}
		b.GoVersion = info.GoVersion
	}
	if b.Version == "" {
		b.Version = "dev"
	}
	return b
}
