package ui

import (
	"io"
	"strings"
	"testing"
	"time"

	tea "github.com/coworktop/coworktop/third_party/bubbletea"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
)

const (
	docsID     = "local_44444444-aaaa-4bbb-8ccc-000000000004"
	docsCodeID = "0b7c8f2e-1111-4a2b-9c3d-5e6f7a8b9c0d"
	billingID  = "local_11111111-aaaa-4bbb-8ccc-000000000001"
	billCodeID = "5d0e2a41-2222-4b3c-8d4e-6f7a8b9c0d1e"
)

// openModel is the fixture with records giving Claude Code ids: docs waits
// (its process's record names its sessionId), billing was evicted (the
// app's record names its cliSessionId).
func openModel(t *testing.T, open func(OpenRequest) OpenResult) *Model {
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return fixedNow }, Version: "test", Open: open})
	m.Update(sizeMsg(120, 40))
	m.Update(UpdatesMsg{fixtureUpdate(t)})
	r := record.Reading{At: fixedNow.Add(-5 * time.Second), Found: true,
		Code: []record.Code{{Pid: 1, HostSessionID: docsID, SessionID: docsCodeID, Status: "waiting",
			WaitingFor: "approve Bash", UpdatedAt: time.Date(2026, 9, 30, 14, 2, 0, 0, time.UTC)}},
		App: []record.App{
			{SessionID: docsID, Title: "Docs: release notes"},
			{SessionID: billingID, CLISessionID: billCodeID, Title: "Billing export"},
		},
	}
	m.Update(UpdatesMsg{governor.Update{Records: &r}})
	return m
}

// run executes a command the way the program would and feeds its message
// back.
func run(t *testing.T, m *Model, cmd tea.Cmd) {
	t.Helper()
	if cmd == nil {
		t.Fatal("o gave no command")
	}
	m.Update(cmd())
}

// `o` on the waiting session's row asks the launcher for its Claude Code
// id, and the footer says the command that ran.
func TestOpenWaitingSession(t *testing.T) {
	var got []OpenRequest
	m := openModel(t, func(r OpenRequest) OpenResult {
		got = append(got, r)
		return OpenResult{Ran: true, Command: governor.ResumeCommand(r.CodeID)}
	})
	press(m, "/", "D", "o", "c", "s", "enter")
	run(t, m, press(m, "o"))
	if len(got) != 1 || got[0].Session != docsID || got[0].CodeID != docsCodeID || got[0].Name != "Docs: release notes" {
		t.Fatalf("requests %+v", got)
	}
	if out := frame(m); !strings.Contains(out, "asked the app to open Docs: release notes: claude --desktop --resume "+docsCodeID) {
		t.Fatalf("the footer does not say what ran:\n%s", out)
	}
	// enter still opens the details, which name the id and the key.
	press(m, "enter")
	if out := frame(m); !strings.Contains(out, "Claude Code id "+docsCodeID+" (from its Claude Code session record): o opens it") {
		t.Fatalf("the details lack the id:\n%s", out)
	}
}

// When the launcher cannot run it, a box says why and shows the command to
// copy, whole.
func TestOpenShowsCommandWhenItCannotRun(t *testing.T) {
	m := openModel(t, func(r OpenRequest) OpenResult {
		return OpenResult{Command: governor.ResumeCommand(r.CodeID), Why: "the claude on PATH, 2.1.200 (from claude --version), does not list --desktop in its --help"}
	})
	press(m, "/", "D", "o", "c", "s", "enter")
	run(t, m, press(m, "o"))
	out := frame(m)
	for _, want := range []string{"cannot open Docs: release notes in the app from here", "2.1.200 (from claude --version)", "claude --desktop --resume " + docsCodeID} {
		if !strings.Contains(out, want) {
			t.Errorf("the box lacks %q:\n%s", want, out)
		}
	}
}

// A session no record gives an id for: nothing runs, and the box says why.
func TestOpenWithoutCodeIDRunsNothing(t *testing.T) {
	m := openModel(t, func(OpenRequest) OpenResult { t.Fatal("the launcher ran without an id"); return OpenResult{} })
	press(m, "/", "w", "e", "b", "enter")
	if cmd := press(m, "o"); cmd != nil {
		t.Fatal("o returned a command for a session without a Claude Code id")
	}
	if out := frame(m); !strings.Contains(out, "no session record read gives its Claude Code id") {
		t.Fatalf("no reason shown:\n%s", out)
	}
}

// A lost row of the Evictions pane: o opens it, and enter's full text says
// how to get it back.
func TestOpenLostSessionAndRecovery(t *testing.T) {
	var got []OpenRequest
	m := openModel(t, func(r OpenRequest) OpenResult {
		got = append(got, r)
		return OpenResult{Ran: true, Command: governor.ResumeCommand(r.CodeID)}
	})
	m.focus = paneEvictions
	press(m, "/", "B", "i", "l", "l", "enter")
	run(t, m, press(m, "o"))
	if len(got) != 1 || got[0].CodeID != billCodeID {
		t.Fatalf("requests %+v", got)
	}
	press(m, "enter")
	out := frame(m)
	for _, want := range []string{"to get it back: Billing export", "Claude Code id: " + billCodeID + " (from the app's session record)",
		"run: claude --desktop --resume " + billCodeID} {
		if !strings.Contains(out, want) {
			t.Errorf("the lost row's full text lacks %q:\n%s", want, out)
		}
	}
}

