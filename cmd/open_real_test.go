package cmd

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/realclaude"
	"github.com/coworktop/coworktop/internal/testfs"
)

// TestOpenWithRealClaude is issue 44's "o gives the real CLI a terminal
// and shows its answer": the live view, in tmux, with the real Claude Code
// 2.1.332 first on PATH, opens a waiting session with o. The real CLI runs
// on the terminal the view hands it (with its output redirected it would
// refuse to run at all) and, on Linux, answers that --desktop works only
// on macOS and Windows, with exit 1: the box shows that answer and status,
// never a success.
func TestOpenWithRealClaude(t *testing.T) {
	bin := realclaude.Binary(t)
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("no tmux")
	}
	work := testfs.TempDir(t)
	pathDir, logs, records := filepath.Join(work, "bin"), filepath.Join(work, "logs"), filepath.Join(work, "records")
	const localID, codeID = "local_aaaaaaaa-0000-4000-8000-000000000001", "6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f"
	stamp := func(ago time.Duration) string { return time.Now().Add(-ago).Format("2006-01-02 15:04:05") }
	files := map[string]string{
		filepath.Join(logs, "main.log"): stamp(15*time.Minute) + " [info] Starting app {\n  appVersion: '2.110.0',\n  platform: 'linux',\n}\n" +
			stamp(10*time.Minute) + " [info] Starting local session " + localID + " in /home/u/api-gateway\n",
		// A live process's record (this test's own pid) that waits.
		filepath.Join(records, "sessions", "1.json"): fmt.Sprintf(`{"pid":%d,"sessionId":"%s","hostSessionId":"%s","status":"waiting","waitingFor":"approve Bash","updatedAt":%d}`,
			os.Getpid(), codeID, localID, time.Now().Add(-12*time.Minute).UnixMilli()),
		filepath.Join(records, "claude-code-sessions", "acct", "org", localID+".json"): `{"sessionId":"` + localID + `","title":"API gateway: rate limits"}`,
	}
	for p, body := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(pathDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(bin, filepath.Join(pathDir, "claude")); err != nil {
		t.Fatal(err)
	}
	sock := fmt.Sprintf("coworktop-open-real-%d", os.Getpid())
	tm := func(args ...string) (string, error) {
		out, err := exec.Command("tmux", append([]string{"-L", sock}, args...)...).CombinedOutput()
		return string(out), err
	}
	t.Cleanup(func() { _, _ = tm("kill-server") })
	// The environment through env(1) on the command line: tmux's own PATH
	// wins over new-session -e.
	cmdline := "env HOME='" + os.Getenv("HOME") + "' PATH='" + pathDir + ":/usr/bin:/bin' TERM=xterm-256color" +
		" CLAUDE_CODE_OAUTH_TOKEN=coworktop-test DISABLE_TELEMETRY=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 '" +
		buildCoworktop(t) + "' --log-dir '" + logs + "' --records-dir '" + records + "'"
	if out, err := tm("new-session", "-d", "-x", "160", "-y", "45", cmdline+"; sleep 30"); err != nil {
		t.Fatalf("tmux: %v: %s", err, out)
	}
	wait := func(what string, secs int, ok func(string) bool) string {
		t.Helper()
		var screen string
		for deadline := time.Now().Add(time.Duration(secs) * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
			screen, _ = tm("capture-pane", "-p")
			if ok(screen) {
				return screen
			}
		}
		t.Fatalf("%s: the screen was:\n%s", what, screen)
		return ""
	}
	has := func(words ...string) func(string) bool {
		return func(s string) bool {
			flat := strings.Join(strings.Fields(s), " ")
			for _, w := range words {
				if !strings.Contains(flat, w) {
					return false
				}
			}
			return true
		}
	}
	wait("the header counts who needs you", 30, has("needs you 1"))
	for _, k := range []string{"/", "A", "P", "I", "Enter"} {
		_, _ = tm("send-keys", k)
	}
	time.Sleep(300 * time.Millisecond)
	_, _ = tm("send-keys", "o")
	screen := wait("the box shows the real CLI's answer", 60, has("cannot open", "claude exited 1", "--desktop isn't available on this platform"))
	if strings.Contains(screen, "claude exited 0") || strings.Contains(screen, "asked the app to open") {
		t.Fatalf("a refusal was shown as a success:\n%s", screen)
	}
	if !has("claude --desktop --resume " + codeID)(screen) {
		t.Fatalf("the box lacks the command to copy:\n%s", screen)
	}
}
