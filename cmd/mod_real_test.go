package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/claudemod"
	"github.com/coworktop/coworktop/internal/realclaude"
	"github.com/coworktop/coworktop/internal/testfs"
)

// modEnv is what `coworktop` runs with in TestModWithRealClaude: the real
// session's HOME (so `claude plugin` writes its settings there), folders of
// coworktop's own, the real claude first on PATH, and Claude Code kept
// offline.
type modEnv struct {
	env               []string
	config, cache     string
	home, bin, claude string
}

func newModEnv(t *testing.T, home *realclaude.Home) modEnv {
	dir := testfs.TempDir(t)
	e := modEnv{config: filepath.Join(dir, "config"), cache: filepath.Join(dir, "cache"), home: home.Dir, bin: buildCoworktop(t), claude: home.Bin}
	pathDir := filepath.Join(dir, "bin")
	if err := os.MkdirAll(pathDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(home.Bin, filepath.Join(pathDir, "claude")); err != nil {
		t.Fatal(err)
	}
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "PATH", "CLAUDE_CONFIG_DIR", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL":
			continue
		}
		e.env = append(e.env, kv)
	}
	e.env = append(e.env, "HOME="+home.Dir, "XDG_CONFIG_HOME="+e.config, "XDG_CACHE_HOME="+e.cache,
		"PATH="+pathDir+string(os.PathListSeparator)+os.Getenv("PATH"), "ANTHROPIC_BASE_URL="+home.Stub.URL,
		"DISABLE_TELEMETRY=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL=1")
	return e
}

func (e modEnv) command(ctx context.Context, args ...string) *exec.Cmd {
	c := exec.CommandContext(ctx, e.bin, args...)
	c.Env = e.env
	return c
}

func (e modEnv) run(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var out, errb bytes.Buffer
	c := e.command(ctx, args...)
	c.Stdout, c.Stderr = &out, &errb
	if err := c.Run(); err != nil {
		t.Fatalf("coworktop %s: %v\n%s%s", strings.Join(args, " "), err, out.String(), errb.String())
	}
	return out.String()
}

func (e modEnv) warningPath() string {
	return filepath.Join(e.cache, "coworktop", claudemod.WarningName)
}

