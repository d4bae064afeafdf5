//go:build !linux && !windows

package cmd

import "syscall"

// setParentDeathSignal: only Linux has a parent-death signal.
func setParentDeathSignal(*syscall.SysProcAttr) {}
