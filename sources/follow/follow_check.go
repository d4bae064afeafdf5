package follow

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"time"

	"github.com/coworktop/coworktop/event"
)

// A check lists every generation of the family (main.log, main1.log …
// mainN.log, main.old.log), matches each to a generation already known by
// its identity or opens it as a new one, then reads, oldest first, the
// unread rest of every known generation whatever its name now, and only
// then every new one from its start. The current file and every generation
// not yet drained are held open, so none of them can vanish unread and none
// of their identities can be reused by a new file, however many renames,
// deletes and creations land between two checks. A drained rotated
// generation is closed (closeDrained) and known by its identity alone; the
// bytes kept from its head and before its offset tell it from a new file
// that took over a retired identity.
//
// A listing that failed (too many open files, a folder briefly unreadable)
// is never taken as a deletion: only a listing that succeeded and lacks a
// generation, twice in a row, or a generation found unlinked through its
// descriptor retires it. While listing fails, only generations already
// known are read, so nothing is read twice or out of order.

// listedFile is one file of the family found by a check.
type listedFile struct {
	name string
	st   FileStat // identity, size and last write, from a short stat
	rank int      // 0 for the current name, N for FAMILYN.log, 1 for .old
	old  bool
}

func (lf listedFile) isCurrent() bool { return lf.rank == 0 && !lf.old }

// listFailAdopt is how many checks in a row the listing must fail before a
// new file under the current name is read anyway: a folder that stays
// unlistable still has its current log followed, at the risk of reading a
// generation the listing would have put first after it.
const listFailAdopt = 3

// tick checks the family once and sends what it read.
func (w *follower) tick(ctx context.Context) error {
	w.lastCheck = w.now()
	if err := w.check(); err != nil {
		return err
	}
	err := w.send(ctx, w.changed)
	w.gens = append(w.gens, w.grabbed...) // read at the next check, after the others
	w.grabbed = nil
	return err
}

func (w *follower) check() error {
	files, curErr, listErr := w.list()
	w.trusted = listErr == nil
	if w.trusted {
		w.listFails = 0
		w.settleLost(files)
		w.settleUnopened(files)
	} else {
		w.listFails++
	}
	for _, g := range w.gens {
		g.listed, g.current = false, false
	}
	w.noteStart(files)
	var fresh []*gen
	openErr := error(nil)
	for _, lf := range files {
		if g := w.index[lf.st.id]; g != nil {
			g.listed, g.current, g.at = true, g.current || lf.isCurrent(), lf.name
			if g.f == nil {
				n, err := w.reopen(g, lf)
				if err != nil && openErr == nil {
					openErr = err
				}
				if n != nil {
					fresh = append(fresh, n)
				}
			}
			continue
		}
		if !w.trusted && !w.isStart(lf) && (!lf.isCurrent() || w.listFails < listFailAdopt) {
			continue // read it once the listing says where it stands
		}
		g, err := w.openListed(lf)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			if w.unopened[lf.st.id] == nil {
				w.unopened[lf.st.id] = &unopened{st: lf.st}
			}
		} else {
			delete(w.unopened, lf.st.id)
		}
		if err != nil {
			if lf.isCurrent() && curErr == nil {
				curErr = err
			}
			if !errors.Is(err, fs.ErrNotExist) && openErr == nil {
				openErr = err
			}
			continue
		}
		if g == nil {
			continue // taken as read at start-up
		}
		if k := w.index[g.id]; k != nil { // renamed between stat and open
			w.release(g)
			g.close()
			k.listed = true
			continue
		}
		g.listed, g.current, g.at = true, lf.isCurrent(), lf.name
		w.index[g.id] = g
		fresh = append(fresh, g)
	}
	w.noteListing(listErr, openErr)
	fresh = w.placeFresh(fresh)
	// The first check is over once the folder was listed: until then what
	// was there at the start is still told from what came after.
	w.first = w.first && !w.trusted
	return w.readAll(fresh, curErr)
}

