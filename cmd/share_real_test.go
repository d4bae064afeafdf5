package cmd

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/internal/realclaude"
	"github.com/coworktop/coworktop/internal/testfs"
	"github.com/coworktop/coworktop/words"
)

// replies counts the replies a transcript holds (one assistant line each:
// the stub's reply is one text block).
func replies(b []byte) int {
	n := 0
	for _, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, `"type":"assistant"`) && strings.Contains(l, `"usage"`) {
			n++
		}
	}
	return n
}

// TestShareWithRealClaude is issue 47's "done when": two real Claude Code
// 2.1.332 sessions that made three and one equal replies show shares near
// 75 % and 25 %, labelled coworktop's estimate, in snapshot, in the
// metrics and on the screen. The desktop app's part (main.log, its session
// records naming each session's cliSessionId) is written by the test: the
// app does not run here; the records, transcripts and their usage are the
// real program's.
func TestShareWithRealClaude(t *testing.T) {
	bin := realclaude.Binary(t)
	stub := realclaude.NewStub(t)
	stub.Usage = realclaude.Usage{Input: 1200, Output: 40, CacheRead: 3000, CacheCreation: 500}
	home := realclaude.NewHome(t, bin, stub)
	// Both folders trusted before either session runs: a running session
	// writes ~/.claude.json back without a folder trusted after it started.
	gateway, web := filepath.Join(home.Dir, "api-gateway"), filepath.Join(home.Dir, "web")
	home.Trust(t, gateway, web)
	s1 := home.Start(t, gateway, realclaude.Options{})
	s2 := home.Start(t, web, realclaude.Options{})
	for i, s := range []*realclaude.Session{s1, s1, s1, s2} {
		want := 1
		if s == s1 {
			want = i + 1
		}
		s.Send(t, fmt.Sprintf("question %d", i))
		s.WaitTranscript(t, func(b []byte) bool { return replies(b) >= want })
		s.WaitRecord(t, realclaude.StatusIs("idle"))
	}
	r1, err := s1.Record()
	if err != nil {
		t.Fatal(err)
	}
	r2, err := s2.Record()
	if err != nil {
		t.Fatal(err)
	}
	// The app's part: two Code-tab sessions, each running one of them.
	logs := filepath.Join(testfs.TempDir(t), "logs")
	records := filepath.Join(home.Dir, ".claude")
	const a, c = "local_aaaaaaaa-0000-4000-8000-000000000001", "local_cccccccc-0000-4000-8000-000000000003"
	stamp := func(ago time.Duration) string { return time.Now().Add(-ago).Format("2006-01-02 15:04:05") }
	files := map[string]string{
		filepath.Join(logs, "main.log"): stamp(15*time.Minute) + " [info] Starting app {\n  appVersion: '2.110.0',\n  platform: 'darwin',\n}\n" +
			stamp(14*time.Minute) + " [info] Starting local session " + c + " in " + s2.Dir + "\n" +
			stamp(10*time.Minute) + " [info] Starting local session " + a + " in " + s1.Dir + "\n",
		filepath.Join(records, "claude-code-sessions", "acct", "org", a+".json"): `{"sessionId":"` + a + `","cliSessionId":"` + r1.SessionID + `","title":"API gateway"}`,
		filepath.Join(records, "claude-code-sessions", "acct", "org", c+".json"): `{"sessionId":"` + c + `","cliSessionId":"` + r2.SessionID + `","title":"Web"}`,
	}
	for p, body := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}

	out, errs, code := runCLI(t, "snapshot", "--json", "--log-dir", logs, "--records-dir", records)
	if code != 0 {
		t.Fatalf("snapshot: exit %d: %s", code, errs)
	}
	var snap governor.Snapshot
	if err := words.UnmarshalSnapshot([]byte(out), &snap); err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, v := range snap.Sessions {
		if v.QuotaShare == nil || v.QuotaShare.Basis.String() != "estimated" {
			t.Fatalf("%s: quota_share %+v", v.ID, v.QuotaShare)
		}
		got[v.ID] = v.QuotaShare.Percent
	}
	if !near(got[a], 75) || !near(got[c], 25) {
		t.Fatalf("snapshot's shares %v, want about 75 and 25", got)
	}
	prom := filepath.Join(testfs.TempDir(t), "c.prom")
	if _, errs, code := runCLI(t, "snapshot", "--format", "prom", "--output", prom, "--log-dir", logs, "--records-dir", records); code != 0 {
		t.Fatalf("prom: exit %d: %s", code, errs)
	}
	pb, _ := os.ReadFile(prom)
	for _, want := range []string{`coworktop_session_quota_share_percent{rank="1"} 75`, `coworktop_session_quota_share_percent{rank="2"} 25`} {
		if !strings.Contains(string(pb), want) {
			t.Errorf("metrics lack %s:\n%s", want, grepLines(string(pb), "quota_share"))
		}
	}
	screen := liveScreen(t, logs, records, func(s string) bool { return strings.Contains(s, "75%") && strings.Contains(s, "25%") })
	t.Logf("shares %v; the screen's Sessions:\n%s", got, grepLines(screen, "%"))
	if !strings.Contains(screen, "QUOTA") {
		t.Errorf("the screen has no QUOTA column:\n%s", screen)
	}
}

func near(got, want float64) bool { return got > want-2 && got < want+2 }

func grepLines(s, word string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, word) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// liveScreen runs the live view in a tmux of its own at 160x40 and returns
// its screen once ok holds (or fails after 30 s).
func liveScreen(t *testing.T, logs, records string, ok func(string) bool) string {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("no tmux")
	}
	sock := fmt.Sprintf("coworktop-share-%d", os.Getpid())
	tm := func(args ...string) (string, error) {
		out, err := exec.Command("tmux", append([]string{"-L", sock}, args...)...).CombinedOutput()
		return string(out), err
	}
	t.Cleanup(func() { _, _ = tm("kill-server") })
	cmdline := buildCoworktop(t) + " --log-dir " + logs + " --records-dir " + records
	if out, err := tm("new-session", "-d", "-x", "160", "-y", "40", "-e", "HOME="+os.Getenv("HOME"), cmdline); err != nil {
		t.Fatalf("tmux: %v: %s", err, out)
	}
	var screen string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(300 * time.Millisecond) {
		screen, _ = tm("capture-pane", "-p")
		if ok(screen) {
			return screen
		}
	}
	t.Fatalf("the live view never showed the shares:\n%s", screen)
	return ""
}
