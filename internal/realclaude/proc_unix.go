//go:build !windows

package realclaude

import "syscall"

func alive(pid int) bool { return syscall.Kill(pid, 0) == nil }

func kill(pid int) { _ = syscall.Kill(pid, syscall.SIGKILL) }
