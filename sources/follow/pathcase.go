package follow

import (
	"path/filepath"
	"runtime"
	"strings"
)

// foldCase: Windows's file systems, and macOS's by default, ignore the
// case of names, so two spellings of one path name one file there. A
// variable so that tests can take either side on any OS.
var foldCase = runtime.GOOS == "windows" || runtime.GOOS == "darwin"

// PathKey is p as the OS compares paths: cleaned, and case-folded where
// the file system ignores case by default (Windows, macOS). A folder
// named twice in two cases is then one key, read by one follower.
func PathKey(p string) string {
	p = filepath.Clean(p)
	if foldCase {
		return strings.ToLower(p)
	}
	return p
}

// SamePath reports whether a and b name one path as the OS compares them.
func SamePath(a, b string) bool { return PathKey(a) == PathKey(b) }
