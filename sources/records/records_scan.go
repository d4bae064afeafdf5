package records

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// A record folder can hold any number of files: Claude Code leaves its
// sessions/<pid>.json behind when a process dies (78 on one real machine),
// the app keeps one local_<uuid>.json per session it ever had. recordScan
// keeps one folder's listing and each file's size and time, so that a
// reading costs by what changed, not by what the folder holds (issue 41,
// F5; the second platform audit, N9):
//   - the folder is listed again only when its own time or size changed
//     (a file created, removed or renamed into it), and at each sweep;
//   - a file is stat'ed only when it is new, was written lately, is a
//     live session's record, is named by a file event, or at each sweep;
//   - a file is opened only when its size or time changed since it was
//     read;
//   - the newest files by time are read, at most MaxRecordFiles; older
//     ones are skipped and counted, whatever their names.

// recordSweep is how often every file of a folder is listed and stat'ed
// again, whatever the folder's time says: a file rewritten in place does
// not change its folder, and a file event can be lost. A sweep of 10,000
// files costs about 30 ms (BenchmarkRecordsReading).
const recordSweep = time.Minute

// sweepFiles: past this many files a folder's sweep comes less often, one
// more minute per sweepFiles files (10 minutes at 100,000), so that its
// cost stays about that of 10,000 files a minute.
const sweepFiles = 10000

// sweepEvery is the sweep's interval for a folder of n files.
func sweepEvery(n int) time.Duration {
	return recordSweep * time.Duration(max(1, (n+sweepFiles-1)/sweepFiles))
}

// recordHot: a file written this recently is stat'ed on every reading (a
// live session writes its record on each change of status).
const recordHot = 10 * time.Minute

// dirTimeSlack: a folder whose time is this close to its listing may
// change again within its clock's tick unseen; it is listed again.
const dirTimeSlack = 2 * time.Second

// scanFile is one file of a folder as last stat'ed, and as last read.
type scanFile struct {
	size    int64
	mod     time.Time
	regular bool
	// hot: the reader wants it stat'ed on every reading (a live
	// session's record, which may be rewritten in place).
	hot bool
	// read: size and mod when the file was last read; the reader's own
	// result for it lives with the reader, by name.
	readSize int64
	readMod  time.Time
	readAt   time.Time
	read     bool
}

// changed reports whether the file may differ from when it was read: its
// size or time changed, or it was read within its clock's tick of being
// written (a second write in the same tick keeps the time).
func (f *scanFile) changed() bool {
	return !f.read || f.readSize != f.size || !f.readMod.Equal(f.mod) || f.readAt.Sub(f.mod) < dirTimeSlack
}

// markRead notes that the file was read as it was last stat'ed.
func (f *scanFile) markRead() {
	f.read, f.readSize, f.readMod, f.readAt = true, f.size, f.mod, time.Now()
}

// recordScan is one record folder's listing, kept between readings.
type recordScan struct {
	dir    string
	match  func(name string) bool
	listed bool
	dirMod time.Time
	dirLen int64
	listAt time.Time
	swept  time.Time
	files  map[string]*scanFile
	order  []string // names, newest first; nil when it must be sorted again
	// recent are the files stat'ed at every reading: new, written in the
	// last recordHot, or hot. Made again at each listing, so a reading
	// walks these, not every file.
	recent map[string]*scanFile
}

func newRecordScan(dir string, match func(string) bool) *recordScan {
	return &recordScan{dir: dir, match: match, files: map[string]*scanFile{}}
}

// errNoFolder: the folder is not there (not an error to report).
var errNoFolder = errors.New("no such folder")

