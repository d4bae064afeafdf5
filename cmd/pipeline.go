package cmd

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/follow"
	"github.com/coworktop/coworktop/sources/machine"
	quotafiles "github.com/coworktop/coworktop/sources/quota"
	"github.com/coworktop/coworktop/sources/records"
	"github.com/coworktop/coworktop/vocab"
)

// liveConfig says what the live pipeline watches.
type liveConfig struct {
	paths   []string      // a log folder, or log files (their folder is followed)
	await   []string      // logs not there yet, followed from their start once they appear
	refresh time.Duration // host sampling interval
	follow  bool          // keep following after the backfill
	machine bool          // sample host memory and scan processes
	// extraGroups, if set, are added to every process scan taken at a
	// time: the demo's simulated groups (a live run has none).
	extraGroups func(time.Time) []host.ProcessGroup
	// following, if set, is called once when the backfill is done and
	// following begins (the live screen narrows the scheduler then).
	following func()
	// quota, if set, reads the account's quota files (cmd/quota.go).
	quota *quotafiles.QuotaPaths
	// records, if set, are the session-record folders to follow (with
	// follow) or read once.
	records *records.RecordDirs
}

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
	plan, err := sources.PlanBackfill(dir, files, sources.StartFinder{Last: ingest.LastAppStart, Span: ingest.AppStartSpan, Stamp: ingest.StampOf})
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	for _, p := range cfg.await {
		if !slices.ContainsFunc(plan.Follow, func(f follow.FollowConfig) bool { return f.Path == p }) {
			plan.Follow = append(plan.Follow, follow.FollowConfig{Path: p, StartAt: 0})
		}
	}
	out := make(chan governor.Update, 16)
	lines := make(chan follow.LineBatch, 8)
	var producers, all sync.WaitGroup
	// One clock for the machine sample and the follower's safety check, at
	// the refresh: faster buys nothing a person can see, and on an idle
	// view each separate timer is a wake-up that costs more than the work.
	// New lines wake the follower through file notifications, not this
	// clock; it checks on every beat only while its folder is unwatched.
	var followTicks, machineTicks, recordTicks <-chan time.Time
	every := time.Second
	if cfg.refresh > 0 {
		every = max(cfg.refresh, vocab.MinRefresh)
	}
	if cfg.follow || cfg.machine {
		beat := follow.NewBeat(every)
		if cfg.follow {
			followTicks = beat.Tick()
		}
		if cfg.machine {
			machineTicks = beat.Tick()
		}
		if cfg.records != nil && cfg.follow {
			recordTicks = beat.Tick()
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
		status := func(path string, state event.FileState, why string) bool {
			select {
			case lines <- follow.LineBatch{File: path, Status: follow.FollowStatus{State: state, Err: why, Since: time.Now()}}:
				return true
			case <-ctx.Done():
				return false
			}
		}
		for _, sk := range plan.Skipped {
			if !status(sk.File.Path, event.FileUnreadable, sk.Err) {
				return
			}
		}
		if err := plan.Run(ctx, lines, 0); err != nil {
			if ctx.Err() == nil {
				status(dir, event.FileUnreadable, "backfill stopped: "+sources.CleanText(err.Error()))
			}
			return
		}
		// Rotated generations are read once; say so rather than leave them
		// showing "backfill" (one whose last batch came says so already).
		for _, p := range plan.Parts {
			if !p.Current && !p.Ended && !status(p.File.Path, event.FileDone, "") {
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
		cfgs := plan.Follow
		plan = nil // one part per generation read: not kept while following
		_ = follow.FollowAllOn(ctx, cfgs, followTicks, lines)
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
			sampleMachine(ctx, machineTicks, every, cfg.extraGroups, out)
		}()
	}
	if cfg.quota != nil {
		all.Add(1)
		go func() {
			defer all.Done()
			sampleQuota(ctx, *cfg.quota, out)
		}()
	}
	if cfg.records != nil {
		var live chan []string // the live sessions, for the transcripts' reader
		if cfg.follow {
			live = make(chan []string, 1)
			all.Add(1)
			go func() {
				defer all.Done()
				watchUsage(ctx, usageRoots(*cfg.records), live, out)
			}()
		}
		all.Add(1)
		go func() {
			defer all.Done()
			if cfg.follow {
				watchRecords(ctx, *cfg.records, recordTicks, out, live)
				return
			}
			r := readRecordsOnce(*cfg.records)
			for _, u := range []governor.Update{{Records: &r}, readUsageOnce(*cfg.records, r)} {
				select {
				case out <- u:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() { all.Wait(); close(out) }()
	return out, nil
}

// liveFiles turns the PATH arguments into the folder to follow and, when
// files were named, the files to backfill.
func liveFiles(paths []string) (string, []sources.LogFile, error) {
	dir := ""
	if st, err := os.Stat(paths[0]); err == nil && st.IsDir() {
		if len(paths) == 1 {
			return paths[0], nil, nil
		}
		dir = paths[0] // the log folder, then the daemon's log from its own
	}
	files, err := sources.ExpandPaths(paths)
	if err != nil {
		return "", nil, err
	}
	if len(files) == 0 {
		return "", nil, fmt.Errorf("no Claude logs in %v", paths)
	}
	if dir == "" {
		dir = filepath.Dir(files[0].Path)
	}
	return dir, files, nil
}

// parseLive translates the follower's line batches into ingest's stream and
// its events and the follower's status into updates. Batches already
// waiting are folded into one update while they are the backfill's, or
// statuses without events (mergeable): a folder of 20 000 rotated
// generations sent an update each, twice, and the live view took a
// snapshot of all their statuses per handful of updates (issue 29 #5). A
// live batch with events is always an update of its own.
func parseLive(ctx context.Context, lines <-chan follow.LineBatch, out chan<- governor.Update) {
	stream := ingest.NewStream(time.Local)
	files := map[string]*event.FileStatus{}
	var (
		pend *governor.Update
		hold backfillHold
	)
	for {
		var b follow.LineBatch
		var ok bool
		if pend != nil {
			select {
			case b, ok = <-lines:
			default:
				if !sendUpdate(ctx, out, lines, pend) {
					return
				}
				pend = nil
				continue
			}
		} else {
			b, ok = <-lines
		}
		if !ok {
			break
		}
		u := liveUpdate(stream, files, b)
		if u.Backfill { // applied as one timeline once the backfill is over
			hold.add(b.File, u.Events)
			u.Events = nil
		} else if pend, ok = sendHeld(ctx, out, lines, pend, &hold); !ok {
			return
		}
		if pend != nil && mergeable(pend, &u) {
			mergeUpdate(pend, &u)
			continue
		}
		if pend != nil && !sendUpdate(ctx, out, lines, pend) {
			return
		}
		pend = &u
	}
	pend, ok := sendHeld(ctx, out, lines, pend, &hold)
	if ok && pend != nil {
		sendUpdate(ctx, out, lines, pend)
	}
}

// sendHeld puts the backfill's held events, as one timeline, after pend
// (folded into it when it is the backfill's too); it returns the update
// now pending, and false if ctx ended.
func sendHeld(ctx context.Context, out chan<- governor.Update, lines <-chan follow.LineBatch, pend *governor.Update, hold *backfillHold) (*governor.Update, bool) {
	events := hold.take()
	if events == nil {
		return pend, true
	}
	u := governor.Update{Events: events, Backfill: true}
	if pend != nil && pend.Backfill {
		mergeUpdate(pend, &u)
		return pend, true
	}
	if pend != nil && !sendUpdate(ctx, out, lines, pend) {
		return nil, false
	}
	return &u, true
}

// liveUpdate parses one batch and updates its file's status.
func liveUpdate(stream *ingest.Stream, files map[string]*event.FileStatus, b follow.LineBatch) governor.Update {
	st := files[b.File]
	if st == nil {
		st = &event.FileStatus{Name: filepath.Base(b.File)}
		files[b.File] = st
	}
	p := stream.Feed(ingest.Lines{File: b.File, Lines: b.Lines, Gen: b.Gen, First: b.Line, Partial: b.Partial, Last: b.Last})
	st.State, st.Err, st.Since, st.LostBytes = b.Status.State, b.Status.Err, b.Status.Since, b.Status.LostBytes
	st.ListErrors = b.Status.ListErrors
	st.Lines += int64(len(b.Lines))
	st.Cut += int64(b.Cut)
	if len(b.Lines) > 0 {
		st.LastLineAt = productNow()
	}
	if p.Newest.After(st.NewestLine) {
		st.NewestLine = p.Newest
	}
	if b.Last { // a rotated generation read to its end: nothing more of it comes
		st.State = event.FileDone
		delete(files, b.File)
	}
	return governor.Update{
		Events:     p.Events,
		Files:      []event.FileStatus{*st},
		Backfill:   b.Status.State == event.FileBackfill,
		Unreadable: p.Unreadable,
		BadStamps:  p.BadStamps,
	}
}

// An update folds at most mergeFiles statuses and mergeEvents events.
const (
	mergeFiles  = 4096
	mergeEvents = 4096
)

// mergeable says whether u may be folded into pend: both the backfill's,
// or both statuses without events, and pend not full.
func mergeable(pend, u *governor.Update) bool {
	if pend.Backfill != u.Backfill || len(pend.Files) >= mergeFiles || len(pend.Events) >= mergeEvents {
		return false
	}
	return u.Backfill || len(pend.Events) == 0 && len(u.Events) == 0
}

// mergeUpdate folds u into pend, in order (a file's later status replaces
// its earlier one, as applying both would).
func mergeUpdate(pend, u *governor.Update) {
	pend.Events = append(pend.Events, u.Events...)
	for _, f := range u.Files {
		if n := len(pend.Files); n > 0 && pend.Files[n-1].Name == f.Name {
			pend.Files[n-1] = f
			continue
		}
		pend.Files = append(pend.Files, f)
	}
	pend.Unreadable += u.Unreadable
	pend.BadStamps += u.BadStamps
}

// sendUpdate delivers u, or drains lines (so the producers finish) and
// returns false if ctx ends first.
func sendUpdate(ctx context.Context, out chan<- governor.Update, lines <-chan follow.LineBatch, u *governor.Update) bool {
	select {
	case out <- *u:
		return true
	case <-ctx.Done():
		for range lines { // let the producers finish and close lines
		}
		return false
	}
}

// sampleMachine forwards the host sampler's and the process scanner's
// batches as updates. A failed sample or scan is skipped, not fatal: the UI
// keeps showing the last good one.
func sampleMachine(ctx context.Context, ticks <-chan time.Time, every time.Duration, extra func(time.Time) []host.ProcessGroup, out chan<- governor.Update) {
	batches := make(chan machine.MachineBatch, 1)
	go func() {
		defer close(batches)
		machine.RunMachine(ctx, ticks, every, scanEvery, productNow, batches)
	}()
	for b := range batches {
		var u governor.Update
		if h := b.Host; b.HostErr == nil || h.AnyKnown() {
			u.Host = &h
		}
		if b.Scanned && b.ScanErr == nil {
			u.Groups, u.GroupsAt = b.Groups, b.Host.At
			if u.GroupsAt.IsZero() {
				u.GroupsAt = productNow()
			}
			if extra != nil {
				u.Groups = append(u.Groups, extra(u.GroupsAt)...)
			}
		}
		select {
		case out <- u:
		case <-ctx.Done():
		}
	}
}