// Record text is untrusted: an id that is not a UUID never becomes a
// command.
func TestResumeCommandOnlyForUUIDs(t *testing.T) {
	for _, bad := range []string{"", "--help", "x; rm -rf /", "0b7c8f2e-1111-4a2b-9c3d-5e6f7a8b9c0", "0b7c8f2e-1111-4a2b-9c3d-5e6f7a8b9c0dz"} {
		if c := governor.ResumeCommand(bad); c != "" {
			t.Errorf("%q gave %q", bad, c)
		}
	}
}

// The demo's sessions are not the app's: o runs nothing there.
func TestOpenInDemoRunsNothing(t *testing.T) {
	m := openModel(t, func(OpenRequest) OpenResult { t.Fatal("the launcher ran in the demo"); return OpenResult{} })
	m.opts.Mode = ModeDemo
	press(m, "/", "D", "o", "c", "s", "enter")
	if cmd := press(m, "o"); cmd != nil {
		t.Fatal("o returned a command in the demo")
	}
	if out := frame(m); !strings.Contains(out, "the demo's sessions are not real sessions of the app") || !strings.Contains(out, "claude --desktop --resume "+docsCodeID) {
		t.Fatalf("no reason or command shown:\n%s", out)
	}
}

// fakeExec stands for the prepared command; the program would run it on
// the terminal.
type fakeExec struct{}

func (fakeExec) Run() error          { return nil }
func (fakeExec) SetStdin(io.Reader)  {}
func (fakeExec) SetStdout(io.Writer) {}
func (fakeExec) SetStderr(io.Writer) {}

// o hands the prepared command to the program's exec (the terminal), a
// second o meanwhile is told to wait and asks nothing, and the CLI's
// answer and exit status are shown: a refusal is not a success.
func TestOpenRunsOnTerminalAndShowsAnswer(t *testing.T) {
	asked := 0
	answer := "--desktop isn't available on this platform. It works on macOS and Windows (x64)."
	m := openModel(t, func(r OpenRequest) OpenResult {
		asked++
		return OpenResult{Command: governor.ResumeCommand(r.CodeID), Exec: fakeExec{},
			Done: func(error) OpenResult {
				return OpenResult{Command: governor.ResumeCommand(r.CodeID), Why: "claude exited 1", Answer: answer}
			}}
	})
	press(m, "/", "D", "o", "c", "s", "enter")
	prepare := press(m, "o")
	if cmd := press(m, "o"); cmd != nil || !strings.Contains(frame(m), "o: already opening a session") {
		t.Fatalf("a second o while the first prepares:\n%s", frame(m))
	}
	msg := prepare()
	_, exec := m.Update(msg)
	if exec == nil || asked != 1 {
		t.Fatalf("the prepared command was not handed to the program's exec (asked %d)", asked)
	}
	if cmd := press(m, "o"); cmd != nil {
		t.Fatal("a second o while the first runs asked again")
	}
	om := msg.(openedMsg)
	m.Update(openedMsg{req: om.req, res: om.res.Done(nil)})
	out := frame(m)
	for _, want := range []string{"cannot open Docs: release notes in the app from here: claude exited 1", "claude answered: " + answer, "claude --desktop --resume " + docsCodeID} {
		if !strings.Contains(out, want) {
			t.Errorf("the box lacks %q:\n%s", want, out)
		}
	}
	press(m, "esc")
	if cmd := press(m, "o"); cmd == nil {
		t.Fatal("after the answer, o does not ask again")
	}
}

// On Windows the command to copy is given for PowerShell and for cmd.
func TestOpenShowsBothWindowsCommands(t *testing.T) {
	ps := `& 'C:\Users\Jane Doe\AppData\Roaming\Claude\claude-code\2.1.332\claude.exe' --desktop --resume ` + docsCodeID
	cmdexe := `"C:\Users\Jane Doe\AppData\Roaming\Claude\claude-code\2.1.332\claude.exe" --desktop --resume ` + docsCodeID
	m := openModel(t, func(OpenRequest) OpenResult {
		return OpenResult{Command: ps, CmdCommand: cmdexe, Why: "claude exited 1", Answer: "--desktop requires signing in with a Claude account."}
	})
	m.Update(sizeMsg(200, 50)) // each command on a line of its own
	press(m, "/", "D", "o", "c", "s", "enter")
	run(t, m, press(m, "o"))
	out := frame(m)
	for _, want := range []string{"run in PowerShell:", ps, "or in cmd:", cmdexe} {
		if !strings.Contains(out, want) {
			t.Errorf("the box lacks %q:\n%s", want, out)
		}
	}
}
