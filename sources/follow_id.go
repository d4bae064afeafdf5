package sources

import (
	"os"
	"time"
)

// fileID is a file's identity on its volume, whatever name it carries: the
// device and inode on Unix, the volume serial number and the 128-bit file
// ID on Windows. The follower keeps it for a generation it has closed, so
// that a later listing still knows the file.
type fileID struct {
	dev uint64
	ino [2]uint64
}

// fileStat is what the follower needs of a file: its identity, its size and
// last write, and whether it is a regular file.
type fileStat struct {
	id      fileID
	size    int64
	mtime   time.Time
	regular bool
	mode    os.FileMode
}
