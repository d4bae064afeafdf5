//go:build !windows

package launch

import (
	"os/exec"
	"syscall"
)

// detach puts a probe (--version, --help) in a session of its own: no controlling
// terminal, so nothing it does can reach the screen coworktop draws, and
// the terminal's signals (a hang-up as coworktop quits) are not its.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
