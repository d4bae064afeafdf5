//go:build !windows

package ui

import (
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	tea "github.com/coworktop/coworktop/third_party/bubbletea"
)

// watchSignals leaves the terminal usable whatever signal arrives.
//
// In raw mode ctrl+z is a key, and a SIGTSTP may also come from outside.
// Either way Bubble Tea's suspend restores the terminal and then sends
// SIGTSTP to the process group, expecting the default action to stop us.
// Once a program has asked for SIGTSTP the Go runtime keeps its handler and
// the default action never happens again, so the second SIGTSTP, the one
// that says the terminal is restored, is answered here with SIGSTOP. On
// SIGCONT (fg) Bubble Tea takes raw mode back and the model redraws.
//
// SIGQUIT ends the program with the terminal restored, where Go's default
// would exit leaving the screen raw. The returned function stops watching.
func watchSignals(p *tea.Program) (stop func()) {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, syscall.SIGTSTP, syscall.SIGQUIT)
	watched.Store(true)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case s := <-sigs:
				switch {
				case s == syscall.SIGQUIT:
					quitBySignal.Store(true)
					p.Kill()
					return
				case suspending.CompareAndSwap(true, false):
					// Bubble Tea's own: the terminal is restored.
					_ = syscall.Kill(os.Getpid(), syscall.SIGSTOP)
				default:
					suspending.Store(true)
					go p.Send(tea.SuspendMsg{})
				}
			}
		}
	}()
	return func() {
		watched.Store(false)
		signal.Stop(sigs)
		close(done)
	}
}

var (
	watched    atomic.Bool // watchSignals runs
	suspending atomic.Bool // a suspend was asked for; Bubble Tea's SIGTSTP is due
)

// suspend is what ctrl+z does.
func suspend() tea.Msg {
	if watched.Load() {
		suspending.Store(true)
	}
	return tea.SuspendMsg{}
}
