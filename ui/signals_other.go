//go:build windows

package ui

import tea "charm.land/bubbletea/v2"

// watchSignals: Windows has no SIGTSTP or SIGQUIT to handle.
func watchSignals(*tea.Program) (stop func()) { return func() {} }

// suspend is what ctrl+z does: Bubble Tea ignores it on Windows.
func suspend() tea.Msg { return tea.SuspendMsg{} }
