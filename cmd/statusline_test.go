package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// statuslineEnv is a home of its own: coworktop's cache folder, the
// Claude files and the log folder all under dir; the test's own zone
// (CI runs these tests under four), in which the test writes its log.
func statuslineEnv(dir, logDir string) []string {
	env := []string{"HOME=" + dir, "XDG_CACHE_HOME=" + filepath.Join(dir, "cache"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"PATH=" + os.Getenv("PATH"), "NO_COLOR=1"}
	if tz, ok := os.LookupEnv("TZ"); ok {
		env = append(env, "TZ="+tz)
	}
	if logDir != "" {
		env = append(env, "COWORKTOP_LOG_DIR="+logDir)
	}
	return env
}

// claudeCalls runs command as Claude Code runs a statusLine command: the
// command string through the shell, the JSON document on stdin.
func claudeCalls(t *testing.T, command string, env []string, stdin string) (string, string) {
	t.Helper()
	c := exec.Command("sh", "-c", command)
	c.Env = env
	c.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	if err := c.Run(); err != nil {
		t.Fatalf("sh -c %q: %v (stderr %q)", command, err, errb.String())
	}
	return out.String(), errb.String()
}

func TestStatuslineUnderShellFeedsSnapshot(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Claude Code runs the command through sh here")
	}
	bin := buildCoworktop(t)
	dir := t.TempDir()
	// A log whose governor logged 3 of 8 a moment ago.
	logDir := filepath.Join(dir, "logs")
	if err := os.MkdirAll(logDir, 0o700); err != nil {
		t.Fatal(err)
	}
	stamp := time.Now().Add(-20 * time.Second).Format("2006-01-02 15:04:05")
	log := stamp + " [info] [CliGovernor] cap=8 (fixed)\n" + stamp + " [debug] [CliGovernor] acquire(user) effective=3/8\n"
	if err := os.WriteFile(filepath.Join(logDir, "main.log"), []byte(log), 0o600); err != nil {
		t.Fatal(err)
	}
	env := statuslineEnv(dir, logDir)
	input, err := os.ReadFile(filepath.Join("sources", "quota", "testdata", "quota", "statusline-input.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The fixture's resets are in the past (the docs' example): move them
	// to the future so that the figure reads as current.
	doc := strings.NewReplacer("1738425600", "4102444800", "1738857600", "4102876800").Replace(string(input))
	out, _ := claudeCalls(t, shellQuote(bin)+" statusline", env, doc)
	if want := "coworktop · Opus 4.7 · sessions 3/8 (gov) · 7d 41% · 5h 24%\n"; out != want {
		t.Fatalf("status line %q, want %q", out, want)
	}
	state := filepath.Join(dir, "cache", "coworktop", "statusline.json")
	if _, err := os.Stat(state); err != nil {
		t.Fatalf("no state file: %v", err)
	}

	// The same 5-hour figure in snapshot --json and its text.
	snap := exec.Command(bin, "snapshot", "--json", filepath.Join("testdata", "logs", "linux"))
	snap.Env = env
	js, err := snap.Output()
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Quota struct {
			FiveHour struct {
				Percent    float64 `json:"percent"`
				ResetsAt   string  `json:"resets_at"`
				Source     string  `json:"source"`
				ObservedAt string  `json:"observed_at"`
				Stale      bool    `json:"stale"`
			} `json:"five_hour"`
		} `json:"quota"`
	}
	if err := json.Unmarshal(js, &got); err != nil {
		t.Fatal(err)
	}
	fh := got.Quota.FiveHour
	if fh.Percent != 23.5 || fh.Source != "statusline" || fh.ResetsAt != "2100-01-01T00:00:00Z" || fh.ObservedAt == "" || fh.Stale {
		t.Fatalf("snapshot quota %+v", got.Quota)
	}
	text := exec.Command(bin, "snapshot", filepath.Join("testdata", "logs", "linux"))
	text.Env = env
	tx, err := text.Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(tx), "quota            7d 41% (resets ") {
		t.Fatalf("snapshot text lacks the quota:\n%s", tx)
	}
	// And in the metrics.
	prom := filepath.Join(dir, "coworktop.prom")
	pc := exec.Command(bin, "snapshot", "--format", "prom", "--output", prom, filepath.Join("testdata", "logs", "linux"))
	pc.Env = env
	if out, err := pc.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if b, _ := os.ReadFile(prom); !strings.Contains(string(b), `coworktop_quota_used_percent{scope="",source="statusline",window="five_hour"} 23.5`+"\n") {
		t.Fatalf("metrics lack the quota:\n%s", b)
	}
}

