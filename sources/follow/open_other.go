//go:build !windows

package follow

import (
	"fmt"
	"os"
	"syscall"
)

// OpenLog opens a log file read-only. It refuses anything but a regular file:
// opening a FIFO for reading would block until a writer appears, hanging the
// TUI, so the open itself is non-blocking and the type is checked on the
// descriptor, which also closes the race with a file swapped after a stat.
func OpenLog(path string) (*os.File, error) {
	if fi, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("opening log: %w", err)
	} else if !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi.Mode())
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("opening log: %w", err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("opening log: %w", err)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, notRegular(path, fi.Mode())
	}
	return f, nil
}

// unlinked reports whether the open file f, whose fstat is fi, has no name
// left in any folder: deleted, though still readable through f. The
// follower closes such a file once it has read it to its end.
func unlinked(_ *os.File, fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && st.Nlink == 0
}
