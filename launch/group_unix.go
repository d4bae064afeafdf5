//go:build !windows

package launch

import (
	"os/exec"
	"sync/atomic"
	"syscall"
)

// group is a probe's process group: detach (Setsid) makes the probe the
// leader of a group of its own, whose id is its pid. The pid is atomic:
// the command's cancel runs on exec's own goroutine, maybe as it starts.
type group struct{ pid atomic.Int64 }

// newGroup makes the command's cancel (its timeout) end the whole group,
// not the program alone: a --help that hangs in a child leaves none.
func newGroup(cmd *exec.Cmd) *group {
	g := &group{}
	cmd.Cancel = func() error {
		g.end()
		return nil
	}
	return g
}

func (g *group) started(cmd *exec.Cmd) { g.pid.Store(int64(cmd.Process.Pid)) }

// end kills every process left in the group.
func (g *group) end() {
	if pid := int(g.pid.Load()); pid > 0 {
		_ = syscall.Kill(-pid, syscall.SIGKILL)
	}
}

func (g *group) close() {}