// noteListing counts a check whose listing, or an open of a generation,
// failed: the status line and the list-errors metric show it.
func (w *follower) noteListing(listErr, openErr error) {
	switch {
	case listErr != nil:
		w.status.ListErrors++
		w.listErr = fmt.Sprintf("listing the log folder failed (%v); known generations kept, retrying", listErr)
		w.changed = true
	case openErr != nil:
		w.status.ListErrors++
		w.listErr = fmt.Sprintf("opening a log generation failed (%v); retrying", openErr)
		w.changed = true
	default:
		w.listErr = ""
	}
}

// reopen opens a closed generation found again by a listing, if it may
// have changed (it grew, was written, or carries the current name again),
// and checks through the new descriptor that it is the same file with the
// same head. A file that took over a retired generation's identity is
// returned as a new generation, and the old one is retired. A failed open
// leaves the generation closed and known, to be retried.
func (w *follower) reopen(g *gen, lf listedFile) (*gen, error) {
	if !lf.isCurrent() && lf.st.size == g.off && lf.st.mtime.Equal(g.mtime) {
		return nil, nil
	}
	f, err := w.openLog(filepath.Join(w.dir, lf.name))
	if err != nil {
		return nil, err
	}
	st, err := StatHandle(f)
	if err != nil || st.id != g.id {
		f.Close() // renamed since the listing: the next check sees where
		return nil, err
	}
	g.f = f
	if h := readAtMost(f, 0, len(g.head), nil); string(h) == string(g.head) {
		g.quiet = w.lastCheck
		return nil, nil
	}
	// Another file under a retired generation's identity.
	g.f = nil
	w.retire(g)
	n, err := w.adopt(f, lf.name, 0)
	if err != nil {
		return nil, err
	}
	n.listed, n.current = true, lf.isCurrent()
	w.index[n.id] = n
	return n, nil
}

// reopenAt reopens g under the name this check's listing found it at.
func (w *follower) reopenAt(g *gen) bool {
	f, err := w.openLog(filepath.Join(w.dir, g.at))
	if err != nil {
		return false
	}
	if st, err := StatHandle(f); err != nil || st.id != g.id {
		f.Close()
		return false
	}
	g.f = f
	return true
}

// retire forgets a generation: it was deleted, or its identity now names
// another file.
func (w *follower) retire(g *gen) {
	g.gone = true
	g.close()
	if w.index[g.id] == g {
		delete(w.index, g.id)
	}
}

// readAll reads the known generations, then the new ones, closes the
// rotated ones drained, and retires the generations that are gone.
func (w *follower) readAll(fresh []*gen, curErr error) error {
	w.readErr = ""
	all := append(w.gens, fresh...)
	w.reading = all
	defer func() { w.reading = nil }()
	keep := make([]*gen, 0, len(all))
	for i := 0; i < len(all); i++ {
		g := all[i]
		if g.gone {
			continue
		}
		gone, err := w.readOne(g, i < len(all)-1)
		if len(w.grabbed) > 0 { // taken hold of while the consumer was busy
			all = append(all, w.grabbed...)
			w.reading, w.grabbed = all, nil
		}
		if err != nil {
			return err
		}
		if gone {
			w.retire(g)
			continue
		}
		w.closeDrained(g)
		keep = append(keep, g)
	}
	w.gens = keep
	w.noteRotation()
	switch {
	case curErr != nil && !errors.Is(curErr, fs.ErrNotExist):
		w.setState(event.FileUnreadable, curErr.Error())
	case w.readErr != "":
		w.setState(event.FileUnreadable, w.readErr)
	case w.currentGen() == nil:
		w.setState(event.FileWaiting, w.listErr)
	default:
		w.setState(event.FileFollowing, w.listErr)
	}
	return w.sendErr
}

