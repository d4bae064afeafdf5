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

// TestServeWaitingForYouEndToEnd: `coworktop serve --notify` over a live
// desktop session waiting on a permission prompt (recordsFixture): the
// metric counts it, and a stand-in notify-send gets "waiting for you"
// under its title, once.
func TestServeWaitingForYouEndToEnd(t *testing.T) {
	t.Parallel() // a process test: runs beside the others
	if runtime.GOOS != "linux" {
		t.Skip("notify-send is the Linux notifier")
	}
	logs, records := recordsFixture(t)
	fakeBin := t.TempDir()
	calls := filepath.Join(t.TempDir(), "calls")
	script := "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done >> '" + calls + "'\necho END >> '" + calls + "'\n"
	if err := os.WriteFile(filepath.Join(fakeBin, "notify-send"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	addr := startServe(t, buildCoworktop(t), logs, []string{"PATH=" + fakeBin + string(os.PathListSeparator) + os.Getenv("PATH")},
		"--notify", "--notify-waiting", "1m", "--records-dir", records)
	metric := false
	var got string
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/metrics"); err == nil {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			metric = metric || strings.Contains(string(body), "\ncoworktop_sessions_waiting 1\n")
		}
		b, _ := os.ReadFile(calls)
		got = string(b)
		if metric && strings.Contains(got, "END") {
			break
		}
	}
	if !metric {
		t.Error("coworktop_sessions_waiting never read 1")
	}
	if !strings.Contains(got, "coworktop: waiting for you") || !strings.Contains(got, "API gateway: rate limits has waited 12m for you (approve Bash)") {
		t.Fatalf("notify-send calls:\n%s", got)
	}
	time.Sleep(2 * time.Second) // more snapshots: the same wait is not told again
	if b, _ := os.ReadFile(calls); strings.Count(string(b), "waiting for you") != 1 {
		t.Fatalf("told more than once per wait:\n%s", b)
	}
}
