package cmd

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/coworktop/coworktop/sources"
	quotafiles "github.com/coworktop/coworktop/sources/quota"
)

// writeGovLog writes a main.log in dir whose governor logged effective/cap
// at stamp (local time, as the app writes it).
func writeGovLog(t *testing.T, dir string, stamp time.Time, effective, capValue int) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	s := stamp.Local().Format("2006-01-02 15:04:05")
	log := s + " [info] [CliGovernor] cap=" + strconv.Itoa(capValue) + " (fixed)\n" +
		s + " [debug] [CliGovernor] acquire(user) effective=" + strconv.Itoa(effective) + "/" + strconv.Itoa(capValue) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "main.log"), []byte(log), 0o600); err != nil {
		t.Fatal(err)
	}
}

// A status line reads its own state, not the app's log, between looks:
// with the log folder gone, the next run still says what the last look
// read. Before, every run probed every log folder and read main.log.
func TestStatuslineReadsNoLogBetweenLooks(t *testing.T) {
	dir := t.TempDir()
	logDir := filepath.Join(dir, "logs")
	t.Setenv(sources.EnvLogDir, "")
	now := time.Now().Truncate(time.Second)
	writeGovLog(t, logDir, now.Add(-20*time.Second), 3, 8)
	g := &globalOptions{logDir: logDir, stderr: io.Discard, stdout: io.Discard}
	state := filepath.Join(dir, "cache", "coworktop", quotafiles.StatuslineLogName)

	if got := statuslineSessions(g, state, now); got != "sessions 3/8 (gov)" {
		t.Fatalf("first run: %q", got)
	}
	if err := os.Rename(logDir, logDir+".away"); err != nil {
		t.Fatal(err)
	}
	if got := statuslineSessions(g, state, now.Add(statuslineLogCheck-time.Second)); got != "sessions 3/8 (gov)" {
		t.Fatalf("a run within %s read the log: %q", statuslineLogCheck, got)
	}
	// The next look finds no main.log: nothing is claimed.
	if got := statuslineSessions(g, state, now.Add(statuslineLogCheck)); got != "" {
		t.Fatalf("after the folder went: %q", got)
	}
	// It comes back with a newer count: the look after reads it.
	if err := os.Rename(logDir+".away", logDir); err != nil {
		t.Fatal(err)
	}
	later := now.Add(2 * statuslineLogCheck)
	writeGovLog(t, logDir, later.Add(-time.Second), 5, 8)
	if got := statuslineSessions(g, state, later); got != "sessions 5/8 (gov)" {
		t.Fatalf("after the folder came back: %q", got)
	}
	// The kept count ages as the governor's does: two minutes on, it is
	// history, though no look has been made.
	if got := statuslineSessions(g, state, later.Add(2*time.Minute)); got != "" {
		t.Fatalf("a count over two minutes old: %q", got)
	}
}

// A look reads main.log only when its size or time changed; another
// --log-dir is found again at once.
func TestStatuslineLookReadsChangedLogOnly(t *testing.T) {
	dir := t.TempDir()
	logDir := filepath.Join(dir, "logs")
	now := time.Now().Truncate(time.Second)
	writeGovLog(t, logDir, now.Add(-10*time.Second), 2, 6)
	main := filepath.Join(logDir, "main.log")
	fi, err := os.Stat(main)
	if err != nil {
		t.Fatal(err)
	}
	g := &globalOptions{logDir: logDir, stderr: io.Discard, stdout: io.Discard}
	state := filepath.Join(dir, "cache", "coworktop", quotafiles.StatuslineLogName)
	if got := statuslineSessions(g, state, now); got != "sessions 2/6 (gov)" {
		t.Fatalf("first: %q", got)
	}
	// The same size and time, other bytes: not read.
	writeGovLog(t, logDir, now.Add(-10*time.Second), 3, 6)
	if err := os.Chtimes(main, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	if got := statuslineSessions(g, state, now.Add(statuslineLogCheck)); got != "sessions 2/6 (gov)" {
		t.Fatalf("an unchanged stamp was read: %q", got)
	}
	// Its time moves: read.
	later := fi.ModTime().Add(time.Second)
	if err := os.Chtimes(main, later, later); err != nil {
		t.Fatal(err)
	}
	if got := statuslineSessions(g, state, now.Add(2*statuslineLogCheck)); got != "sessions 3/6 (gov)" {
		t.Fatalf("a changed log: %q", got)
	}
	// Another --log-dir: found again at once.
	other := filepath.Join(dir, "other")
	writeGovLog(t, other, now.Add(-10*time.Second), 4, 6)
	g2 := &globalOptions{logDir: other, stderr: io.Discard, stdout: io.Discard}
	if got := statuslineSessions(g2, state, now.Add(2*statuslineLogCheck+time.Second)); got != "sessions 4/6 (gov)" {
		t.Fatalf("another folder: %q", got)
	}
}

// Without rate_limits on stdin the quota comes from the status line's own
// state file only: ~/.claude.json (which grows to many MB) and the desktop
// app's file are the live view's to read. Before, each run read them all.
func TestStatuslineReadsOnlyItsOwnQuotaState(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Claude Code runs the command through sh here")
	}
	bin := buildCoworktop(t)
	dir := t.TempDir()
	cache, err := os.ReadFile(filepath.Join("sources", "quota", "testdata", "quota", "claude.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".claude.json"), cache, 0o600); err != nil {
		t.Fatal(err)
	}
	env := statuslineEnv(dir, filepath.Join(dir, "no-logs"))
	if out, _ := claudeCalls(t, shellQuote(bin)+" statusline", env, `{"model":{"display_name":"Opus"}}`); out != "coworktop · Opus · no quota source\n" {
		t.Fatalf("%q", out)
	}
}
