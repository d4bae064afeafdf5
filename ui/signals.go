package ui

import (
	"strconv"

	tea "github.com/coworktop/coworktop/third_party/bubbletea"

	"github.com/coworktop/coworktop/governor"
)

// Terminal signals (--terminal-signals): notifications through the
// terminal, the window title and the pane's status. Everything goes out
// through the program's own output: a notification as tea.Raw, which the
// program writes between frames (never inside one, so the alternate screen
// cannot tear), the title and the status as fields of the view, which its
// renderer writes when they change.

// Signals configure the terminal signals; nil in Options: none.
type Signals struct {
	// Notes turns each new snapshot into the escape sequences to write
	// (notifications notify words and frames for this terminal), on the
	// program's goroutine; each event is in one snapshot's answer only.
	Notes func(governor.Snapshot) []string
	// Title: the window title counts the sessions that need the person.
	Title bool
	// Status: where the terminal answers the OSC 7501 query, the pane's
	// status is blocked while a session needs the person.
	Status bool
}

// statusApp is coworktop's name in its OSC 7501 reports.
const statusApp = "coworktop"

// signalsInit asks the terminal whether it takes OSC 7501 reports; the
// answer, if any, comes as a tea.ProgramStatusSupportMsg.
func (m *Model) signalsInit() tea.Cmd {
	if s := m.opts.Signals; s != nil && s.Status {
		return tea.RequestProgramStatusSupport
	}
	return nil
}

// takeOutbox is the notifications waiting to be written, as commands.
func (m *Model) takeOutbox() tea.Cmd {
	if len(m.outbox) == 0 {
		return nil
	}
	cmds := make([]tea.Cmd, len(m.outbox))
	for i, seq := range m.outbox {
		cmds[i] = tea.Raw(seq)
	}
	m.outbox = nil
	return tea.Sequence(cmds...)
}

// signalView sets the title and the status of v.
func (m *Model) signalView(v *tea.View) {
	s := m.opts.Signals
	if s == nil {
		return
	}
	n := 0
	if m.snap.Records != nil && m.snap.Records.Available {
		n = m.snap.NeedsYou
	}
	if s.Title && n > 0 {
		v.WindowTitle = "coworktop · needs you " + strconv.Itoa(n)
	}
	if s.Status && m.statusOK && n > 0 && !m.quitting {
		v.ProgramStatus = &tea.ProgramStatus{State: tea.ProgramStateBlocked, App: statusApp,
			Message: plural(n, "session") + " need" + verbS(n) + " you"}
	}
}

// verbS is the verb's ending for n subjects ("needs" for one).
func verbS(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}
