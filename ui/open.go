package ui

import (
	"strings"

	tea "github.com/coworktop/coworktop/third_party/bubbletea"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
)

// The `o` key: open the selected session in the desktop app with the one
// documented command (`claude --desktop --resume <Claude Code id>`). The
// screen only asks: Options.Open finds the CLI off the program's
// goroutine; the command it prepares (OpenResult.Exec) runs on the
// terminal with the screen suspended (Bubble Tea's exec), because
// --desktop refuses to run without a terminal; its answer and exit status
// come back as an openedMsg. One o at a time.

// OpenRequest is the session `o` asks to open.
type OpenRequest struct {
	Session string // the app's id, local_<uuid>
	Name    string
	CodeID  string // its Claude Code id, from its records
}

// OpenResult is what came of it (launch.Result, as the screen needs it).
type OpenResult struct {
	Ran        bool   // it ran on the terminal and exited 0
	Command    string // what ran, or what to run by hand
	CmdCommand string // the same for Windows' cmd.exe, where it differs
	Why        string // why it could not run, or how it failed; "" when it ran
	Answer     string // what it printed on its error output, sanitised
	// Exec, when set, is the prepared command to run on the terminal;
	// Done turns what its run gave back into the result to show.
	Exec tea.ExecCommand
	Done func(error) OpenResult
}

// openedMsg carries an OpenResult back to the program.
type openedMsg struct {
	req OpenRequest
	res OpenResult
}

// openSession is `o`: the session of the selected row (Sessions, the idle
// ranking, an at-risk or lost row of Evictions, the details), and the
// command that opens it, run by Options.Open where it can run.
func (m *Model) openSession() tea.Cmd {
	if m.showHelp || m.openText != nil {
		m.notice = "o: close this first (esc), then select a session's row"
		return nil
	}
	if m.opening {
		m.notice = "o: already opening a session: wait for its answer"
		return nil
	}
	id := m.details
	if id == "" {
		id = rowSession(m.selectedSession())
	}
	if id == "" || strings.HasPrefix(id, governor.BackgroundPrefix) {
		m.notice = "o: select a desktop session's row (Sessions, Idle ranking, an at-risk or lost row), then o opens it in the app"
		return nil
	}
	rec := m.state.RecoveryOf(id, m.sessionName(id))
	req := OpenRequest{Session: id, Name: rec.Name, CodeID: rec.CodeID}
	switch {
	case m.opts.Mode == ModeDemo:
		m.showOpenResult(req, OpenResult{Command: rec.Command(), Why: "the demo's sessions are not real sessions of the app"})
		return nil
	case rec.CodeID == "":
		m.showOpenResult(req, OpenResult{Why: "no session record read gives its Claude Code id (the log names only the app's own id), so no command can name it"})
		return nil
	case m.opts.Open == nil:
		m.showOpenResult(req, OpenResult{Command: rec.Command(), Why: "this view does not run commands (replay and tests)"})
		return nil
	}
	m.notice = "o: opening " + req.Name + " in the app: " + rec.Command() + " …"
	m.opening = true
	open := m.opts.Open
	return func() tea.Msg { return openedMsg{req: req, res: open(req)} }
}

// opened handles the launcher's answer: a prepared command is run on the
// terminal (the screen suspended until it exits), anything else shown.
func (m *Model) opened(msg openedMsg) tea.Cmd {
	if msg.res.Exec != nil && msg.res.Done != nil {
		done, req := msg.res.Done, msg.req
		return tea.Exec(msg.res.Exec, func(err error) tea.Msg { return openedMsg{req: req, res: done(err)} })
	}
	m.opening = false
	m.showOpenResult(msg.req, msg.res)
	return nil
}

// rowSession is the desktop session a row's key names: the key itself
// for a session's row, the local_… id at its end for a risk or a loss.
func rowSession(key string) string {
	if i := strings.Index(key, "local_"); i >= 0 {
		return key[i:]
	}
	if strings.HasPrefix(key, governor.BackgroundPrefix) {
		return key
	}
	return ""
}

// showOpenResult says what came of `o`: a footer line when the command ran,
// else a box with why not and the exact command to copy.
func (m *Model) showOpenResult(req OpenRequest, res OpenResult) {
	m.dirty = true
	if res.Ran {
		m.notice = "o: asked the app to open " + req.Name + ": " + res.Command + " (claude exited 0)"
		if res.Answer != "" {
			m.notice += ": " + res.Answer
		}
		return
	}
	m.notice = ""
	lines := []string{"cannot open " + req.Name + " in the app from here: " + res.Why}
	if res.Answer != "" {
		lines = append(lines, "claude answered: "+res.Answer)
	}
	switch {
	case res.CmdCommand != "":
		lines = append(lines, "", "to open it yourself, run in PowerShell:", "  "+res.Command, "or in cmd:", "  "+res.CmdCommand)
	case res.Command != "":
		lines = append(lines, "", "to open it yourself, run:", "  "+res.Command)
	}
	lines = append(lines, "", "coworktop acts only through that documented command (Claude Code "+governor.DesktopFlagSince+" or later); it sends the app nothing else.")
	m.openText, m.openOffset = lines, 0
}

// openFacts are the details' lines on getting to the session: for a
// session that is not live, how to get it back (its name, its Claude Code
// id and the command); for a live one, its id and that o opens it.
func (m *Model) openFacts(s governor.SessionView) []string {
	rec := m.state.RecoveryOf(s.ID, governor.SessionName(s))
	if !s.Live() {
		return words.RecoveryLines(rec)
	}
	if rec.CodeID == "" {
		return nil
	}
	return []string{"Claude Code id " + rec.CodeID + " (from " + words.RecordSourceText(rec.Source) + "): o opens it in the app (" + rec.Command() + ")"}
}
