package follow

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/coworktop/coworktop/event"
)

// FollowStatus says what the follower is doing. It travels with every batch.
type FollowStatus struct {
	State event.FileState
	Err   string // why unreadable; file system text, never log text
	Since time.Time
	// Note names the last discontinuity handled: "rotated", "replaced",
	// "cropped", "truncated", "lost". Empty until one happens.
	Note string
	// LostBytes counts, since the start, the bytes of generations that
	// vanished before they could be read to their end.
	LostBytes int64
	// ListErrors counts, since the start, the checks at which listing the
	// log folder or opening a generation failed (too many open files, a
	// folder briefly unreadable). Every known generation was kept and the
	// check retried: nothing is lost or read twice for it.
	ListErrors int64
}

// LineBatch is a group of lines read from one followed file. Lines are copies
// owned by the receiver. A batch may carry no lines, only a status change.
type LineBatch struct {
	File  string
	Lines [][]byte
	// Gen and Line say where the lines come from: the base name the
	// generation (one file, known by its identity) had at the follower's
	// last listing, when the lines were read (main1.log for the rest of a
	// generation read after its rotation, as report on the saved files
	// cites it), and the line number of Lines[0] within that
	// generation, counted from its first byte as a reader of the saved
	// file would. Line is 0 when unknown (the backfill). Lines of one
	// batch are consecutive lines of one generation.
	Gen    string
	Line   int64
	Status FollowStatus
	// Partial: the batch was cut for size and the next batch of this file
	// continues it, possibly inside a multi-line entry. Other batches end
	// where the writer's last write ended.
	Partial bool
	// Last: no more lines of File will come (a rotated generation the
	// backfill read to its end), so a consumer may drop what it keeps for
	// File once it has this batch; set on the file's last batch, which may
	// then carry no lines.
	Last bool
	// Cut counts the lines of this batch that were longer than
	// MaxLineBytes and delivered cut (as ReadStats.CutLines counts them).
	Cut int
}

// FollowConfig says what to follow and from where.
type FollowConfig struct {
	Path string
	// StartAt is the offset in the file present at start to begin at; -1
	// means its end (then a partial last line is skipped, it started before
	// us). A file that appears later is always read from its start.
	StartAt int64
	// Start, if set, is an open descriptor of Path to begin with instead of
	// opening Path: the backfill hands over the very file it read, so a
	// rotation between backfill and follow loses nothing. The follower closes it.
	Start *os.File
	// MaxBatchLines bounds a batch so a large catch-up arrives in pieces;
	// 0 means 4096.
	MaxBatchLines int
}

const (
	// SafetyPoll is the check interval with file notifications, in case
	// one was missed.
	SafetyPoll = 2 * time.Second

	// DefaultBatch is a batch's most lines unless MaxBatchLines says, for
	// the follower and the backfill alike.
	DefaultBatch = 4096
	// MaxBatchBytes is a batch's most bytes, for both alike.
	MaxBatchBytes = 1 << 20

	headLen          = 64 // file head remembered to notice a crop that regrew
	tailCheckLen     = 64 // bytes before the offset re-read to notice the same
	histMax          = 320 << 10
	cropHeader       = "[log cropped]"
	cropRetriesLimit = 3                      // checks to wait for a crop's rewrite to become visible
	cropGrace        = 250 * time.Millisecond // and at least this long
	cropRetry        = 50 * time.Millisecond  // re-check this soon while waiting
)

// FollowAllOn follows several files from one goroutine. For each it
// delivers every complete line appended to cfg.Path exactly once and in
// order, across the app's renames (main.log → main1.log or main.old.log),
// in-place crops, truncation, deletion and re-creation, however many of them
// land between two checks. It runs on the caller's clock (a Beat's tick),
// so that the live view's sources share one wake-up; Poll is then unused.
// File notifications wake it between ticks (see follow_notes.go); it checks a
// file on every tick only while notifications for its folder are
// unavailable, otherwise on the first tick SafetyPoll after its last check.
// It checks at once, and returns when ticks is closed or ctx is cancelled
// (nil), or on a misconfiguration; file system trouble is reported in the
// batches' Status and retried, never returned.
func FollowAllOn(ctx context.Context, cfgs []FollowConfig, ticks <-chan time.Time, out chan<- LineBatch) error {
	if len(cfgs) == 0 {
		return nil
	}
	ws := make([]*follower, 0, len(cfgs))
	defer func() {
		for _, w := range ws {
			w.closeAll()
		}
	}()
	dirs := []string{}
	for _, cfg := range cfgs {
		if cfg.Path == "" {
			return errors.New("follow: no path")
		}
		w := newFollower(ctx, cfg, out)
		ws = append(ws, w)
		dirs = append(dirs, w.dir)
	}
	nw := NewNotifier(dirs)
	defer nw.Close()
	l := &followLoop{ws: ws, nw: nw}
	return l.run(ctx, ticks)
}

// followLoop is FollowAllOn's event loop.
type followLoop struct {
	ws    []*follower
	nw    *Notifier
	retry *time.Timer // armed while a crop's rewrite is awaited
}

