package journal

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/coworktop/coworktop/event"
)

// Defaults of the bound: whichever comes first.
const (
	DefaultMaxAge   = 90 * 24 * time.Hour
	DefaultMaxBytes = 200 << 20
)

// SyncEvery is how long a record may wait before it is on the disk: a
// crash loses at most the records of the last one.
const SyncEvery = time.Second

// Options say where the journal is and what a writer keeps.
type Options struct {
	Dir      string
	MaxAge   time.Duration // 0: DefaultMaxAge
	MaxBytes int64         // 0: DefaultMaxBytes
	// Redact rewrites every text the journal keeps, as --redact does.
	// Required: the journal keeps nothing unredacted.
	Redact func(string) string
	// Family names the log a file is a generation of ("main" for
	// main1.log), so a line keeps one key when its file is renamed.
	Family func(file string) string
	// Now is the clock the bound is counted from (time.Now when nil).
	Now func() time.Time
}

func (o *Options) fill() {
	if o.MaxAge <= 0 {
		o.MaxAge = DefaultMaxAge
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Family == nil {
		o.Family = filepath.Base
	}
}

// Writer appends to the journal. Add and its kin only queue; Flush (or
// Run, once a second at most) writes. Several writers, in this process or
// others, may write one journal at once: each record is kept once.
type Writer struct {
	opts Options
	lock *os.File

	mu      sync.Mutex
	pending []pendingRecord
	wake    chan struct{}

	// What only the flushing goroutine touches.
	flushMu sync.Mutex
	days    map[string]*dayKeys
	// prunes is the folder's prune count when days was last trusted.
	prunes string
	order  map[string]*ordinals
	// redacted remembers Redact's answers (redact).
	redacted map[string]string
	// written counts the records this writer appended; dropped those that
	// another writer (or an earlier run) had already written.
	written, dropped int
}

type pendingRecord struct {
	event   *event.Event
	minute  *Minute
	session *Session
}

// dayKeys is what a writer knows of a day's file: the keys in it up to
// offset. Another writer may have appended since; it is read before the
// next append.
type dayKeys struct {
	keys   map[uint64]struct{}
	file   os.FileInfo // the file the keys are of: pruned and begun again is another
	offset int64
	used   time.Time // the last flush that touched it, to forget idle days
}

// ordinals number the events of one log that are alike in every field at
// one instant, so that two of them are both kept and a second reader of
// the same lines numbers them the same.
type ordinals struct {
	at    time.Time
	count map[uint64]int
}

// Open makes the folder (the user's alone) if needed and returns a writer.
// A journal written by a newer coworktop is not touched: the error is a
// *NewerError.
func Open(opts Options) (*Writer, error) {
	opts.fill()
	if opts.Redact == nil {
		return nil, errors.New("journal: no redactor: the journal keeps only redacted text")
	}
	if err := makeDir(opts.Dir); err != nil {
		return nil, err
	}
	exists, err := checkFormat(opts.Dir)
	if err != nil {
		return nil, err
	}
	lock, err := os.OpenFile(filepath.Join(opts.Dir, lockFile), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	w := &Writer{opts: opts, lock: lock, wake: make(chan struct{}, 1), days: map[string]*dayKeys{}, order: map[string]*ordinals{}, redacted: map[string]string{}}
	if !exists {
		if err := w.writeFormat(); err != nil {
			lock.Close()
			return nil, err
		}
	}
	return w, nil
}

const lockFile = "lock"

// makeDir makes the folder and its parents, the folder itself 0700 (and
// made so if it was wider).
func makeDir(dir string) error {
	if dir == "" {
		return errors.New("journal: no folder")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("journal: making its folder: %w", err)
	}
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if st.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("journal: keeping its folder to its owner: %w", err)
		}
	}
	return nil
}

// writeFormat writes the format file under the lock, unless another
// writer has just done so.
func (w *Writer) writeFormat() error {
	if err := lockExclusive(w.lock); err != nil {
		return fmt.Errorf("journal: locking: %w", err)
	}
	defer unlock(w.lock)
	exists, err := checkFormat(w.opts.Dir)
	if err != nil || exists {
		return err
	}
	p := filepath.Join(w.opts.Dir, formatFile)
	tmp := p + ".new"
	if err := os.WriteFile(tmp, fmt.Appendf(nil, "%s%d\n", formatPrefix, Format), 0o600); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if err := os.Rename(tmp, p); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}

// Add queues events to be written (the caller may reuse the slice).
func (w *Writer) Add(events []event.Event) {
	if len(events) == 0 {
		return
	}
	w.mu.Lock()
	for i := range events {
		e := events[i]
		w.pending = append(w.pending, pendingRecord{event: &e})
	}
	w.mu.Unlock()
	w.signal()
}

// AddMinute queues a minute's summary.
func (w *Writer) AddMinute(m Minute) {
	w.mu.Lock()
	w.pending = append(w.pending, pendingRecord{minute: &m})
	w.mu.Unlock()
	w.signal()
}