// readOne reads the unread rest of g (later: a newer generation follows it)
// and reports whether g is gone: unlinked, or lacking from two trusted
// listings in a row.
func (w *follower) readOne(g *gen, later bool) (bool, error) {
	var fi os.FileInfo
	if g.f != nil {
		before := g.off
		var err error
		if fi, err = w.catchUp(g, !g.current); err != nil {
			return false, err
		}
		if g.f == nil && g.listed && w.reopenAt(g) { // its handle drifted: read on where it is now
			if fi, err = w.catchUp(g, !g.current); err != nil {
				return false, err
			}
		}
		if g.current || g.off != before {
			g.quiet = w.lastCheck
		}
	}
	switch {
	case g.listed:
		g.missing = 0
	case w.trusted:
		g.missing++
	}
	gone := !g.listed && (g.missing >= 2 || (fi != nil && unlinked(g.f, fi)))
	if !g.current && (later || gone) {
		w.finish(g) // the stream moved on: nothing will complete its last line
	}
	if gone && g.f != nil && g.size > g.off { // it could not be read to its end
		w.status.LostBytes += g.size - g.off
		w.setNote("lost")
	}
	return gone, nil
}

// noteRotation notes a new current generation: "rotated" if the last one
// lives on under another name, "replaced" if it was deleted.
func (w *follower) noteRotation() {
	cur := w.currentGen()
	if cur == nil || cur == w.lastCur {
		return
	}
	switch {
	case w.lastCur == nil:
	case !w.lastCur.gone:
		w.setNote("rotated")
	default:
		w.setNote("replaced")
	}
	w.lastCur = cur
}

func (w *follower) currentGen() *gen {
	for _, g := range w.gens {
		if g.current {
			return g
		}
	}
	return nil
}

// grab opens the generations that appeared since the listing, without
// reading them: see send.
func (w *follower) grab() {
	files, _, err := w.list()
	if err != nil {
		return // a failed listing shows nothing new for sure
	}
	var got []*gen
	for _, lf := range files {
		if w.index[lf.st.id] != nil {
			continue
		}
		f, err := w.openLog(filepath.Join(w.dir, lf.name))
		if err != nil {
			continue
		}
		g, err := w.adopt(f, lf.name, 0)
		if err != nil {
			continue
		}
		if w.index[g.id] != nil {
			w.release(g)
			g.close()
			continue
		}
		g.listed, g.current = true, lf.isCurrent()
		w.index[g.id] = g
		got = append(got, g)
	}
	sort.SliceStable(got, func(i, j int) bool { return olderGen(got[i], got[j]) })
	w.grabbed = append(w.grabbed, got...)
	if w.onGrab != nil {
		w.onGrab(len(got))
	}
}

// openLog opens a generation, through the tests' fault seam.
func (w *follower) openLog(path string) (*os.File, error) {
	if w.fault != nil {
		if err := w.fault("open", path); err != nil {
			return nil, fmt.Errorf("opening log: %w", err)
		}
	}
	return OpenLog(path)
}

// noteStart remembers, at the first look, the identity of the file present
// at start under the current name, when no descriptor was handed over: the
// file to read from cfg.StartAt, whichever check first manages to open it
// and whatever name it has then. While the first check lasts (the listing
// failed), it also finds the name the start file carries now.
func (w *follower) noteStart(files []listedFile) {
	if !w.first {
		return
	}
	if w.handed == nil && w.startSeen == nil && w.startMtime.IsZero() {
		for _, lf := range files {
			if lf.isCurrent() {
				st := lf.st
				w.startSeen, w.startMtime = &st, st.mtime
			}
		}
		if w.startSeen == nil && !w.trusted && w.startMtime.IsZero() {
			// No file at the start and no listing: what was written
			// since is new, what was written before is history.
			w.startMtime = time.Now().Add(-mtimeSlack)
		}
	}
	w.startName = filepath.Base(w.cfg.Path)
	for _, lf := range files {
		if (w.handed != nil && lf.st.id == w.handed.id) || w.isStart(lf) {
			w.startName = lf.name
		}
	}
}

