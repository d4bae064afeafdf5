package testfs

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// HeldIn counts this process's descriptors open on files in dir, or -1
// where /proc/self/fd does not say.
//
// It reads the table twice and gives the smaller count: a descriptor number
// read in one listing can be closed and its number reused by the next
// generation before its link is read, while another goroutine's open moved
// that generation to a higher number, so one reading can count a file that
// was closed a moment before. A real hold shows in both readings.
func HeldIn(dir string) int {
	return min(heldOnce(dir), heldOnce(dir))
}

func heldOnce(dir string) int {
	if runtime.GOOS != "linux" {
		return -1
	}
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	n := 0
	for _, fd := range fds {
		if l, _ := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); strings.HasPrefix(l, dir+string(filepath.Separator)) {
			n++
		}
	}
	return n
}
