//go:build windows

package ui

import tea "github.com/coworktop/coworktop/third_party/bubbletea"

// watchSignals: Windows has no SIGTSTP or SIGQUIT to handle.
func watchSignals(*tea.Program) (stop func()) { return func() {} }

// suspend is what ctrl+z does: Bubble Tea ignores it on Windows.
func suspend() tea.Msg { return tea.SuspendMsg{} }
