package cmd

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestServeNotifyEndToEnd: `coworktop serve --notify` with a stand-in
// notify-send on PATH. The fixture's history (three evictions) is not news;
// one eviction appended while serve follows is, exactly once, and reaches
// notify-send as plain arguments.
func TestServeNotifyEndToEnd(t *testing.T) {
	t.Parallel() // a process test: runs beside the others
	if runtime.GOOS != "linux" {
		t.Skip("notify-send is the Linux notifier")
	}
	dir := t.TempDir()
	b, err := os.ReadFile(filepath.Join(testdataDir, "metrics", "main.log"))
	if err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(dir, "main.log")
	if err := os.WriteFile(logPath, b, 0o644); err != nil {
		t.Fatal(err)
	}
	fakeBin := t.TempDir()
	record := filepath.Join(t.TempDir(), "calls")
	script := "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done >> '" + record + "'\necho END >> '" + record + "'\n"
	if err := os.WriteFile(filepath.Join(fakeBin, "notify-send"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}

	bin := buildCoworktop(t)
	addr := startServe(t, bin, dir, []string{"PATH=" + fakeBin + string(os.PathListSeparator) + os.Getenv("PATH")}, "--notify")
	// Wait until the backfill is over and main.log is followed.
	following := false
	for deadline := time.Now().Add(20 * time.Second); !following && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/metrics"); err == nil {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			following = strings.Contains(string(body), `coworktop_log_files{state="following"} 1`)
		}
	}
	if !following {
		t.Fatal("serve never reported main.log as followed")
	}
	f, err := os.OpenFile(logPath, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString("2026-11-02 08:50:00 [info] [CliGovernor] at cap=9; evicting local_44444444-4444-4444-8444-444444444444 (idle 900s) for warm spawn\n")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	var calls string
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if b, err := os.ReadFile(record); err == nil && strings.Contains(string(b), "END") {
			calls = string(b)
			break
		}
	}
	time.Sleep(time.Second) // room for a wrong second call to show up
	if b, err := os.ReadFile(record); err == nil {
		calls = string(b)
	}
	want := "--app-name=coworktop\n--\ncoworktop: session evicted\ndocs evicted: at cap, warm spawn, idle 15m00s.\nEND\n"
	if calls != want {
		t.Fatalf("notify-send calls:\n%q\nwant\n%q", calls, want)
	}
}