// scan brings the listing up to date as of now; hints are paths a file
// event named (pathKey). It returns errNoFolder when the folder is not
// there, and an error when it is there but cannot be listed.
func (s *recordScan) scan(now time.Time, hints map[string]bool) error {
	fi, err := os.Stat(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		s.reset()
		return errNoFolder
	}
	if err != nil {
		return fmt.Errorf("reading the record folder: %w", err)
	}
	if !fi.IsDir() {
		s.reset()
		return errNoFolder
	}
	sweep := !s.listed || now.Sub(s.swept) >= sweepEvery(len(s.files)) || now.Before(s.swept)
	relist := sweep || !fi.ModTime().Equal(s.dirMod) || fi.Size() != s.dirLen || s.listAt.Sub(s.dirMod) < dirTimeSlack
	if relist {
		if err := s.list(sweep); err != nil {
			return err
		}
		s.dirMod, s.dirLen, s.listAt = fi.ModTime(), fi.Size(), time.Now()
	}
	if sweep {
		s.swept = now
	}
	if relist {
		s.recent = map[string]*scanFile{}
		for name, f := range s.files {
			if f.hot || f.mod.IsZero() || now.Sub(f.mod) < recordHot {
				s.recent[name] = f
			}
		}
	}
	for name, f := range s.recent {
		if s.files[name] != f {
			delete(s.recent, name) // gone
			continue
		}
		if f.hot || f.mod.IsZero() || now.Sub(f.mod) < recordHot {
			s.stat(name, f)
		}
	}
	if !sweep && len(hints) > 0 {
		dir := pathKey(s.dir)
		for p := range hints {
			if filepath.Dir(p) != dir {
				continue
			}
			if name := filepath.Base(p); s.files[name] != nil {
				s.stat(name, s.files[name])
				s.markRecent(name)
				continue
			}
			for name, f := range s.files { // Windows: the hint's case may differ from the name's
				if pathKey(name) == filepath.Base(p) {
					s.stat(name, f)
					s.markRecent(name)
				}
			}
		}
	}
	return nil
}

// list lists the folder, keeping what is known of the files still there;
// at a sweep it takes every file's size and time from the listing (free on
// Windows, where the listing carries them; an lstat each elsewhere).
func (s *recordScan) list(sweep bool) error {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return fmt.Errorf("listing the record folder: %w", err)
	}
	s.listed = true
	seen := make(map[string]bool, len(entries))
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !s.match(name) {
			continue
		}
		seen[name] = true
		f := s.files[name]
		if f == nil {
			f = &scanFile{} // stat'ed below: its time is zero
			s.files[name] = f
			s.order = nil
		}
		if sweep {
			if fi, err := e.Info(); err == nil {
				s.note(f, fi)
			} else {
				f.mod = time.Time{} // gone since the listing: stat'ed below, then dropped
			}
		}
	}
	for name := range s.files {
		if !seen[name] {
			delete(s.files, name)
			s.order = nil
		}
	}
	return nil
}

// stat updates one file's size and time (never following a symlink).
func (s *recordScan) stat(name string, f *scanFile) {
	fi, err := os.Lstat(filepath.Join(s.dir, name))
	if err != nil {
		delete(s.files, name) // gone since the listing
		s.order = nil
		return
	}
	s.note(f, fi)
}

// markRecent has a file stat'ed at every reading while it is recent or
// hot (a live record the reader marks, a file an event named).
func (s *recordScan) markRecent(name string) {
	if f := s.files[name]; f != nil {
		if s.recent == nil {
			s.recent = map[string]*scanFile{}
		}
		s.recent[name] = f
	}
}

// note keeps a file's size, time and type.
func (s *recordScan) note(f *scanFile, fi fs.FileInfo) {
	if !fi.ModTime().Equal(f.mod) {
		s.order = nil
	}
	f.size, f.mod, f.regular = fi.Size(), fi.ModTime(), fi.Mode().IsRegular()
}

// newest lists the file names newest first (by time, then by name).
func (s *recordScan) newest() []string {
	if s.order != nil {
		return s.order
	}
	s.order = make([]string, 0, len(s.files))
	for name := range s.files {
		s.order = append(s.order, name)
	}
	slices.SortFunc(s.order, func(a, b string) int {
		if c := s.files[b].mod.Compare(s.files[a].mod); c != 0 {
			return c
		}
		if a < b {
			return -1
		}
		return 1
	})
	return s.order
}

func (s *recordScan) reset() {
	s.listed, s.dirMod, s.dirLen, s.listAt, s.swept = false, time.Time{}, 0, time.Time{}, time.Time{}
	clear(s.files)
	clear(s.recent)
	s.order = nil
}

// pathKey is a path as compared: Windows paths ignore case (the second
// platform audit, N21), so C:\Users\u and c:\users\U are one folder.
func pathKey(p string) string {
	p = filepath.Clean(p)
	if runtime.GOOS == "windows" {
		return strings.ToLower(p)
	}
	return p
}
