package cmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	tea "github.com/coworktop/coworktop/third_party/bubbletea"

	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/launch"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/render"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/records"
	"github.com/coworktop/coworktop/ui"
)

// The waiting session of the open fixture: the app's id, and the Claude
// Code id its process's record names.
const (
	openLocalID = "local_aaaaaaaa-0000-4000-8000-000000000001"
	openCodeID  = "6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f"
)

// standInClaude writes a stand-in `claude` into dir: it prints version
// for --version, a help that lists --desktop when desktop is set, and
// otherwise writes its arguments, one a line, to argsFile.
func standInClaude(t *testing.T, dir, version string, desktop bool, argsFile string) {
	t.Helper()
	help := "Usage: claude [options] [command] [prompt]\\n  -c, --continue   Continue the most recent conversation\\n  -r, --resume [id]  Resume a conversation\\n"
	if desktop {
		help += "  --desktop   Open the session in the Claude desktop app\\n"
	}
	script := fmt.Sprintf("#!/bin/sh\ncase \"$1\" in\n--version) echo '%s (Claude Code)';;\n--help) printf '%s';;\n*) for a in \"$@\"; do printf '%%s\\n' \"$a\"; done > '%s';;\nesac\n", version, help, argsFile)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "claude"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

// openScreen is the live screen over a log where a desktop session waits
// on a permission prompt, with records read from disk through the real
// reader, and `o` wired to the real launcher over recordsDir.
func openScreen(t *testing.T, recordsDir string) *ui.Model {
	t.Helper()
	now := time.Now()
	stamp := func(ago time.Duration) string { return now.Add(-ago).Format("2006-01-02 15:04:05") }
	log := stamp(15*time.Minute) + " [info] Starting app {\n  appVersion: '2.110.0',\n  platform: 'darwin',\n}\n" +
		stamp(10*time.Minute) + " [info] Starting local session " + openLocalID + " in /Users/u/api-gateway\n"
	var events []event.Event
	if _, err := ingest.ReadEach(strings.NewReader(log), "main.log", time.Local, func(e *event.Event) { events = append(events, *e) }); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		filepath.Join(recordsDir, "sessions", "1.json"): fmt.Sprintf(`{"pid":%d,"sessionId":%q,"hostSessionId":%q,"status":"waiting","waitingFor":"approve Bash","updatedAt":%d}`,
			os.Getpid(), openCodeID, openLocalID, now.Add(-12*time.Minute).UnixMilli()),
		filepath.Join(recordsDir, "claude-code-sessions", "acct", "org", openLocalID+".json"): `{"sessionId":"` + openLocalID + `","title":"API gateway: rate limits"}`,
	}
	for p, body := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	dirs := records.RecordFolders(records.RecordInput{FlagDir: recordsDir})
	recs := readRecordsOnce(dirs)
	open := sessionOpener(context.Background(), dirs)
	// The program would run the prepared command on its terminal (tea.Exec);
	// here it runs at once, its output away.
	runNow := func(r ui.OpenRequest) ui.OpenResult {
		res := open(r)
		if res.Exec == nil {
			return res
		}
		res.Exec.SetStdin(strings.NewReader(""))
		res.Exec.SetStdout(io.Discard)
		return res.Done(res.Exec.Run())
	}
	m := ui.New(ui.Options{Mode: ui.ModeLive, Version: "test", Open: runNow})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 40})
	m.Update(ui.UpdatesMsg{{Events: events, Records: &recs}})
	return m
}

// pressO selects the waiting session's row and presses o, running the
// command it returns the way the program would.
func pressO(t *testing.T, m *ui.Model) string {
	t.Helper()
	var cmd tea.Cmd
	for _, k := range []string{"/", "A", "P", "I", "enter", "o"} {
		msg := tea.KeyPressMsg{Code: []rune(k)[0], Text: k}
		if k == "enter" {
			msg = tea.KeyPressMsg{Code: tea.KeyEnter}
		}
		_, cmd = m.Update(msg)
	}
	if cmd == nil {
		t.Fatalf("o gave no command:\n%s", m.View().Content)
	}
	m.Update(cmd())
	return m.View().Content
}

func hermeticHome(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
}

// The "done when": with a stand-in claude on PATH whose --help
// lists --desktop, o on the waiting session runs it with --desktop
// --resume <its Claude Code id>.
func TestOpenRunsClaudeDesktopResume(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in claude is a shell script")
	}
	hermeticHome(t)
	bin, args := t.TempDir(), filepath.Join(t.TempDir(), "args")
	standInClaude(t, bin, "2.1.309", true, args)
	t.Setenv("PATH", bin)
	screen := pressO(t, openScreen(t, t.TempDir()))
	got, err := os.ReadFile(args)
	if err != nil {
		t.Fatalf("the stand-in claude was not run: %v\n%s", err, screen)
	}
	if want := "--desktop\n--resume\n" + openCodeID + "\n"; string(got) != want {
		t.Fatalf("claude ran with %q, want %q", got, want)
	}
	if !strings.Contains(screen, "asked the app to open API gateway: rate limits: claude --desktop --resume "+openCodeID) {
		t.Fatalf("the footer does not say what ran:\n%s", screen)
	}
}

