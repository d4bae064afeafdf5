package sources

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"
)

// Follower states, as shown in the UI's status line and by doctor.
const (
	StateFollowing  = "following"
	StateWaiting    = "waiting"    // the file does not exist (yet)
	StateUnreadable = "unreadable" // it exists but cannot be opened or read; retried
)

// FollowStatus says what the follower is doing. It travels with every batch.
type FollowStatus struct {
	State string
	Err   string // why unreadable; file system text, never log text
	Since time.Time
	// Note names the last discontinuity handled: "rotated", "replaced",
	// "cropped", "truncated". Empty until one happens.
	Note string
}

// LineBatch is a group of lines read from one followed file. Lines are copies
// owned by the receiver. A batch may carry no lines, only a status change.
type LineBatch struct {
	File   string
	Lines  [][]byte
	Status FollowStatus
	// Partial: the batch was cut for size and the next batch of this file
	// continues it, possibly inside a multi-line entry. Other batches end
	// where the writer's last write ended.
	Partial bool
}

// FollowConfig says what to follow and from where.
type FollowConfig struct {
	Path string
	Poll time.Duration // how often to stat the path; 0 means 250 ms
	// StartAt is the offset in the file present at start to begin at; -1
	// means its end (then a partial last line is skipped, it started before
	// us). A file that appears later is always read from its start.
	StartAt int64
	// Start, if set, is an open descriptor of Path to begin with instead of
	// opening Path: the backfill hands over the very file it read, so a
	// rotation between backfill and follow loses nothing. Follow closes it.
	Start *os.File
	// MaxBatchLines bounds a batch so a large catch-up arrives in pieces;
	// 0 means 4096.
	MaxBatchLines int
}

const (
	defaultPoll      = 250 * time.Millisecond
	defaultBatch     = 4096
	maxBatchBytes    = 1 << 20
	headLen          = 64 // file head remembered to notice a crop that regrew
	tailCheckLen     = 64 // bytes before the offset re-read to notice the same
	histMax          = 320 << 10
	cropHeader       = "[log cropped]"
	cropRetriesLimit = 3 // ticks to wait for a crop's rewrite to become visible
)

// Follow delivers every complete line appended to cfg.Path exactly once and in
// order, across the app's renames (main.log → main1.log or main.old.log),
// in-place crops, truncation, deletion and re-creation. It polls with stat
// rather than watching, see follow_notes.go for why. It returns when ctx is
// cancelled (nil) or on a misconfiguration; file system trouble is reported
// in the batches' Status and retried, never returned.
func Follow(ctx context.Context, cfg FollowConfig, out chan<- LineBatch) error {
	return FollowAll(ctx, []FollowConfig{cfg}, out)
}

// FollowAll follows several files from one goroutine on one ticker (the
// first config's Poll): each file behaves exactly as with Follow, but an
// idle monitor wakes once per poll instead of once per file.
func FollowAll(ctx context.Context, cfgs []FollowConfig, out chan<- LineBatch) error {
	poll := defaultPoll
	if len(cfgs) > 0 && cfgs[0].Poll > 0 {
		poll = cfgs[0].Poll
	}
	t := time.NewTicker(poll)
	defer t.Stop()
	return FollowAllOn(ctx, cfgs, t.C, out)
}

// FollowAllOn is FollowAll polling on the caller's clock (a Beat's tick)
// instead of a ticker of its own, so that the live view's sources share one
// wake-up; Poll is then unused. It polls at once, then on every tick, and
// returns when ticks is closed.
func FollowAllOn(ctx context.Context, cfgs []FollowConfig, ticks <-chan time.Time, out chan<- LineBatch) error {
	if len(cfgs) == 0 {
		return nil
	}
	ws := make([]*follower, 0, len(cfgs))
	defer func() {
		for _, w := range ws {
			w.closeCur()
		}
	}()
	for _, cfg := range cfgs {
		if cfg.Path == "" {
			return errors.New("follow: no path")
		}
		if cfg.MaxBatchLines <= 0 {
			cfg.MaxBatchLines = defaultBatch
		}
		w := &follower{cfg: cfg, out: out, sp: newSplitter(), ctx: ctx}
		ws = append(ws, w)
		if cfg.Start != nil {
			if err := w.adopt(cfg.Start, cfg.StartAt); err != nil {
				// One file's trouble must not stop the others: reopen it by
				// path on the first tick, from the same offset.
				w.setState(StateUnreadable, err.Error())
			}
		}
		w.first = w.f == nil
	}
	for {
		for _, w := range ws {
			if err := w.tick(ctx); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return err
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case _, ok := <-ticks:
			if !ok {
				return nil
			}
		}
	}
}

type follower struct {
	cfg FollowConfig
	out chan<- LineBatch

	f     *os.File
	fi    os.FileInfo // identity of f, for os.SameFile
	off   int64       // next byte of f to read
	sp    *splitter
	hist  []byte // last bytes read from f, ending at off: dedupes a crop's rewritten tail
	head  []byte // first bytes of f
	first bool   // the next file opened is the one present at start

	cropWait int

	ctx     context.Context // for sends from inside the line callback
	sendErr error           // the consumer went away

	status  FollowStatus
	changed bool // status differs from the last one sent
	partial bool // the batch being sent was cut for size
	arena   []byte
	ends    []int
}

func (w *follower) tick(ctx context.Context) error {
	if w.f == nil {
		w.openPath(w.first)
		w.first = false
	}
	if w.f != nil {
		if err := w.catchUp(ctx, false); err != nil {
			return err
		}
		fi, err := os.Stat(w.cfg.Path)
		switch {
		case err == nil && os.SameFile(fi, w.fi):
			w.setState(StateFollowing, "")
		case err == nil:
			if err := w.switchFile(ctx); err != nil {
				return err
			}
		case errors.Is(err, fs.ErrNotExist):
			// Deleted or mid-rotation: keep the old descriptor, which may
			// still get a last write, until a new file appears.
			w.setState(StateWaiting, "")
		default:
			w.setState(StateUnreadable, err.Error())
		}
	}
	return w.send(ctx, w.changed)
}

