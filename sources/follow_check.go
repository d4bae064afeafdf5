package sources

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// A check lists every generation of the family (main.log, main1.log …
// mainN.log, main.old.log), matches each to a generation already known by
// its identity or opens it as a new one, then reads, oldest first, the
// unread rest of every known generation whatever its name now, and only
// then every new one from its start. Since the follower holds every
// generation it knows open, none of them can vanish unread, and none of
// their identities can be reused by a new file, however many renames,
// deletes and creations land between two checks.

// listedFile is one file of the family found by a check.
type listedFile struct {
	name string
	fi   os.FileInfo // from stat: identity and size
	rank int         // 0 for the current name, N for FAMILYN.log, 1 for .old
	old  bool
}

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
	files, curErr := w.list()
	w.settleLost(files)
	for _, g := range w.gens {
		g.listed, g.current = false, false
	}
	var fresh []*gen
	for _, lf := range files {
		if g := w.known(lf.fi); g != nil {
			g.listed, g.current = true, g.current || (lf.rank == 0 && !lf.old)
			continue
		}
		g, err := w.openListed(lf)
		if err != nil {
			if lf.rank == 0 && !lf.old && curErr == nil {
				curErr = err
			}
			continue
		}
		if k := w.known(g.fi); k != nil { // renamed between stat and open
			w.release(g)
			g.close()
			k.listed = true
			continue
		}
		g.listed, g.current = true, lf.rank == 0 && !lf.old
		fresh = append(fresh, g)
	}
	fresh = w.placeFresh(fresh)
	w.first = false
	return w.readAll(fresh, curErr)
}

// readAll reads the known generations, then the new ones, and retires the
// generations that are gone.
func (w *follower) readAll(fresh []*gen, curErr error) error {
	w.readErr = ""
	all := append(w.gens, fresh...)
	w.reading = all
	defer func() { w.reading = nil }()
	keep := make([]*gen, 0, len(all))
	for i := 0; i < len(all); i++ {
		g := all[i]
		fi, err := w.catchUp(g, !g.current)
		if len(w.grabbed) > 0 { // taken hold of while the consumer was busy
			all = append(all, w.grabbed...)
			w.reading, w.grabbed = all, nil
		}
		if err != nil {
			return err
		}
		if !g.listed {
			g.missing++
		} else {
			g.missing = 0
		}
		gone := !g.listed && (g.missing >= 2 || fi == nil || unlinked(g.f, fi))
		later := i < len(all)-1
		if !g.current && (later || gone) {
			w.finish(g) // the stream moved on: nothing will complete its last line
		}
		if gone {
			if g.size > g.off { // it could not be read to its end
				w.status.LostBytes += g.size - g.off
				w.setNote("lost")
			}
			g.close()
			continue
		}
		keep = append(keep, g)
	}
	w.gens = keep
	if cur := w.currentGen(); cur != nil && cur != w.lastCur {
		switch {
		case w.lastCur == nil:
		case w.lastCur.f != nil:
			w.setNote("rotated") // the last current file lives on under another name
		default:
			w.setNote("replaced")
		}
		w.lastCur = cur
	}
	switch {
	case curErr != nil && !errors.Is(curErr, fs.ErrNotExist):
		w.setState(StateUnreadable, curErr.Error())
	case w.readErr != "":
		w.setState(StateUnreadable, w.readErr)
	case w.currentGen() == nil:
		w.setState(StateWaiting, "")
	default:
		w.setState(StateFollowing, "")
	}
	return w.sendErr
}

func (w *follower) currentGen() *gen {
	for _, g := range w.gens {
		if g.current {
			return g
		}
	}
	return nil
}

func (w *follower) known(fi os.FileInfo) *gen {
	for _, gs := range [...][]*gen{w.gens, w.reading, w.grabbed} {
		for _, g := range gs {
			if os.SameFile(g.fi, fi) {
				return g
			}
		}
	}
	return nil
}

