package cmd

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/ui"
)

func newReplayCmd(g *globalOptions) *cobra.Command {
	var speed float64
	cmd := &cobra.Command{
		Use:   "replay [--speed N] PATH...",
		Short: "TUI replaying saved logs on their own clock",
		Long: `replay plays saved Claude logs through the live screen on the logs' own clock:
idle times and the memory timeline follow log time, not the wall clock.
Gaps with nothing logged are skipped. space pauses, + and - change speed.`,
		Example: `  coworktop replay ~/saved-logs/
  coworktop replay --speed 10 main2.log main1.log main.log`,
		Args:        cobra.MinimumNArgs(1),
		Annotations: map[string]string{drawsScreen: "true"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if speed <= 0 {
				return usageError("--speed %g: want a number above 0", speed)
			}
			if err := checkTerminal(); err != nil {
				return err
			}
			events, files, unreadable, err := readReplay(args)
			if err != nil {
				return err
			}
			if len(events) == 0 {
				return errors.New("replay: no events in the given logs")
			}
			ctx, cancel := context.WithCancel(contextOf(cmd))
			defer cancel()
			pb := newPlayback(events[0].Time, events[len(events)-1].Time, speed)
			updates := make(chan governor.Update, 16)
			go feedReplay(ctx, pb, events, files, unreadable, updates)
			return ui.Run(ctx, ui.Options{
				Mode: ui.ModeReplay, Updates: updates, Clock: pb.Now, Playback: pb,
				Color: g.colorEnabled(), Version: versionShort(), Refresh: g.refresh,
				Source: fmt.Sprintf("%d log file(s)", len(files)),
				View:   g.liveView(), SaveView: g.saveView,
			})
		},
	}
	cmd.Flags().Float64Var(&speed, "speed", 1, "log seconds per wall-clock second (+ and - change it while running)")
	return cmd
}

// maxReplayEvents bounds what replay holds in memory (events are merged
// across files by time, so they are all read first): about 80 MB.
const maxReplayEvents = 200_000

// readReplay reads the events of the given logs (at most maxReplayEvents),
// in time order, with each file's status for the header and the count of
// lines that could not be read as entries.
func readReplay(paths []string) ([]governor.Event, []governor.FileStatus, int, error) {
	files, err := sources.ExpandPaths(paths)
	if err != nil {
		return nil, nil, 0, err
	}
	if len(files) == 0 {
		return nil, nil, 0, errors.New("replay: no known log files in the given paths")
	}
	var events []governor.Event
	dropped := 0
	results := readEvents(files, time.Local, func(e *governor.Event) {
		if len(events) < maxReplayEvents {
			events = append(events, *e)
		} else {
			dropped++
		}
	})
	if err := notClaudeLogs(results); err != nil {
		return nil, nil, 0, err
	}
	if dropped > 0 {
		return nil, nil, 0, fmt.Errorf("replay: the logs hold more than %d events (%d more); replay fewer files or use `coworktop report`", maxReplayEvents, dropped)
	}
	status := make([]governor.FileStatus, 0, len(results))
	unreadable := 0
	for _, r := range results {
		// Following while it plays; done once its last event is delivered
		// (feedReplay): it said done while still playing (issue 23 #5).
		fs := governor.FileStatus{Name: sources.CleanText(r.Name), State: governor.FileFollowing, Lines: int64(r.Lines), Cut: int64(r.CutLines)}
		if r.Err != "" {
			fs.State, fs.Err = governor.FileUnreadable, r.Err
		}
		status = append(status, fs)
		unreadable += r.Orphans + r.CutLines
	}
	sort.SliceStable(events, func(i, j int) bool { return events[i].Time.Before(events[j].Time) })
	return events, status, unreadable, nil
}

// feedReplay delivers events as the playback clock reaches them. A stretch
// with nothing logged that would take more than maxWait of wall time is
// skipped: the clock jumps to just before the next event, which keeps every
// idle figure on log time.
func feedReplay(ctx context.Context, pb *playback, events []governor.Event, files []governor.FileStatus, unreadable int, out chan<- governor.Update) {
	defer close(out)
	const step, maxWait, lead = 100 * time.Millisecond, 5 * time.Second, 2 * time.Second
	files = append([]governor.FileStatus(nil), files...)
	last := map[string]int{} // a file's last event
	for i, e := range events {
		last[e.File] = i
	}
	done := func(upTo int) []governor.FileStatus { // files whose last event is before upTo, now done
		var out []governor.FileStatus
		for i := range files {
			f := &files[i]
			if li, ok := last[f.Name]; f.State == governor.FileFollowing && (!ok || li < upTo) {
				f.State = governor.FileDone
				out = append(out, *f)
			}
		}
		return out
	}
	done(0) // a file with no event has nothing to play
	first := governor.Update{Files: files, Unreadable: unreadable}
	select {
	case out <- first:
	case <-ctx.Done():
		return
	}
	t := time.NewTicker(step)
	defer t.Stop()
	next := 0
	for next < len(events) {
		now := pb.Now()
		end := next
		for end < len(events) && !events[end].Time.After(now) {
			end++
		}
		if end > next {
			select {
			case out <- governor.Update{Events: events[next:end], Files: done(end)}:
				next = end
			case <-ctx.Done():
				return
			}
			continue
		}
		if wait := pb.wallUntil(events[next].Time); wait > maxWait {
			pb.jumpTo(events[next].Time.Add(-lead))
		}
		select {
		case <-t.C:
		case <-ctx.Done():
			return
		}
	}
}

// playback is the replay clock: log time advancing at speed× wall time,
// pausable, ending at the last event.
type playback struct {
	mu     sync.Mutex
	base   time.Time // log time at wallAt
	wallAt time.Time
	speed  float64
	paused bool
	end    time.Time
}

func newPlayback(start, end time.Time, speed float64) *playback {
	return &playback{base: start, wallAt: time.Now(), speed: speed, end: end}
}

func (p *playback) nowLocked() time.Time {
	t := p.base
	if !p.paused {
		t = t.Add(time.Duration(float64(time.Since(p.wallAt)) * p.speed))
	}
	if t.After(p.end) {
		t = p.end
	}
	return t
}

// rebase fixes the current log time before a change of speed or pause.
func (p *playback) rebase() { p.base, p.wallAt = p.nowLocked(), time.Now() }

// Now is the replay's log time.
func (p *playback) Now() time.Time { p.mu.Lock(); defer p.mu.Unlock(); return p.nowLocked() }

// SetPaused stops or resumes the clock.
func (p *playback) SetPaused(paused bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.rebase()
	p.paused = paused
}

// Faster doubles the speed (up to 4096×).
func (p *playback) Faster() { p.setSpeed(2) }

// Slower halves the speed (down to ¼×).
func (p *playback) Slower() { p.setSpeed(0.5) }

func (p *playback) setSpeed(factor float64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.rebase()
	p.speed = min(4096, max(0.25, p.speed*factor))
}

// Speed is log seconds per wall second.
func (p *playback) Speed() float64 { p.mu.Lock(); defer p.mu.Unlock(); return p.speed }

// Ended reports that the clock reached the last event.
func (p *playback) Ended() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return !p.nowLocked().Before(p.end)
}

// wallUntil is how long, at the current speed, until log time t.
func (p *playback) wallUntil(t time.Time) time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.paused {
		return 0
	}
	return time.Duration(float64(t.Sub(p.nowLocked())) / p.speed)
}

// jumpTo moves the clock forward to t (never back).
func (p *playback) jumpTo(t time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if t.After(p.nowLocked()) {
		p.base, p.wallAt = t, time.Now()
	}
}
