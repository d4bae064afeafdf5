//go:build !windows

package cmd

import (
	"os/exec"
	"syscall"
)

// procGroup puts a chained command in a process group of its own, so that
// ending it ends every process it started (a `sleep` under `sh`, say).
type procGroup struct{}

func newProcGroup(c *exec.Cmd) *procGroup {
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
	return &procGroup{}
}

func (*procGroup) started(*exec.Cmd) {}

func (*procGroup) close() {}
