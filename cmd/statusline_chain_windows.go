//go:build windows

package cmd

import (
	"os/exec"
	"sync/atomic"

	"golang.org/x/sys/windows"
)

// procGroup puts a chained command in a job object of its own, so that
// ending it ends every process it started. A process the command starts in
// the instant between its start and its assignment to the job escapes it.
type procGroup struct {
	job      windows.Handle
	assigned atomic.Bool
}

func newProcGroup(c *exec.Cmd) *procGroup {
	g := &procGroup{}
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return g // the default: only the command itself is ended
	}
	g.job = job
	c.Cancel = func() error {
		if !g.assigned.Load() || windows.TerminateJobObject(job, 1) != nil {
			return c.Process.Kill()
		}
		return nil
	}
	return g
}

// started assigns the command's process to the job.
func (g *procGroup) started(c *exec.Cmd) {
	if g.job == 0 {
		return
	}
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(c.Process.Pid))
	if err != nil {
		return
	}
	defer windows.CloseHandle(h)
	// Unassigned, ending it falls back to the command alone.
	g.assigned.Store(windows.AssignProcessToJobObject(g.job, h) == nil)
}

func (g *procGroup) close() {
	if g.job != 0 {
		windows.CloseHandle(g.job)
	}
}