// mtimeSlack covers a file system clock that lags the wall clock (Linux
// stamps files from a clock updated every few milliseconds).
const mtimeSlack = 100 * time.Millisecond

func (w *follower) isStart(lf listedFile) bool {
	return w.startSeen != nil && lf.st.id == w.startSeen.id
}

// takenAsRead reports whether lf, met at the first check, is history from
// before the start: a rotated file older than the file present at start
// (or any, when there was none), by last write at the start and by the
// name each carries now.
func (w *follower) takenAsRead(lf listedFile) bool {
	if !w.first || lf.isCurrent() || w.isStart(lf) {
		return false
	}
	if w.handed == nil && w.startSeen == nil {
		return w.startMtime.IsZero() || !lf.st.mtime.After(w.startMtime)
	}
	ref := &gen{mtime: w.startMtime, name: w.startName}
	return !olderGen(ref, &gen{mtime: lf.st.mtime, name: lf.name})
}

// openListed opens a file of the listing not known yet. A file that
// vanished between the listing and the open is remembered, to be counted
// as lost if no later check finds it under another name. At the first
// check, a rotated file older than the one present at start is taken as
// read, closed, and nil returned: the backfill read it or left it out on
// purpose.
func (w *follower) openListed(lf listedFile) (*gen, error) {
	path := filepath.Join(w.dir, lf.name)
	if w.beforeOpen != nil {
		w.beforeOpen(path)
	}
	asRead := w.takenAsRead(lf)
	f, err := w.openLog(path)
	if err != nil {
		switch {
		case errors.Is(err, fs.ErrNotExist) && !w.first:
			w.pending = append(w.pending, lf.st)
		case asRead && !errors.Is(err, fs.ErrNotExist):
			// Known from the listing alone: it must not be read as new
			// once it opens.
			w.addBase(&gen{id: lf.st.id, mtime: lf.st.mtime, name: lf.name, off: lf.st.size, size: lf.st.size})
		}
		return nil, err
	}
	if w.isStart(lf) {
		// The file present at start, with no descriptor handed over.
		start := w.cfg.StartAt
		if start < 0 {
			start = w.startSeen.size // its end when first seen
		}
		g, err := w.adopt(f, lf.name, start)
		if err == nil {
			w.startSeen, w.handed = nil, g
		}
		return g, err
	}
	g, err := w.adopt(f, lf.name, 0)
	if err != nil || !asRead {
		return g, err
	}
	if w.index[g.id] != nil {
		w.release(g)
		g.close()
		return nil, nil
	}
	w.baseline(g)
	w.addBase(g)
	return nil, nil
}

// addBase records a rotated generation taken as read at the first check.
func (w *follower) addBase(g *gen) {
	g.listed = true
	w.index[g.id] = g
	w.base = append(w.base, g)
}

// unopened is a file of the family that could not be opened yet.
type unopened struct {
	st      FileStat
	missing int
}

// settleUnopened counts as lost a file that could never be opened and is
// gone: two trusted listings in a row lack it.
func (w *follower) settleUnopened(files []listedFile) {
	for id, u := range w.unopened {
		found := false
		for _, lf := range files {
			found = found || lf.st.id == id
		}
		if found && u.st.size > 0 && lfSize(files, id) < u.st.size {
			// Replaced (an identity reused) or cut before we could read it.
			w.status.LostBytes += u.st.size
			w.setNote("lost")
		}
		if found {
			u.missing = 0
			u.st.size = lfSize(files, id)
			continue
		}
		if u.missing++; u.missing >= 2 {
			w.status.LostBytes += u.st.size
			w.setNote("lost")
			delete(w.unopened, id)
		}
	}
}

func lfSize(files []listedFile, id FileID) int64 {
	for _, lf := range files {
		if lf.st.id == id {
			return lf.st.size
		}
	}
	return 0
}

