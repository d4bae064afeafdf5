package cmd

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/coworktop/coworktop/event"
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
			src, err := readReplay(args)
			if err != nil {
				return err
			}
			ctx, cancel := context.WithCancel(contextOf(cmd))
			defer cancel()
			pb := newPlayback(src.first, src.end, speed)
			updates := make(chan governor.Update, 16)
			go feedReplay(ctx, pb, src, updates)
			return ui.Run(ctx, ui.Options{
				Mode: ui.ModeReplay, Updates: updates, Clock: pb.Now, Playback: pb,
				Color: g.colorEnabled(), Version: versionShort(), Refresh: g.refresh,
				Source: fmt.Sprintf("%d log file(s)", len(src.files)),
				View:   g.liveView(), SaveView: g.saveView,
			})
		},
	}
	cmd.Flags().Float64Var(&speed, "speed", 1, "log seconds per wall-clock second (+ and - change it while running)")
	return cmd
}

// maxReplayEvents is how many events replay holds in memory, merged and
// sorted by time (about 80 MB); logs with more (a whole day) are streamed
// from the files in the order the reader merges them, read twice.
const maxReplayEvents = 200_000

// replaySource is what replay plays: the events (held, or streamed from the
// files), each file's status for the header and its count of events, and
// the lines that could not be read as entries.
type replaySource struct {
	held       []event.Event // nil when streamed
	stream     func(ctx context.Context, out chan<- []event.Event)
	files      []event.FileStatus
	perFile    map[string]int // events per file
	unreadable int
	first, end time.Time
}

// readReplay reads the given logs once: their events in time order if
// there are at most maxReplayEvents, else only their counts and span, and
// the events are streamed when played.
func readReplay(paths []string) (*replaySource, error) {
	files, err := sources.ExpandPaths(paths)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, errors.New("replay: no known log files in the given paths")
	}
	src := &replaySource{perFile: map[string]int{}}
	n := 0
	results := readEvents(files, time.Local, func(e *event.Event) {
		if n++; n <= maxReplayEvents {
			src.held = append(src.held, *e)
		} else {
			src.held = nil // a day: streamed instead
		}
		src.perFile[e.File]++
		if src.first.IsZero() || e.Time.Before(src.first) {
			src.first = e.Time
		}
		if e.Time.After(src.end) {
			src.end = e.Time
		}
	})
	if err := notClaudeLogs(results); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, errors.New("replay: no events in the given logs")
	}
	for _, r := range results {
		// Following while it plays; done once its last event is delivered
		// (feedReplay): it said done while still playing (issue 23 #5).
		fs := event.FileStatus{Name: sources.CleanText(r.Name), State: event.FileFollowing, Lines: int64(r.Lines), Cut: int64(r.CutLines)}
		if r.Err != "" {
			fs.State, fs.Err = event.FileUnreadable, r.Err
		}
		src.files = append(src.files, fs)
		src.unreadable += r.Orphans + r.CutLines
	}
	if n <= maxReplayEvents {
		sort.SliceStable(src.held, func(i, j int) bool { return src.held[i].Time.Before(src.held[j].Time) })
		return src, nil
	}
	src.stream = func(ctx context.Context, out chan<- []event.Event) {
		defer close(out)
		var batch []event.Event
		send := func() {
			select {
			case out <- batch:
			case <-ctx.Done(): // the rest is read and dropped
			}
			batch = nil
		}
		readEvents(files, time.Local, func(e *event.Event) {
			if batch = append(batch, *e); len(batch) == replayBatch {
				send()
			}
		})
		if len(batch) > 0 {
			send()
		}
	}
	return src, nil
}

// replayBatch is how many streamed events travel together.
const replayBatch = 2048

// replayQueue hands out the events in play order.
type replayQueue struct {
	cur  []event.Event
	next <-chan []event.Event // nil: cur holds them all
}

// peek is the next event's time; false when none is left.
func (q *replayQueue) peek() (time.Time, bool) {
	for len(q.cur) == 0 {
		if q.next == nil {
			return time.Time{}, false
		}
		b, ok := <-q.next
		if !ok {
			q.next = nil
			return time.Time{}, false
		}
		q.cur = b
	}
	return q.cur[0].Time, true
}

// take removes and returns the next events up to now (at most a batch).
func (q *replayQueue) take(now time.Time) []event.Event {
	var out []event.Event
	for len(out) < replayBatch {
		t, ok := q.peek()
		if !ok || t.After(now) {
			break
		}
		end := 1
		for end < len(q.cur) && end < replayBatch-len(out) && !q.cur[end].Time.After(now) {
			end++
		}
		if out == nil && q.next == nil {
			out = q.cur[:end:end] // held: no copy
		} else {
			out = append(out, q.cur[:end]...)
		}
		q.cur = q.cur[end:]
	}
	return out
}

// feedReplay delivers events as the playback clock reaches them. A stretch
// with nothing logged that would take more than maxWait of wall time is
// skipped: the clock jumps to just before the next event, which keeps every
// idle figure on log time.
func feedReplay(ctx context.Context, pb *playback, src *replaySource, out chan<- governor.Update) {
	defer close(out)
	const step, maxWait, lead = 100 * time.Millisecond, 5 * time.Second, 2 * time.Second
	files := append([]event.FileStatus(nil), src.files...)
	left := map[string]int{} // a file's events not yet delivered
	for f, n := range src.perFile {
		left[f] = n
	}
	done := func() []event.FileStatus { // files with every event delivered, now done
		var out []event.FileStatus
		for i := range files {
			f := &files[i]
			if f.State == event.FileFollowing && left[f.Name] == 0 {
				f.State = event.FileDone
				out = append(out, *f)
			}
		}
		return out
	}
	done() // a file with no event has nothing to play
	q := &replayQueue{cur: src.held}
	if src.stream != nil {
		ch := make(chan []event.Event, 2)
		go src.stream(ctx, ch)
		q.next = ch
	}
	select {
	case out <- governor.Update{Files: files, Unreadable: src.unreadable}:
	case <-ctx.Done():
		return
	}
	t := time.NewTicker(step)
	defer t.Stop()
	for {
		if evs := q.take(pb.Now()); len(evs) > 0 {
			for i := range evs {
				left[evs[i].File]--
			}
			select {
			case out <- governor.Update{Events: evs, Files: done()}:
			case <-ctx.Done():
				return
			}
			continue
		}
		next, ok := q.peek()
		if !ok {
			return
		}
		if wait := pb.wallUntil(next); wait > maxWait {
			pb.jumpTo(next.Add(-lead))
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
