package cmd

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/machine"
)

// liveConfig says what the live pipeline watches.
type liveConfig struct {
	paths   []string      // a log folder, or log files (their folder is followed)
	refresh time.Duration // host sampling interval
	follow  bool          // keep following after the backfill
	machine bool          // sample host memory and scan processes
	// following, if set, is called once when the backfill is done and
	// following begins (the live screen narrows the scheduler then).
	following func()
}

// stateDone is the status of a log read to its end that will not grow.
const stateDone = "done"

// scanEvery is how often the process table is scanned: the scan costs far
// more than a host sample and competitors come and go slowly.
const scanEvery = 5 * time.Second

// startLive wires sources to governor: it backfills the logs' recent
// history, then follows them, and (with machine) samples the host and scans
// processes. Every delivery is a governor.Update; the channel closes when
// ctx is cancelled (or, without follow, when the backfill is done).
func startLive(ctx context.Context, cfg liveConfig) (<-chan governor.Update, error) {
	dir, files, err := liveFiles(cfg.paths)
	if err != nil {
		return nil, err
	}
	plan, err := sources.PlanBackfill(dir, files)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	out := make(chan governor.Update, 16)
	lines := make(chan sources.LineBatch, 8)
	var producers, all sync.WaitGroup
	// One clock for the follower's poll and the machine sample, at the
	// refresh: faster buys nothing a person can see, and on an idle view
	// each separate timer is a wake-up that costs more than the work.
	var followTicks, machineTicks <-chan time.Time
	every := time.Second
	if cfg.refresh > 0 {
		every = max(cfg.refresh, 100*time.Millisecond)
	}
	if cfg.follow || cfg.machine {
		beat := sources.NewBeat(every)
		if cfg.follow {
			followTicks = beat.Tick()
		}
		if cfg.machine {
			machineTicks = beat.Tick()
		}
		all.Add(1)
		go func() {
			defer all.Done()
			beat.Run(ctx)
		}()
	}

	producers.Add(1)
	go func() {
		defer producers.Done()
		status := func(path, state, why string) bool {
			select {
			case lines <- sources.LineBatch{File: path, Status: sources.FollowStatus{State: state, Err: why, Since: time.Now()}}:
				return true
			case <-ctx.Done():
				return false
			}
		}
		for _, sk := range plan.Skipped {
			if !status(sk.File.Path, sources.StateUnreadable, sk.Err) {
				return
			}
		}
		if err := plan.Run(ctx, lines, 0); err != nil {
			if ctx.Err() == nil {
				status(dir, sources.StateUnreadable, "backfill stopped: "+sources.CleanText(err.Error()))
			}
			return
		}
		// Rotated generations are read once; say so rather than leave them
		// showing "backfill".
		for _, p := range plan.Parts {
			if !p.Current && !status(p.File.Path, stateDone, "") {
				return
			}
		}
		if !cfg.follow {
			plan.Close()
			return
		}
		if cfg.following != nil {
			cfg.following()
		}
		_ = sources.FollowAllOn(ctx, plan.Follow, followTicks, lines)
	}()
	go func() { producers.Wait(); close(lines) }()

	all.Add(1)
	go func() {
		defer all.Done()
		parseLive(ctx, lines, out)
	}()
	if cfg.machine {
		all.Add(1)
		go func() {
			defer all.Done()
			sampleMachine(ctx, machineTicks, every, out)
		}()
	}
	go func() { all.Wait(); close(out) }()
	return out, nil
}

// liveFiles turns the PATH arguments into the folder to follow and, when
// files were named, the files to backfill.
func liveFiles(paths []string) (string, []sources.LogFile, error) {
	if len(paths) == 1 {
		if st, err := os.Stat(paths[0]); err == nil && st.IsDir() {
			return paths[0], nil, nil
		}
	}
	files, err := sources.ExpandPaths(paths)
	if err != nil {
		return "", nil, err
	}
	if len(files) == 0 {
		return "", nil, fmt.Errorf("no Claude logs in %v", paths)
	}
	return filepath.Dir(files[0].Path), files, nil
}

// parseLive assembles and parses line batches into updates, one assembler
// per file so that entries never mix across files.
func parseLive(ctx context.Context, lines <-chan sources.LineBatch, out chan<- governor.Update) {
	asms := map[string]*ingest.Assembler{}
	status := map[string]*governor.FileStatus{}
	var events []governor.Event
	for b := range lines {
		name := filepath.Base(b.File)
		asm := asms[b.File]
		if asm == nil {
			asm = ingest.NewAssembler(name, time.Local, func(e *ingest.Entry) { events = ingest.Parse(e, events) })
			asms[b.File] = asm
		}
		before := asm.Orphans()
		for _, l := range b.Lines {
			asm.Feed(l)
		}
		// The app writes a multi-line entry in one write, so a batch that
		// ends where the writer stopped ends on an entry boundary: flush now
		// rather than wait for the next entry, which may be minutes away. A
		// batch cut for size may stop inside an entry: keep it open.
		if !b.Partial {
			asm.Flush()
		}
		st := status[b.File]
		if st == nil {
			st = &governor.FileStatus{Name: name}
			status[b.File] = st
		}
		st.State, st.Err, st.Since = b.Status.State, b.Status.Err, b.Status.Since
		st.Lines += int64(len(b.Lines))
		if len(b.Lines) > 0 {
			st.LastLineAt = time.Now()
		}
		u := governor.Update{
			Events:     events,
			Files:      []governor.FileStatus{*st},
			Backfill:   b.Status.State == sources.StateBackfill,
			Unreadable: asm.Orphans() - before,
		}
		events = nil
		select {
		case out <- u:
		case <-ctx.Done():
			for range lines { // let the producers finish and close lines
			}
			return
		}
	}
}

// sampleMachine forwards the host sampler's and the process scanner's
// batches as updates. A failed sample or scan is skipped, not fatal: the UI
// keeps showing the last good one.
func sampleMachine(ctx context.Context, ticks <-chan time.Time, every time.Duration, out chan<- governor.Update) {
	batches := make(chan machine.MachineBatch, 1)
	go func() {
		defer close(batches)
		machine.RunMachine(ctx, ticks, every, scanEvery, time.Now, batches)
	}()
	for b := range batches {
		var u governor.Update
		if h := b.Host; b.HostErr == nil || h.AnyKnown() {
			u.Host = &h
		}
		if b.Scanned && b.ScanErr == nil {
			u.Groups, u.GroupsAt = b.Groups, b.Host.At
			if u.GroupsAt.IsZero() {
				u.GroupsAt = time.Now()
			}
		}
		select {
		case out <- u:
		case <-ctx.Done():
		}
	}
}
