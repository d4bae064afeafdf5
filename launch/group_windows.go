//go:build windows

package launch

import (
	"os/exec"
	"sync/atomic"

	"golang.org/x/sys/windows"
)

// group is a probe's job object: ending it ends every process the probe
// started.
type group struct {
	job      windows.Handle
	assigned atomic.Bool
	cmd      *exec.Cmd
}

// newGroup makes the command's cancel (its timeout) end its whole job,
// not the program alone.
func newGroup(cmd *exec.Cmd) *group {
	g := &group{cmd: cmd}
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return g // the default: only the program itself is ended
	}
	g.job = job
	cmd.Cancel = func() error {
		g.end()
		return nil
	}
	return g
}

// started puts the probe's process in the job.
func (g *group) started(cmd *exec.Cmd) {
	if g.job == 0 {
		return
	}
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(cmd.Process.Pid))
	if err != nil {
		return
	}
	defer windows.CloseHandle(h)
	g.assigned.Store(windows.AssignProcessToJobObject(g.job, h) == nil)
}

// end ends every process in the job, or the program alone when it could
// not be put in one.
func (g *group) end() {
	if g.job != 0 && g.assigned.Load() && windows.TerminateJobObject(g.job, 1) == nil {
		return
	}
	if g.cmd.Process != nil {
		_ = g.cmd.Process.Kill()
	}
}

func (g *group) close() {
	if g.job != 0 {
		_ = windows.CloseHandle(g.job)
	}
}
