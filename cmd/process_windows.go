//go:build windows

package cmd

import "os"

// processRuns says whether a process of this id exists: FindProcess opens
// it on Windows, and fails when there is none.
func processRuns(pid int) bool {
	if pid <= 0 {
		return false
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	_ = p.Release()
	return true
}
