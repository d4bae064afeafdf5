//go:build !unix && !windows

package journal

import "os"

// lockExclusive: this system has no file lock coworktop uses; one writer
// at a time is the caller's to keep.
func lockExclusive(*os.File) error { return nil }

func unlock(*os.File) {}