// updateLog writes main.log with the app's start and an update downloaded
// a minute ago, in the app's local time.
func updateLog(t *testing.T, dir, version string) {
	t.Helper()
	now := time.Now()
	stamp := func(d time.Duration) string { return now.Add(d).Format("2006-01-02 15:04:05") }
	log := stamp(-10*time.Minute) + " [info] Starting app {\n  appVersion: '2.2553.0',\n  isPackaged: true,\n  platform: 'darwin',\n  arch: 'arm64',\n  nodeVersion: '24.18.1'\n}\n" +
		stamp(-time.Minute) + " [info] [updater] Update downloaded and ready to install { releaseName: 'Claude " + version + "' }\n"
	if err := os.WriteFile(filepath.Join(dir, "main.log"), []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestModWithRealClaude is issue 51's "done when", with the real Claude
// Code offline: `coworktop mod install`, then a new session shows the
// warning `coworktop serve` keeps current (an update waiting) in its footer
// within 15 s, and the new one when it changes; the stub's rate limits
// reach `coworktop snapshot --json` as the quota source "mod" with no
// status line; `coworktop mod uninstall` leaves no file of coworktop's and
// no key naming it in Claude Code's settings.
func TestModWithRealClaude(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Claude Code")
	}
	bin := realclaude.Binary(t)
	stub := realclaude.NewStub(t)
	reset := time.Now().Add(3 * time.Hour).Truncate(time.Second)
	stub.SetLimits(realclaude.Limits{FiveHour: 42, SevenDay: 17, FiveHourReset: reset, SevenDayReset: reset.Add(96 * time.Hour)})
	home := realclaude.NewHome(t, bin, stub)
	e := newModEnv(t, home)

	out := e.run(t, "mod", "install")
	if !strings.Contains(out, "ran claude plugin install coworktop@coworktop") || !strings.HasSuffix(out, "to undo: coworktop mod uninstall\n") {
		t.Fatalf("mod install said:\n%s", out)
	}

	// coworktop serve keeps the warning file current from the app's log.
	logs := testfs.TempDir(t)
	updateLog(t, logs, "2.2553.1")
	ctx, cancel := context.WithCancel(context.Background())
	serve := e.command(ctx, "serve", "--metrics-addr", "127.0.0.1:0", "--log-dir", logs)
	var serveErr bytes.Buffer
	serve.Stderr = &serveErr
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = serve.Wait() })
	waitWarning(t, e.warningPath(), "update 2.2553.1 installs when the app sits idle", &serveErr)

	start := time.Now()
	s := home.Start(t, filepath.Join(home.Dir, "proj"), realclaude.Options{})
	s.WaitScreen(t, realclaude.ScreenHas("coworktop: update 2.2553.1 installs when the app sits idle"))
	if took := time.Since(start); took > 15*time.Second {
		t.Errorf("the footer showed the warning %s after the session started (want within 15 s)", took.Round(time.Second))
	}
	// A newer update downloaded: the app appends its line.
	f, err := os.OpenFile(filepath.Join(logs, "main.log"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString(time.Now().Format("2006-01-02 15:04:05") + " [info] [updater] Update downloaded and ready to install { releaseName: 'Claude 2.2554.0' }\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	changed := time.Now()
	s.WaitScreen(t, realclaude.ScreenHas("coworktop: update 2.2554.0 installs when the app sits idle"))
	if took := time.Since(changed); took > 15*time.Second {
		t.Errorf("the footer followed the change %s after it (want within 15 s)", took.Round(time.Second))
	}
	t.Logf("footer: shown %s after the session started, changed %s after the log", changed.Sub(start).Round(time.Second), time.Since(changed).Round(time.Second))

	// A reply brings the stub's rate limits; the mod writes them, and
	// snapshot reads them with no status line installed.
	s.Send(t, "hello")
	s.WaitScreen(t, realclaude.ScreenHas(realclaude.ReplyText))
	var snap struct {
		Quota struct {
			FiveHour struct {
				Source  string  `json:"source"`
				Percent float64 `json:"percent"`
				State   string  `json:"state"`
			} `json:"five_hour"`
			SevenDay struct {
				Source  string  `json:"source"`
				Percent float64 `json:"percent"`
			} `json:"seven_day"`
		} `json:"quota"`
	}
	deadline := time.Now().Add(realclaude.WaitTimeout)
	for {
		raw := e.run(t, "snapshot", "--json", "--log-dir", logs)
		if err := json.Unmarshal([]byte(raw), &snap); err != nil {
			t.Fatalf("snapshot --json: %v\n%s", err, raw)
		}
		if snap.Quota.FiveHour.Source == "mod" || time.Now().After(deadline) {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	if q := snap.Quota; q.FiveHour.Source != "mod" || q.FiveHour.Percent != 42 || q.FiveHour.State != "current" || q.SevenDay.Source != "mod" || q.SevenDay.Percent != 17 {
		t.Fatalf("snapshot's quota: %+v", q)
	}
	if _, err := os.Stat(filepath.Join(home.Dir, ".claude", "settings.json")); err == nil {
		if b, _ := os.ReadFile(filepath.Join(home.Dir, ".claude", "settings.json")); strings.Contains(string(b), "statusLine") {
			t.Fatalf("a status line is installed: %s", b)
		}
	}
	status := e.run(t, "mod", "status")
	if !strings.Contains(status, "installed and enabled") || !strings.Contains(status, "warning file: shown") {
		t.Errorf("mod status:\n%s", status)
	}

	cancel()
	_ = serve.Wait()
	out = e.run(t, "mod", "uninstall")
	if !strings.Contains(out, "ran claude plugin uninstall coworktop@coworktop") {
		t.Fatalf("mod uninstall said:\n%s", out)
	}
	modLeftBehind(t, e)
}

// modLeftBehind fails t on anything of the mod's still there: coworktop's
// folder and files, a key naming it in Claude Code's settings or plugin
// registries. Claude Code's own cached copy is allowed only marked as
// orphaned (its sweep deletes it later; coworktop writes nothing of
// Claude Code's).
func modLeftBehind(t *testing.T, e modEnv) {
	t.Helper()
	for _, p := range []string{filepath.Join(e.config, "coworktop", "claude-mod"), e.warningPath(), filepath.Join(e.cache, "coworktop", "mod-limits.json")} {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("left behind: %s", p)
		}
	}
	claude := filepath.Join(e.home, ".claude")
	for _, name := range []string{"settings.json", "plugins/installed_plugins.json", "plugins/known_marketplaces.json"} {
		if b, err := os.ReadFile(filepath.Join(claude, name)); err == nil && strings.Contains(string(b), "coworktop") {
			t.Errorf("%s still names coworktop: %s", name, b)
		}
	}
	cache := filepath.Join(claude, "plugins", "cache", "coworktop", "coworktop", claudemod.Version())
	if _, err := os.Stat(cache); err == nil {
		if _, err := os.Stat(filepath.Join(cache, ".orphaned_at")); err != nil {
			t.Errorf("Claude Code's cached copy is not marked orphaned: %v", err)
		}
	}
	out, err := exec.Command(e.claude, "plugin", "list", "--json").CombinedOutput()
	if err == nil && strings.Contains(string(out), "coworktop") {
		t.Errorf("claude plugin list still lists it: %s", out)
	}
}

func waitWarning(t *testing.T, path, want string, stderr *bytes.Buffer) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		w, err := claudemod.ReadWarning(path)
		if err == nil && strings.Contains(w.Text, want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the warning file says %+v (%v), not %q; serve said: %s", w, err, want, stderr.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
}
