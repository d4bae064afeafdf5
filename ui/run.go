package ui

import (
	"context"
	"errors"
	"sync/atomic"

	tea "github.com/coworktop/coworktop/third_party/bubbletea"
)

// maxFPS caps the frame rate: the screen changes at most once a second when
// nothing happens, and a burst of lines need not repaint faster than this.
const maxFPS = 10

// Run shows the screen until the user quits or ctx is cancelled. Bubble Tea
// restores the terminal on return, also after a panic in Update or View.
func Run(ctx context.Context, opts Options, extra ...tea.ProgramOption) error {
	// The patched Bubble Tea of the workspace (third_party), which the
	// release archives and `go run` build with, draws the first frame at
	// once; `go install` builds against the released module, whose first
	// frame comes one frame interval (100 ms) after the start.
	popts := append([]tea.ProgramOption{tea.WithContext(ctx), tea.WithFPS(maxFPS)}, extra...)
	p := tea.NewProgram(New(opts), popts...)
	defer watchSignals(p)()
	_, err := p.Run()
	if errors.Is(err, tea.ErrProgramKilled) && quitBySignal.Load() {
		return ErrQuitSignal
	}
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil // cancelled from outside: a normal end
	}
	return err
}

// ErrQuitSignal is Run's error after a SIGQUIT (the terminal restored).
var ErrQuitSignal = errors.New("quit on SIGQUIT")

var quitBySignal atomic.Bool
