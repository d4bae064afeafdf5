package cmd

import "syscall"

// setParentDeathSignal has Linux kill the chained shell if coworktop dies
// without a word (SIGKILL), when no handler of coworktop can end it.
func setParentDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
