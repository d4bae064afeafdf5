//go:build unix

package cmd

import (
	"errors"
	"syscall"
)

// processRuns says whether a process of this id exists (signal 0 checks
// without sending; EPERM means it runs as another user).
func processRuns(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
