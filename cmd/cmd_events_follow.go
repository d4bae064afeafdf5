package cmd

import (
	"bufio"
	"context"
	"os/signal"
	"syscall"

	"github.com/coworktop/coworktop/event"
)

// followEvents streams events as they are written: the backfill rebuilds the
// state quietly, then every new event is printed as it arrives.
func followEvents(ctx context.Context, g *globalOptions, logs liveLogs, w *bufio.Writer, emit func(event.Event) error) error {
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	updates, err := startLive(ctx, liveConfig{paths: logs.paths, await: logs.await, refresh: g.refresh, follow: true})
	if err != nil {
		return err
	}
	updates, kept := journalUpdates(ctx, g, logs, updates)
	defer kept()
	for u := range updates {
		if u.Backfill {
			continue
		}
		for _, e := range u.Events {
			if err := emit(e); err != nil {
				return err
			}
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
	return nil
}
