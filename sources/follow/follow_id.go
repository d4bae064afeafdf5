package follow

import (
	"os"
	"path/filepath"
	"time"
)

// FileID is a file's identity on its volume, whatever name it carries: the
// device and inode on Unix, the volume serial number and the 128-bit file
// ID on Windows. The follower keeps it for a generation it has closed, so
// that a later listing still knows the file.
type FileID struct {
	dev uint64
	ino [2]uint64
}

// FileStat is what the follower needs of a file: its identity, its size and
// last write, and whether it is a regular file.
type FileStat struct {
	id      FileID
	size    int64
	mtime   time.Time
	regular bool
	mode    os.FileMode
}

// DirFile is one file of a folder listing with its stat, or why it could
// not be looked at.
type DirFile struct {
	name string
	st   FileStat
	err  error
}

// statNames looks at each name in dir.
func statNames(dir string, names []string) []DirFile {
	out := make([]DirFile, 0, len(names))
	for _, name := range names {
		st, err := statPath(filepath.Join(dir, name))
		out = append(out, DirFile{name: name, st: st, err: err})
	}
	return out
}

// listDirByStat lists the files of dir that keep names, each with a stat
// of its own by name: the listing on Unix, and Windows' fall-back when the
// folder's entries give no identities.
func listDirByStat(dir string, keep func(string) bool) ([]DirFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if keep(e.Name()) {
			names = append(names, e.Name())
		}
	}
	return statNames(dir, names), nil
}
