//go:build windows

package launch

import (
	"os/exec"
	"syscall"
)

// detach starts a probe (--version, --help) without a console window of its own, away
// from coworktop's console.
func detach(cmd *exec.Cmd) {
	const createNoWindow = 0x08000000
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: createNoWindow}
}