func (l *followLoop) run(ctx context.Context, ticks <-chan time.Time) error {
	defer func() {
		if l.retry != nil {
			l.retry.Stop()
		}
	}()
	if err := l.check(ctx, func(*follower) bool { return true }); err != nil {
		return err
	}
	for {
		var retry <-chan time.Time
		if l.retry != nil {
			retry = l.retry.C
		}
		select {
		case <-ctx.Done():
			return nil
		case now, ok := <-ticks:
			if !ok {
				return nil
			}
			// A folder unwatched until now is checked too: what changed
			// before its watch began sent no event.
			unwatched := map[string]bool{}
			for _, w := range l.ws {
				unwatched[w.dir] = !l.nw.watching(w.dir)
			}
			l.nw.Ensure()
			safety := map[*follower]int64{}
			err := l.check(ctx, func(w *follower) bool {
				if unwatched[w.dir] || w.pollAlways {
					return true
				}
				if now.Sub(w.lastCheck) >= SafetyPoll-SafetyPoll/8 {
					safety[w] = w.readTotal
					return true
				}
				return false
			})
			if err != nil {
				return err
			}
			for w, before := range safety {
				w.noteSafetyCheck(w.readTotal > before)
			}
		case ev, ok := <-l.nw.Events():
			if !ok {
				l.nw.Lost()
				continue
			}
			dirty := l.nw.drain(ev)
			if err := l.check(ctx, func(w *follower) bool {
				if dirty.touches(w) {
					w.evented = true
					return true
				}
				return false
			}); err != nil {
				return err
			}
		case _, ok := <-l.nw.Errors():
			// An overflow (or any error) means changes may have gone
			// unseen: check everything now.
			if !ok {
				l.nw.Lost()
			}
			if err := l.check(ctx, func(*follower) bool { return true }); err != nil {
				return err
			}
		case <-retry:
			l.retry = nil
			if err := l.check(ctx, func(w *follower) bool { return w.waiting() }); err != nil {
				return err
			}
		}
	}
}

// check checks the followers that want it and arms the retry timer if one
// waits for a crop's rewrite.
func (l *followLoop) check(ctx context.Context, want func(*follower) bool) error {
	wait := false
	for _, w := range l.ws {
		if want(w) {
			if err := w.tick(ctx); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return err
			}
		}
		wait = wait || w.waiting()
	}
	if wait && l.retry == nil {
		l.retry = time.NewTimer(cropRetry)
	}
	return nil
}

// follower follows one log family: its current file and every generation
// the current file turns into.
type follower struct {
	cfg      FollowConfig
	dir, fam string
	out      chan<- LineBatch
	ctx      context.Context // for sends from inside the line callback
	now      func() time.Time

	gens       []*gen               // known generations, oldest first, open or closed
	index      map[FileID]*gen      // every known generation by identity, new ones too
	base       []*gen               // rotated generations taken as read at the first check
	unopened   map[FileID]*unopened // files of the family not opened yet, for the lost count
	handed     *gen                 // the generation present at start, once open
	startSeen  *FileStat            // the file present at start, until it opens
	startMtime time.Time            // its last write when first seen
	startName  string               // the name it carries at this check
	lastCur    *gen                 // the generation last seen under the current name
	spare      *Splitter
	readErr    string // why reading a generation failed at this check
	first      bool   // the next check is the first
	pending    []FileStat
	lastCheck  time.Time
	reading    []*gen // the generations this check reads, new ones included
	grabbed    []*gen // new generations opened while the consumer was busy
	trusted    bool   // this check's listing succeeded
	listFails  int    // checks in a row whose listing failed
	listErr    string // why, for the status; empty when the last check listed fine
	drifted    int    // handles found reading another file than their generation (FUSE)
	// readTotal counts bytes read; evented says a file notification woke a
	// check since the last safety check; missed counts safety checks that
	// found what no notification announced, and pollAlways is set once
	// they say notifications cannot be trusted here (follow_watch.go).
	readTotal  int64
	evented    bool
	missed     int
	pollAlways bool
	closeIdle  time.Duration
	// beforeOpen, in tests, runs between listing a file and opening it;
	// onGrab after a grab, with how many it took; fault, if set, makes
	// the listing ("list") or an open ("open") of path fail with its error.
	beforeOpen func(path string)
	onGrab     func(n int)
	fault      func(op, path string) error

	sendErr error // the consumer went away
	status  FollowStatus
	changed bool // status differs from the last one sent
	partial bool // the batch being sent was cut for size
	cur     *gen // the generation the collected lines come from
	line    int64
	arena   []byte
	ends    []int
	cut     int // cut lines among those collected (LineBatch.Cut)
}

func newFollower(ctx context.Context, cfg FollowConfig, out chan<- LineBatch) *follower {
	if cfg.MaxBatchLines <= 0 {
		cfg.MaxBatchLines = DefaultBatch
	}
	w := &follower{cfg: cfg, out: out, ctx: ctx, now: time.Now, first: true, dir: filepath.Dir(cfg.Path),
		index: map[FileID]*gen{}, unopened: map[FileID]*unopened{}, closeIdle: closeIdle}
	w.fam, _, _, _ = ClassifyLogName(filepath.Base(cfg.Path))
	if cfg.Start != nil {
		g, err := w.adopt(cfg.Start, filepath.Base(cfg.Path), cfg.StartAt)
		if err != nil {
			// Reopen it by path at the first check, from the same offset.
			w.setState(event.FileUnreadable, err.Error())
		} else {
			w.gens = append(w.gens, g)
			w.index[g.id] = g
			w.handed, w.startMtime = g, g.mtime
		}
	}
	return w
}

func (w *follower) closeAll() {
	for _, g := range w.index {
		g.close()
	}
	for _, g := range w.gens {
		g.close()
	}
	w.gens = nil
	clear(w.index)
}

// waiting reports whether a generation waits for a crop's rewrite.
func (w *follower) waiting() bool {
	for _, g := range w.gens {
		if g.cropWait > 0 {
			return true
		}
	}
	return false
}

func (w *follower) setState(state event.FileState, errText string) {
	if w.status.State == state && w.status.Err == errText {
		return
	}
	w.status.State, w.status.Err, w.status.Since = state, errText, w.now()
	w.changed = true
}

func (w *follower) setNote(note string) {
	w.status.Note = note
	w.changed = true
}