// switchFile finishes the current file, reads any generation that rotated
// past us unseen, and moves to the file now at Path.
func (w *follower) switchFile(ctx context.Context) error {
	if err := w.catchUp(ctx, true); err != nil {
		return err
	}
	w.sp.flush(w.collect) // nothing more will be appended to a rotated file
	old := w.f
	w.f = nil
	defer old.Close()
	nf, err := OpenLog(w.cfg.Path)
	if err != nil {
		w.openFailed(err)
		return nil
	}
	note, err := w.readSkipped(old, nf)
	if err != nil {
		nf.Close()
		return err
	}
	if err := w.adopt(nf, 0); err != nil {
		return err
	}
	w.status.Note = note
	w.changed = true
	return w.catchUp(ctx, false)
}

// openPath opens Path after a wait or a failed open.
func (w *follower) openPath(atStart bool) {
	f, err := OpenLog(w.cfg.Path)
	if err != nil {
		w.openFailed(err)
		return
	}
	start := int64(0)
	if atStart {
		start = w.cfg.StartAt
	}
	if err := w.adopt(f, start); err != nil {
		w.setState(StateUnreadable, err.Error())
	}
}

func (w *follower) openFailed(err error) {
	if errors.Is(err, fs.ErrNotExist) {
		w.setState(StateWaiting, "")
	} else {
		w.setState(StateUnreadable, err.Error())
	}
}

// adopt makes f the followed file, positioned at start (-1: its end, on a
// line boundary).
func (w *follower) adopt(f *os.File, start int64) error {
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return fmt.Errorf("follow %q: %w", w.cfg.Path, err)
	}
	size := fi.Size()
	if start < 0 || start > size {
		start = size
	}
	w.f, w.fi, w.off = f, fi, start
	w.sp.reset(start)
	w.cropWait = 0
	w.head = readAtMost(f, 0, headLen, w.head[:0])
	from := max(0, start-histMax)
	w.hist = readAtMost(f, from, int(start-from), w.hist[:0])
	if start > 0 && (len(w.hist) == 0 || w.hist[len(w.hist)-1] != '\n') {
		w.sp.skipping = true // we begin inside a line written before us
	}
	w.setState(StateFollowing, "")
	return nil
}

func (w *follower) closeCur() {
	if w.f != nil {
		w.f.Close()
		w.f = nil
	}
}

// catchUp reads the current file to its end, after checking that what we
// already read is still there (a crop rewrites the file in place).
func (w *follower) catchUp(ctx context.Context, final bool) error {
	fi, err := w.f.Stat()
	if err != nil {
		w.setState(StateUnreadable, err.Error())
		return nil
	}
	size := fi.Size()
	if size == w.off && w.sp.carried() == 0 {
		return nil // nothing new: an idle log costs one fstat and one stat per poll
	}
	if size < w.off || (size > w.off && !w.intact()) {
		if !w.resync(final) {
			return nil // give the rewrite a tick to land
		}
	}
	r := &atReader{f: w.f, off: &w.off}
	for {
		got, err := w.sp.fill(r)
		w.remember(got)
		w.sp.emit(w.collect)
		if w.sendErr != nil {
			return w.sendErr
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			w.setState(StateUnreadable, err.Error())
			return nil
		}
	}
}

// intact reports whether the head of the file and the bytes just before our
// offset are still the ones we read.
func (w *follower) intact() bool {
	var buf [tailCheckLen]byte
	if h := readAtMost(w.f, 0, len(w.head), buf[:0]); string(h) != string(w.head) {
		return false
	}
	k := min(tailCheckLen, len(w.hist))
	t := readAtMost(w.f, w.off-int64(k), k, buf[:0])
	return string(t) == string(w.hist[len(w.hist)-k:])
}

func (w *follower) remember(got []byte) {
	w.hist = append(w.hist, got...)
	if len(w.hist) > 2*histMax {
		n := copy(w.hist, w.hist[len(w.hist)-histMax:])
		w.hist = w.hist[:n]
	}
}

func (w *follower) collect(line []byte) {
	if w.sendErr != nil {
		return
	}
	w.arena = append(w.arena, line...)
	w.ends = append(w.ends, len(w.arena))
	if len(w.ends) >= w.cfg.MaxBatchLines || len(w.arena) >= maxBatchBytes {
		w.partial = true
		w.sendErr = w.send(w.ctx, false)
	}
}

func (w *follower) setState(state, errText string) {
	if w.status.State == state && w.status.Err == errText {
		return
	}
	w.status.State, w.status.Err, w.status.Since = state, errText, time.Now()
	w.changed = true
}

// send hands the collected lines (and the status) to the consumer. With
// force it sends even an empty batch.
func (w *follower) send(ctx context.Context, force bool) error {
	if len(w.ends) == 0 && !force {
		return nil
	}
	b := LineBatch{File: w.cfg.Path, Status: w.status, Lines: make([][]byte, len(w.ends)), Partial: w.partial}
	w.partial = false
	start := 0
	for i, e := range w.ends {
		b.Lines[i] = w.arena[start:e:e]
		start = e
	}
	// The next batch is likely the same size: allocate it once rather
	// than by doubling, which dominated a backfill's profile.
	w.arena, w.ends = make([]byte, 0, min(maxBatchBytes+MaxLineBytes, len(w.arena)+len(w.arena)/8)), w.ends[:0]
	w.changed = false
	select {
	case w.out <- b:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