// grab opens the generations that appeared since the listing, without
// reading them: see send.
func (w *follower) grab() {
	files, _ := w.list()
	var got []*gen
	for _, lf := range files {
		if w.known(lf.fi) != nil {
			continue
		}
		f, err := OpenLog(filepath.Join(w.dir, lf.name))
		if err != nil {
			continue
		}
		g, err := w.adopt(f, lf.name, 0)
		if err != nil {
			continue
		}
		if w.known(g.fi) != nil {
			w.release(g)
			g.close()
			continue
		}
		g.listed, g.current = true, lf.rank == 0 && !lf.old
		got = append(got, g)
	}
	sort.SliceStable(got, func(i, j int) bool { return olderGen(got[i], got[j]) })
	w.grabbed = append(w.grabbed, got...)
	if w.onGrab != nil {
		w.onGrab(len(got))
	}
}

// openListed opens a file of the listing not known yet. A file that
// vanished between the listing and the open is remembered, to be counted
// as lost if no later check finds it under another name.
func (w *follower) openListed(lf listedFile) (*gen, error) {
	path := filepath.Join(w.dir, lf.name)
	if w.beforeOpen != nil {
		w.beforeOpen(path)
	}
	f, err := OpenLog(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) && !w.first {
			w.pending = append(w.pending, lf.fi)
		}
		return nil, err
	}
	if lf.rank == 0 && !lf.old && w.first && len(w.gens) == 0 {
		// The file present at start, with no descriptor handed over.
		return w.adopt(f, lf.name, w.cfg.StartAt)
	}
	return w.adopt(f, lf.name, 0)
}

// settleLost counts the files that vanished between a listing and their
// open, unless this check found them again.
func (w *follower) settleLost(files []listedFile) {
	for _, fi := range w.pending {
		found := false
		for _, lf := range files {
			if os.SameFile(lf.fi, fi) {
				found = true
			}
		}
		if !found && w.known(fi) == nil {
			w.status.LostBytes += fi.Size()
			w.setNote("lost")
		}
	}
	w.pending = w.pending[:0]
}

// placeFresh orders the new generations oldest first and appends them to
// the known ones. At the first check, a rotated generation older than the
// one handed over (or any, when none was) is taken as read: the backfill
// read it or left it out on purpose.
func (w *follower) placeFresh(fresh []*gen) []*gen {
	sort.SliceStable(fresh, func(i, j int) bool { return olderGen(fresh[i], fresh[j]) })
	if !w.first {
		return fresh
	}
	var start *gen
	if len(w.gens) > 0 {
		start = w.gens[0]
	}
	out := fresh[:0]
	var base []*gen
	for _, g := range fresh {
		if g.current || (start != nil && olderGen(start, g)) {
			out = append(out, g)
			continue
		}
		w.release(g)
		b := baseline(g.f, g.fi, g.name)
		b.listed = true
		base = append(base, b)
	}
	w.gens = append(base, w.gens...)
	return out
}

// olderGen orders generations by their last write, and, when a file
// system's clock cannot tell them apart, by name: a rotated log is no longer
// written, so each generation's last write precedes the next one's.
func olderGen(a, b *gen) bool {
	if ta, tb := a.fi.ModTime(), b.fi.ModTime(); !ta.Equal(tb) {
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
// command line that is no known log) only that file is listed. An error
// other than a missing folder is returned for the status.
func (w *follower) list() ([]listedFile, error) {
	base := filepath.Base(w.cfg.Path)
	var names []string
	if w.fam != "" {
		entries, err := os.ReadDir(w.dir)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			names = append(names, base) // unlistable folder: its current file may still open
		}
		for _, e := range entries {
			if fam, _, _, ok := ClassifyLogName(e.Name()); ok && fam == w.fam {
				names = append(names, e.Name())
			}
		}
	} else {
		names = []string{base}
	}
	var out []listedFile
	var curErr error
	for _, name := range names {
		fi, err := os.Stat(filepath.Join(w.dir, name))
		rank, old := 0, false
		if w.fam != "" {
			_, rank, old, _ = ClassifyLogName(name)
		}
		if err != nil || !fi.Mode().IsRegular() {
			if rank == 0 && !old {
				if err == nil {
					err = notRegular(filepath.Join(w.dir, name), fi.Mode())
				}
				curErr = err
			}
			continue
		}
		out = append(out, listedFile{name: name, fi: fi, rank: rank, old: old})
	}
	return out, curErr
}