// AddSession queues a session's name and title.
func (w *Writer) AddSession(s Session) {
	w.mu.Lock()
	w.pending = append(w.pending, pendingRecord{session: &s})
	w.mu.Unlock()
	w.signal()
}

func (w *Writer) signal() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// pruneEvery is how often a running writer holds the journal to its
// bound (and once at its start).
const pruneEvery = time.Hour

// Run writes what is queued, SyncEvery after the first of it comes (no
// clock runs while nothing comes), until ctx ends; then it writes what is
// left and closes the writer. Errors go to report, each kind once.
func (w *Writer) Run(ctx context.Context, report func(error)) {
	defer func() {
		if err := w.Close(); err != nil && report != nil {
			report(err)
		}
	}()
	said := map[string]bool{}
	tell := func(err error) {
		if err != nil && report != nil && !said[err.Error()] {
			said[err.Error()] = true
			report(err)
		}
	}
	_, err := Prune(w.opts.Dir, w.opts.MaxAge, w.opts.MaxBytes, w.opts.Now())
	tell(err)
	pruned := w.opts.Now()
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		}
		t := time.NewTimer(SyncEvery)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		tell(w.Flush())
		if now := w.opts.Now(); now.Sub(pruned) >= pruneEvery {
			_, err := Prune(w.opts.Dir, w.opts.MaxAge, w.opts.MaxBytes, now)
			tell(err)
			pruned = now
		}
	}
}

// Close writes what is queued and releases the folder.
func (w *Writer) Close() error {
	err := w.Flush()
	if cerr := w.lock.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("journal: %w", cerr)
	}
	return err
}

// Counts are how many records a writer appended, and how many it left
// out because the journal held them already.
func (w *Writer) Counts() (written, alreadyKept int) {
	w.flushMu.Lock()
	defer w.flushMu.Unlock()
	return w.written, w.dropped
}

// Flush writes what is queued and syncs it to the disk.
func (w *Writer) Flush() error {
	w.flushMu.Lock()
	defer w.flushMu.Unlock()
	w.mu.Lock()
	recs := w.pending
	w.pending = nil
	w.mu.Unlock()
	if len(recs) == 0 {
		return nil
	}
	byDay, err := w.encodeAll(recs)
	if err != nil {
		return err
	}
	if err := lockExclusive(w.lock); err != nil {
		return fmt.Errorf("journal: locking: %w", err)
	}
	defer unlock(w.lock)
	if exists, err := checkFormat(w.opts.Dir); err != nil {
		return err
	} else if !exists { // pruned or moved away while we ran: start it again
		if err := makeDir(w.opts.Dir); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(w.opts.Dir, formatFile), fmt.Appendf(nil, "%s%d\n", formatPrefix, Format), 0o600); err != nil {
			return fmt.Errorf("journal: %w", err)
		}
	}
	if n := readPrunes(w.opts.Dir); n != w.prunes { // files were removed: what was known of them is not
		clear(w.days)
		w.prunes = n
	}
	days := make([]string, 0, len(byDay))
	for d := range byDay {
		days = append(days, d)
	}
	sort.Strings(days)
	now := w.opts.Now()
	for _, d := range days {
		if err := w.appendDay(d, byDay[d], now); err != nil {
			return err
		}
	}
	w.forgetIdleDays(now)
	return nil
}

// encodeAll redacts and frames the queued records, by day; records older
// than the bound are left out.
func (w *Writer) encodeAll(recs []pendingRecord) (map[string][]encoded, error) {
	oldest := w.opts.Now().Add(-w.opts.MaxAge)
	byDay := map[string][]encoded{}
	for _, r := range recs {
		var (
			enc encoded
			err error
		)
		switch {
		case r.event != nil:
			if r.event.Time.Before(oldest) || r.event.Time.IsZero() {
				continue
			}
			fam := w.opts.Family(filepath.Base(r.event.File))
			e := redactEvent(*r.event, w.redact)
			enc, err = encodeEvent(e, fam, func(h uint64) int { return w.ordinal(fam, e.Time, h) })
		case r.minute != nil:
			enc, err = encodeMinute(*r.minute)
		case r.session != nil:
			s := *r.session
			s.Session, s.Name, s.Title = w.redact(s.Session), w.redact(s.Name), w.redact(s.Title)
			enc, err = encodeSession(s)
		}
		if err != nil {
			return nil, err
		}
		if enc.at.Before(oldest) {
			continue
		}
		byDay[enc.day] = append(byDay[enc.day], enc)
	}
	return byDay, nil
}

// ordinal numbers an event among those of its log alike in every field
// kept at its instant (h is their hash): 0 for the first.
func (w *Writer) ordinal(family string, at time.Time, h uint64) int {
	o := w.order[family]
	if o == nil || !o.at.Equal(at) {
		o = &ordinals{at: at, count: map[uint64]int{}}
		w.order[family] = o
	}
	n := o.count[h]
	o.count[h] = n + 1
	return n
}

