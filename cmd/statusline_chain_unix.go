//go:build !windows

package cmd

import (
	"context"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// endSignals are the signals that end coworktop's status line, and the
// chained command with it: Claude Code cancelling a run, ctrl+c, a closed
// terminal.
var endSignals = []os.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP}

// chainCommand runs the person's command through sh, as Claude Code does.
func chainCommand(ctx context.Context, command string) *exec.Cmd {
	return exec.CommandContext(ctx, "sh", "-c", command)
}

// procGroup puts a chained command in a process group of its own, so that
// ending it ends every process it started (a `sleep` under `sh`, say).
type procGroup struct{ pid int }

func newProcGroup(c *exec.Cmd) *procGroup {
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	setParentDeathSignal(c.SysProcAttr)
	c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
	return &procGroup{}
}

func (g *procGroup) started(c *exec.Cmd) { g.pid = c.Process.Pid }

// end ends what is left of the group once its first process has exited.
// While any process is in the group its id cannot be another's, so the
// signal reaches only the command's own.
func (g *procGroup) end() {
	if g.pid > 0 {
		_ = syscall.Kill(-g.pid, syscall.SIGKILL)
	}
}

func (*procGroup) close() {}

// parentGone is closed when coworktop's parent has ended (the process is
// then a child of another, init or a subreaper), polled every 100 ms until
// ctx is done: no system but Linux tells a process its parent died.
func parentGone(ctx context.Context) <-chan struct{} {
	gone := make(chan struct{})
	ppid := os.Getppid()
	go func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if os.Getppid() != ppid {
					close(gone)
					return
				}
			}
		}
	}()
	return gone
}