// settleLost counts the files that vanished between a listing and their
// open, unless this check found them again.
func (w *follower) settleLost(files []listedFile) {
	for _, st := range w.pending {
		found := false
		for _, lf := range files {
			if lf.st.id == st.id {
				found = true
			}
		}
		if !found && w.index[st.id] == nil {
			w.status.LostBytes += st.size
			w.setNote("lost")
		}
	}
	w.pending = w.pending[:0]
}

// placeFresh orders the new generations oldest first and appends them to
// the known ones. At the first check, the rotated generations taken as
// read (openListed) go first.
func (w *follower) placeFresh(fresh []*gen) []*gen {
	sort.SliceStable(fresh, func(i, j int) bool {
		// The file present at start, opened late, precedes every newcomer.
		if a, b := fresh[i] == w.handed, fresh[j] == w.handed; a != b {
			return a
		}
		return olderGen(fresh[i], fresh[j])
	})
	if len(w.base) > 0 {
		sort.SliceStable(w.base, func(i, j int) bool { return olderGen(w.base[i], w.base[j]) })
		w.gens = append(w.base, w.gens...)
		w.base = nil
	}
	return fresh
}

// olderGen orders generations by their last write, and, when a file
// system's clock cannot tell them apart, by name: a rotated log is no longer
// written, so each generation's last write precedes the next one's.
func olderGen(a, b *gen) bool {
	if ta, tb := a.mtime, b.mtime; !ta.Equal(tb) {
		return ta.Before(tb)
	}
	if a.current != b.current {
		return b.current
	}
	return nameRank(a.name) > nameRank(b.name)
}

// nameRank is how old a name says a generation is: 0 for the current file,
// N for FAMILYN.log; .old ranks between the current file and FAMILY1.log.
func nameRank(name string) int {
	_, n, old, ok := ClassifyLogName(name)
	switch {
	case !ok:
		return 0
	case old:
		return 1
	default:
		return 2 * n
	}
}

// list returns the family's files. Without a family (a file named on the
// command line that is no known log) only that file is listed. curErr is
// why the current file could not be looked at, for the status; listErr is
// set when the listing cannot be trusted to show every file (the folder, or
// one of its logs, could not be looked at, for another reason than not
// existing): then no generation may be taken as deleted.
func (w *follower) list() (out []listedFile, curErr, listErr error) {
	base := filepath.Base(w.cfg.Path)
	var found []DirFile
	if w.fam != "" {
		var err error
		found, err = w.readDir(func(name string) bool {
			fam, _, _, ok := ClassifyLogName(name)
			return ok && fam == w.fam
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			listErr = err
			// The current file, and every known generation under the
			// name it had, may still be there.
			names := []string{base}
			for _, g := range w.gens {
				if g.at != "" && !slices.Contains(names, g.at) {
					names = append(names, g.at)
				}
			}
			found = statNames(w.dir, names)
		}
	} else {
		found = statNames(w.dir, []string{base})
	}
	out = make([]listedFile, 0, len(found)) // 20 000 generations: no regrowth per check
	for _, df := range found {
		rank, old := 0, false
		if w.fam != "" {
			_, rank, old, _ = ClassifyLogName(df.name)
		}
		err := df.err
		if err == nil && !df.st.regular {
			err = notRegular(filepath.Join(w.dir, df.name), df.st.mode)
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) && listErr == nil {
			listErr = err
		}
		if err != nil {
			if rank == 0 && !old {
				curErr = err
			}
			continue
		}
		out = append(out, listedFile{name: df.name, st: df.st, rank: rank, old: old})
	}
	return out, curErr, listErr
}

// readDir lists the log folder's files that keep names, each with its
// identity, through the tests' fault seam.
func (w *follower) readDir(keep func(string) bool) ([]DirFile, error) {
	if w.fault != nil {
		if err := w.fault("list", w.dir); err != nil {
			return nil, err
		}
	}
	return ListDir(w.dir, keep)
}