// redact is Options.Redact, remembering what it gave: session ids and
// folders repeat on most lines.
func (w *Writer) redact(s string) string {
	if s == "" {
		return s
	}
	if r, ok := w.redacted[s]; ok {
		return r
	}
	if len(w.redacted) >= maxRedacted {
		clear(w.redacted)
	}
	r := w.opts.Redact(s)
	w.redacted[s] = r
	return r
}

// maxRedacted bounds what redact remembers.
const maxRedacted = 4096

// appendDay appends a day's records that its file does not hold yet, in
// one write, and syncs the file. The lock is held.
func (w *Writer) appendDay(day string, recs []encoded, now time.Time) error {
	p := filepath.Join(w.opts.Dir, dayFile(day))
	f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	defer f.Close()
	dk, err := w.catchUp(day, f)
	if err != nil {
		return err
	}
	dk.used = now
	var buf []byte
	if dk.offset > 0 && !endsLine(f, dk.offset) {
		buf = append(buf, '\n') // a cut line (a crash mid-write): sealed off
	}
	n := 0
	for _, r := range recs {
		if _, ok := dk.keys[r.key]; ok {
			w.dropped++
			continue
		}
		dk.keys[r.key] = struct{}{}
		buf = appendLine(buf, r.key, r.kind, r.body)
		n++
	}
	if n == 0 {
		return nil
	}
	if _, err := f.Write(buf); err != nil {
		return fmt.Errorf("journal: writing %s: %w", dayFile(day), err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("journal: syncing %s: %w", dayFile(day), err)
	}
	dk.offset += int64(len(buf))
	w.written += n
	return nil
}

// catchUp reads what was appended to a day's file since this writer last
// looked (all of it the first time), for its keys.
func (w *Writer) catchUp(day string, f *os.File) (*dayKeys, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	dk := w.days[day]
	if dk == nil || st.Size() < dk.offset || !os.SameFile(dk.file, st) { // new to us, or pruned and begun again
		dk = &dayKeys{keys: map[uint64]struct{}{}, file: st}
		w.days[day] = dk
	}
	if st.Size() == dk.offset {
		return dk, nil
	}
	b := make([]byte, st.Size()-dk.offset)
	if _, err := f.ReadAt(b, dk.offset); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("journal: reading %s: %w", dayFile(day), err)
	}
	eachLine(b, func(line []byte) {
		if key, _, _, ok := parseLine(line); ok {
			dk.keys[key] = struct{}{}
		}
	})
	dk.offset = st.Size()
	return dk, nil
}

// endsLine reports whether the file's byte before offset is a newline.
func endsLine(f *os.File, offset int64) bool {
	var b [1]byte
	_, err := f.ReadAt(b[:], offset-1)
	return err == nil && b[0] == '\n'
}

// keepDays is how many days' keys a writer keeps while it writes others.
const keepDays = 8

// forgetIdleDays drops the keys of the days least recently written, past
// keepDays: a live view writes today, an import a day at a time.
func (w *Writer) forgetIdleDays(time.Time) {
	if len(w.days) <= keepDays {
		return
	}
	type du struct {
		day  string
		used time.Time
	}
	all := make([]du, 0, len(w.days))
	for d, k := range w.days {
		all = append(all, du{d, k.used})
	}
	sort.Slice(all, func(i, j int) bool {
		return all[i].used.After(all[j].used) || all[i].used.Equal(all[j].used) && all[i].day > all[j].day
	})
	for _, x := range all[keepDays:] {
		delete(w.days, x.day)
	}
}

// redactEvent rewrites every text of an event as --redact does.
func redactEvent(e event.Event, r func(string) string) event.Event {
	e.Session, e.Cwd, e.Text = r(e.Session), r(e.Cwd), r(e.Text)
	if e.Detail != nil {
		d := *e.Detail
		d.Step, d.Bridge, d.From, d.To, d.Version = r(d.Step), r(d.Bridge), r(d.From), r(d.To), r(d.Version)
		d.LevelText, d.ReasonText, d.PressureText = r(d.LevelText), r(d.ReasonText), r(d.PressureText)
		e.Detail = &d
	}
	return e
}

// importedFile marks a journal into which its log folder was read whole
// once (the first use), so history from before coworktop ran is kept.
const importedFile = "imported"

// Prune holds the journal to the writer's bound now (Prune).
func (w *Writer) Prune() error {
	_, err := Prune(w.opts.Dir, w.opts.MaxAge, w.opts.MaxBytes, w.opts.Now())
	return err
}

// Imported reports whether the whole log folder was read into the journal.
func (w *Writer) Imported() bool {
	_, err := os.Stat(filepath.Join(w.opts.Dir, importedFile))
	return err == nil
}

// MarkImported says the whole log folder has been read into the journal
// (what was read is flushed first).
func (w *Writer) MarkImported() error {
	if err := w.Flush(); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(w.opts.Dir, importedFile), nil, 0o600); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}