// A CLI that lacks the flag is not run: the screen shows the command to
// copy and why, with the version it read.
func TestOpenShowsCommandWhenCLILacksDesktop(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in claude is a shell script")
	}
	hermeticHome(t)
	bin, args := t.TempDir(), filepath.Join(t.TempDir(), "args")
	standInClaude(t, bin, "2.1.200", false, args)
	t.Setenv("PATH", bin)
	screen := pressO(t, openScreen(t, t.TempDir()))
	if b, err := os.ReadFile(args); err == nil {
		t.Fatalf("a claude without --desktop was run with %q", b)
	}
	for _, want := range []string{"cannot open API gateway: rate limits in the app", "2.1.200 (from claude --version)", "claude --desktop --resume " + openCodeID} {
		if !strings.Contains(strings.Join(strings.Fields(screen), " "), want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
}

// The PATH's claude is too old, the app's own claude-code/<version>/ one
// takes --desktop: that one runs, its version read from itself.
func TestOpenUsesTheAppsCLI(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in claude is a shell script")
	}
	hermeticHome(t)
	bin, records := t.TempDir(), t.TempDir()
	oldArgs, appArgs := filepath.Join(t.TempDir(), "old"), filepath.Join(t.TempDir(), "app")
	standInClaude(t, bin, "2.1.200", false, oldArgs)
	standInClaude(t, filepath.Join(records, "claude-code", "2.1.309"), "2.1.309", true, appArgs)
	standInClaude(t, filepath.Join(records, "claude-code", "2.1.250"), "2.1.250", false, oldArgs)
	t.Setenv("PATH", bin)
	pressO(t, openScreen(t, records))
	if b, err := os.ReadFile(oldArgs); err == nil {
		t.Fatalf("a claude without --desktop was run with %q", b)
	}
	if got, _ := os.ReadFile(appArgs); string(got) != "--desktop\n--resume\n"+openCodeID+"\n" {
		t.Fatalf("the app's claude ran with %q", got)
	}
}

// report's lost sessions say how to get each back: its name, its Claude
// Code id (from the app's record, or the record its dead process left) and
// the command; one without a record says to use the sidebar; --redact
// hides the ids.
func TestReportSaysHowToGetLostSessionsBack(t *testing.T) {
	dir := t.TempDir()
	const a, b, c = "local_aaaaaaaa-0000-4000-8000-000000000001", "local_bbbbbbbb-0000-4000-8000-000000000002", "local_cccccccc-0000-4000-8000-000000000003"
	const aCode, bCode = "11111111-2222-4333-8444-555555555555", "66666666-7777-4888-9999-aaaaaaaaaaaa"
	log := "2026-09-30 10:00:00 [info] Starting local session " + a + " in /Users/u/api\n" +
		"2026-09-30 10:00:05 [info] Starting local session " + b + " in /Users/u/web\n" +
		"2026-09-30 10:00:09 [info] Starting local session " + c + " in /Users/u/docs\n" +
		"2026-09-30 10:20:00 [info] [CliGovernor] at cap=3; evicting " + a + " (idle 1195s) for warm spawn\n" +
		"2026-09-30 10:20:00 [info] Pausing session " + a + " (governor_evict)\n" +
		"2026-09-30 10:21:00 [info] [CliGovernor] pressure evicting " + b + " (idle 1255s)\n" +
		"2026-09-30 10:21:00 [info] Pausing session " + b + " (governor_evict)\n" +
		"2026-09-30 10:22:00 [info] [CliGovernor] pressure evicting " + c + " (idle 1311s)\n"
	p := filepath.Join(dir, "main.log")
	if err := os.WriteFile(p, []byte(log), 0o600); err != nil {
		t.Fatal(err)
	}
	recs := record.Reading{Found: true,
		App:      []record.App{{SessionID: a, CLISessionID: aCode, Title: "API gateway: rate limits"}},
		Leftover: []record.Code{{HostSessionID: b, SessionID: bCode, Status: "idle"}},
	}
	files := []sources.LogFile{{Path: p}}
	r, err := buildReportWith(files, 0, false, recs)
	if err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	if err := render.WriteText(&buf, r); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	for _, want := range []string{
		"to get them back (2 with a Claude Code id; `claude --desktop` needs Claude Code 2.1.285 or later)",
		"aaaaaaaa API gateway: rate limits: claude --desktop --resume " + aCode + "  (id from the app's session record)",
		"bbbbbbbb: claude --desktop --resume " + bCode + "  (id from its Claude Code session record)",
		"cccccccc: Claude Code id not known; open it from the app's sidebar",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	var js strings.Builder
	if err := render.WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"claude_code_id": "` + aCode + `"`, `"claude_code_id_source": "app_record"`, `"resume": "claude --desktop --resume ` + bCode + `"`} {
		if !strings.Contains(js.String(), want) {
			t.Errorf("report --json lacks %s", want)
		}
	}
	red, err := buildReportWith(files, 0, true, recs)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range red.Losses {
		if strings.Contains(l.ClaudeCodeID+l.Resume, aCode) || strings.Contains(l.ClaudeCodeID+l.Resume, bCode) {
			t.Fatalf("--redact leaves a Claude Code id: %+v", l)
		}
	}
}

// doctor says which claude o would run (its version, where it was read)
// and what the terminal signals do in this terminal.
func TestDoctorSaysHowItActs(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in claude is a shell script")
	}
	hermeticHome(t)
	bin := t.TempDir()
	standInClaude(t, bin, "2.1.309", true, filepath.Join(t.TempDir(), "args"))
	t.Setenv("PATH", bin)
	t.Setenv("TERM_PROGRAM", "WezTerm")
	t.Setenv("TMUX", "")
	t.Setenv("STY", "")
	out, errs, _ := runCLI(t, "doctor", "--records-dir", t.TempDir())
	for _, want := range []string{
		"open in the app (o): would run " + filepath.Join(bin, "claude") + " --desktop --resume <id> on this terminal, with the claude on PATH, 2.1.309 (from claude --version); its --help lists --desktop; " + launch.PlatformNote(runtime.GOOS, runtime.GOARCH),
		"terminal signals (--terminal-signals auto): on: notifications as OSC 777 to this terminal (WezTerm, from TERM_PROGRAM=WezTerm)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor lacks %q:\n%s%s", want, out, errs)
		}
	}
}
