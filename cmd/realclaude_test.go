package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/coworktop/coworktop/third_party/bubbletea"

	"github.com/coworktop/coworktop/internal/realclaude"
	"github.com/coworktop/coworktop/sources/records"
	"github.com/coworktop/coworktop/ui"
	"github.com/coworktop/coworktop/words"
)

// The real Claude Code (internal/realclaude), started from a terminal in
// tmux, waits on a permission prompt: its record says entrypoint "cli",
// status "waiting", waitingFor "permission prompt". coworktop counts it in
// needs you and names it, with its tmux pane, on the screen, in snapshot
// (text and JSON) and in the metrics, never "needs you 0"; and the rate
// limits the stub sent reach snapshot through the real status line's
// input to `coworktop statusline`.
func TestRealTerminalSessionNeedsYou(t *testing.T) {
	claude := realclaude.Binary(t)
	// The status line's state file is this test's own (the sessions'
	// tmux server inherits the variable): no other test reads its quota.
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	cw := buildCoworktop(t)
	stub := realclaude.NewStub(t)
	reset := time.Now().Add(3 * time.Hour).Truncate(time.Second)
	stub.SetLimits(realclaude.Limits{FiveHour: 42, SevenDay: 17, FiveHourReset: reset, SevenDayReset: reset.Add(96 * time.Hour)})
	home := realclaude.NewHome(t, claude, stub)
	s := home.Start(t, filepath.Join(home.Dir, "api-gateway"), realclaude.Options{StatusLine: "'" + cw + "' statusline"})
	// A first reply brings the rate limits; the status line runs after it.
	s.Send(t, "hello")
	s.WaitScreen(t, realclaude.ScreenHas(realclaude.ReplyText))
	s.WaitRecord(t, realclaude.StatusIs("idle"))
	s.Send(t, realclaude.PromptBash)
	rec := s.WaitRecord(t, realclaude.StatusIs("waiting"))
	if rec.Entrypoint != "cli" || rec.WaitingFor != "permission prompt" || rec.Name == "" || !strings.HasSuffix(rec.Tmux, "."+s.Pane(t)) {
		t.Fatalf("the real record is not what coworktop reads: %+v (pane %s)", rec, s.Pane(t))
	}
	pane := s.Pane(t)
	recDir := filepath.Join(home.Dir, ".claude")
	logs := filepath.Join(testdataDir, "logs", "linux")

	who := "terminal, tmux pane " + pane + ": " + rec.Name + " (permission prompt)"
	var text string
	deadline := time.Now().Add(realclaude.WaitTimeout)
	for time.Now().Before(deadline) {
		text, _, _ = runCLI(t, "snapshot", "--records-dir", recDir, "--log-dir", logs)
		if strings.Contains(text, who) && strings.Contains(text, "5h 42%") {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	for _, want := range []string{"1: " + who, "5h 42%", "7d 17%", "terminal         1 session " + words.TerminalNote} {
		if !strings.Contains(text, want) {
			t.Errorf("snapshot lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "no session's record says it waits") {
		t.Errorf("snapshot denies the waiting terminal session:\n%s", text)
	}
	js, _, _ := runCLI(t, "snapshot", "--json", "--records-dir", recDir, "--log-dir", logs)
	for _, want := range []string{`"kind": "terminal"`, `"tmux_pane": "` + pane + `"`, `"waiting_for": "permission prompt"`, `"needs_you": 1`} {
		if !strings.Contains(js, want) {
			t.Errorf("snapshot --json lacks %s:\n%s", want, js)
		}
	}
	prom := filepath.Join(t.TempDir(), "coworktop.prom")
	if _, errs, code := runCLI(t, "snapshot", "--format", "prom", "--output", prom, "--records-dir", recDir, "--log-dir", logs); code != 0 {
		t.Fatalf("snapshot --format prom: %d %s", code, errs)
	}
	if b, _ := os.ReadFile(prom); !strings.Contains(string(b), "coworktop_sessions_waiting 1") {
		t.Errorf("the metrics do not count it:\n%s", b)
	}

	dirs := records.RecordFolders(records.RecordInput{FlagDir: recDir})
	recs := readRecordsOnce(dirs)
	m := ui.New(ui.Options{Mode: ui.ModeLive, Version: "test"})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 40})
	m.Update(ui.UpdatesMsg{{Records: &recs}})
	screen := m.View().Content
	for _, want := range []string{"needs you 1", "terminal " + pane, rec.Name, "permission prompt"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	s.Keys(t, "Escape") // refuse: the stub's curl never runs
}