func TestStatuslineGarbageAndChain(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Claude Code runs the command through sh here")
	}
	bin := buildCoworktop(t)
	dir := t.TempDir()
	env := statuslineEnv(dir, filepath.Join(dir, "no-logs"))
	for _, in := range []string{"", "garbage\x1b[31m", "{\"rate_limits\":[1,2]}", strings.Repeat("[", 2<<20)} {
		out, _ := claudeCalls(t, shellQuote(bin)+" statusline", env, in)
		if out != "coworktop · no quota source\n" {
			t.Fatalf("input %.20q: %q", in, out)
		}
	}
	// (The folder holds the status line's log state; the quota's is not
	// written.)
	if _, err := os.Stat(filepath.Join(dir, "cache", "coworktop", "statusline.json")); !os.IsNotExist(err) {
		t.Fatal("garbage wrote a quota state file")
	}
	// A broken config file does not blank the line either.
	cfg := filepath.Join(dir, "config", "coworktop", "config.toml")
	if err := os.MkdirAll(filepath.Dir(cfg), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, []byte("refresh = [[[\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, _ := claudeCalls(t, shellQuote(bin)+" statusline", env, "{}"); out != "coworktop · no quota source\n" {
		t.Fatalf("with a broken config: %q", out)
	}
	// --chain: the person's own command gets the same stdin, and its
	// output comes first.
	doc := `{"model":{"display_name":"Opus"},"rate_limits":{"five_hour":{"used_percentage":62},"seven_day":{"used_percentage":30}}}`
	out, _ := claudeCalls(t, shellQuote(bin)+` statusline --chain 'wc -c | tr -d " "; echo mine'`, env, doc)
	want := fmt.Sprintf("%d\nmine\ncoworktop · Opus · 5h 62%% · 7d 30%%\n", len(doc))
	if out != want {
		t.Fatalf("chained %q, want %q", out, want)
	}
	// A second run with no rate_limits shows the recorded figure, with its
	// source and age.
	out, _ = claudeCalls(t, shellQuote(bin)+" statusline", env, `{"model":{"display_name":"Opus"}}`)
	if !strings.HasPrefix(out, "coworktop · Opus · 5h 62% · 7d 30%  statusline, ") {
		t.Fatalf("recorded: %q", out)
	}
}

func TestStatuslineInstallChangesNoFile(t *testing.T) {
	dir := t.TempDir()
	claude := filepath.Join(dir, ".claude")
	if err := os.MkdirAll(claude, 0o700); err != nil {
		t.Fatal(err)
	}
	settings := filepath.Join(claude, "settings.json")
	orig := `{"model":"opus","statusLine":{"type":"command","command":"~/.claude/my line.sh"}}`
	if err := os.WriteFile(settings, []byte(orig), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CLAUDE_CONFIG_DIR", claude)
	out, errs, code := runCLI(t, "statusline", "--install")
	if code != 0 || errs != "" {
		t.Fatalf("code %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, `"type": "command"`) || !strings.Contains(out, ` statusline --chain '~/.claude/my line.sh'"`) {
		t.Fatalf("snippet:\n%s", out)
	}
	if !strings.Contains(out, "cloud sessions and other devices") {
		t.Fatalf("no scope:\n%s", out)
	}
	if b, _ := os.ReadFile(settings); string(b) != orig {
		t.Fatal("settings.json changed")
	}
	if ents, _ := os.ReadDir(claude); len(ents) != 1 {
		t.Fatalf("%d files in the Claude folder", len(ents))
	}
}
