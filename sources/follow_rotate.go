package sources

import (
	"io"
	"os"
	"path/filepath"
)

// readSkipped reads, whole and in order, any rotated generation that was
// created and rotated away between two polls: files numbered newer than the
// one we just finished (found again by identity under its rotated name) and
// written no earlier than it. With the app rotating at about 10 MB this
// never happens in practice, but a stalled poller (a suspended laptop, a
// loaded machine) must not lose a whole generation. It returns the note for
// the status: "rotated" when the old file was found under a rotated name,
// "replaced" when it was deleted or renamed elsewhere.
func (w *follower) readSkipped(old, next *os.File) (string, error) {
	oldFi, err := old.Stat()
	if err != nil {
		return "replaced", nil
	}
	fam, gen, isOld, ok := ClassifyLogName(filepath.Base(w.cfg.Path))
	if !ok || gen != 0 || isOld {
		return "replaced", nil
	}
	files, err := folderLogs(filepath.Dir(w.cfg.Path))
	if err != nil {
		return "replaced", nil
	}
	nextFi, _ := next.Stat()
	type cand struct {
		lf LogFile
		fi os.FileInfo
	}
	var numbered []cand
	found, oldGen := false, 0
	for _, lf := range files {
		if lf.Family != fam || lf.Generation == 0 {
			continue
		}
		fi, err := os.Stat(lf.Path)
		if err != nil {
			continue
		}
		if os.SameFile(fi, oldFi) {
			found, oldGen = true, lf.Generation
			if lf.old {
				return "rotated", nil // one .old slot: nothing can sit between
			}
			continue
		}
		if !lf.old {
			numbered = append(numbered, cand{lf, fi})
		}
	}
	if !found {
		return "replaced", nil
	}
	for _, c := range numbered { // oldest first already
		if c.lf.Generation >= oldGen || c.fi.ModTime().Before(oldFi.ModTime()) ||
			(nextFi != nil && os.SameFile(c.fi, nextFi)) {
			continue
		}
		if err := w.readWhole(c.lf.Path); err != nil {
			return "rotated", err
		}
	}
	return "rotated", nil
}

// readWhole delivers every line of a rotated file, which no longer grows.
func (w *follower) readWhole(path string) error {
	f, err := OpenLog(path)
	if err != nil {
		return nil // gone again; nothing we can recover
	}
	defer f.Close()
	sp := newSplitter()
	for {
		_, err := sp.fill(f)
		sp.emit(w.collect)
		if w.sendErr != nil {
			return w.sendErr
		}
		if err != nil {
			if err == io.EOF {
				sp.flush(w.collect)
			}
			return w.sendErr
		}
	}
}
