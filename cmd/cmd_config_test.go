package cmd

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/config"
	"github.com/coworktop/coworktop/ui"
)

// The tests, and the binaries they start, never read the developer's own
// config file: COWORKTOP_CONFIG points at a file that does not exist.
func init() {
	if os.Getenv(config.EnvVar) == "" {
		if err := os.Setenv(config.EnvVar, filepath.Join(os.TempDir(), "coworktop-tests-no-config", "config.toml")); err != nil {
			panic(err)
		}
	}
}

// withConfig points COWORKTOP_CONFIG at a file holding body ("" : no file)
// in a fresh folder, and returns its path.
func withConfig(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "cfg", "config.toml")
	t.Setenv(config.EnvVar, p)
	if body != "" {
		if err := writeConfigFile(p, []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func runOut(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestConfigShowGolden: `config show` prints the file over the defaults,
// and a flag over the file (testdata/golden/config_show.toml).
func TestConfigShowGolden(t *testing.T) {
	p := withConfig(t, "# mine\nsort = \"idle\"\ntheme = \"light\"\nnotify = true\n\n[panes]\nhidden = [\"competition\"]\n")
	code, out, errs := runOut(t, "config", "show", "--refresh", "250ms")
	if code != 0 || errs != "" {
		t.Fatalf("config show: exit %d, stderr %q", code, errs)
	}
	golden(t, "config_show.toml", strings.ReplaceAll(out, p, "CONFIG"))

	// What show prints is itself a valid config file.
	body := out[strings.IndexByte(out, '\n')+1:]
	c, err := config.Parse([]byte(body))
	if err != nil {
		t.Fatalf("config show output does not parse: %v", err)
	}
	if time.Duration(c.Refresh) != 250*time.Millisecond || c.Sort != config.SortIdle || !c.Notify || c.Panes.Visible(config.PaneCompetition) {
		t.Errorf("config show: %+v", c)
	}
}

func TestConfigPathInitShow(t *testing.T) {
	p := withConfig(t, "")
	if code, out, _ := runOut(t, "config", "path"); code != 0 || out != p+"\n" {
		t.Errorf("config path: exit %d %q, want %q", code, out, p)
	}
	if code, out, _ := runOut(t, "config", "show"); code != 0 || !strings.Contains(out, "no file; the defaults") {
		t.Errorf("config show without a file: exit %d %q", code, out)
	}
	if code, out, errs := runOut(t, "config", "init"); code != 0 || out != "wrote "+p+"\n" {
		t.Fatalf("config init: exit %d %q %q", code, out, errs)
	}
	b, err := os.ReadFile(p)
	if err != nil || string(b) != config.Template() {
		t.Fatalf("config init wrote %q, %v", b, err)
	}
	if code, _, errs := runOut(t, "config", "init"); code != 1 || !strings.Contains(errs, "already exists") {
		t.Errorf("config init over a file: exit %d %q", code, errs)
	}
	if err := os.WriteFile(p, []byte("sort = \"idle\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, _ := runOut(t, "config", "init", "--force"); code != 0 {
		t.Errorf("config init --force: exit %d", code)
	}
	if b, _ := os.ReadFile(p); string(b) != config.Template() {
		t.Error("config init --force did not replace the file")
	}
}

// TestConfigErrors: a bad value stops every command that reads the file
// with one line naming the file and every bad key with its line; doctor
// and config show run on it and list them; path, init and completion
// still work.
func TestConfigErrors(t *testing.T) {
	p := withConfig(t, "refresh = 5\n\n[panes]\nhidden = "+paneList(config.AllPanes, `"`)+"\nsort = \"size\"\n")
	bad := `line 1: refresh: want a duration in quotes, such as "1s" or "500ms", not 5; line 4: panes.hidden: every pane hidden; keep one`
	for _, args := range [][]string{{"report", filepath.Join(testdataDir, "metrics")}, {"serve", "--metrics-addr", "nonsense:x"}, {"events", filepath.Join(testdataDir, "logs", "linux")}} {
		code, out, errs := runOut(t, args...)
		want := "coworktop: config " + p + ": " + bad + "\n"
		if code != 2 || errs != want || out != "" {
			t.Errorf("%v: exit %d, stderr %q, want exit 2 and %q", args, code, errs, want)
		}
	}
	code, out, errs := runOut(t, "config", "show")
	if code != 0 || errs != "" || !strings.Contains(out, "# line 1: refresh: want a duration") || !strings.Contains(out, "# line 4: panes.hidden: every pane hidden") ||
		!strings.Contains(out, `# line 5: unknown key "panes.sort", ignored`) || !strings.Contains(out, `refresh = '1s'`) {
		t.Errorf("config show on a broken file: exit %d %q\n%s", code, errs, out)
	}
	code, out, errs = runOut(t, "doctor", filepath.Join(testdataDir, "logs", "linux"))
	if code != 0 || errs != "" || !strings.Contains(out, "config file: "+p+"\n  line 1: refresh") || !strings.Contains(out, "  line 4: panes.hidden") {
		t.Errorf("doctor on a broken file: exit %d %q\n%s", code, errs, out)
	}
	for _, args := range [][]string{{"config", "path"}, {"completion", "bash"}, {"config", "--help"}} {
		if code, _, errs := runOut(t, args...); code != 0 {
			t.Errorf("%v with a broken file: exit %d %q", args, code, errs)
		}
	}
}

// TestConfigFromAnotherVersion: a file written by config init of a version
// before the last pane (its order lacks it) with a key of a newer version:
// every command runs, with one warning line; config check stays strict.
// The old code stopped each of them with exit 2.
func TestConfigFromAnotherVersion(t *testing.T) {
	all := config.AllPanes
	old := strings.Replace(config.Template(), paneList(all, `"`), paneList(all[:len(all)-1], `"`), 1)
	if old == config.Template() {
		t.Fatal("the template's order is not config.AllPanes")
	}
	p := withConfig(t, old+"glow = true\n")
	line := fmt.Sprintf("line %d", strings.Count(old, "\n")+1)
	warn := "coworktop: config " + p + ": " + line + `: unknown key "panes.glow", ignored (from a newer coworktop, or a typo: coworktop config check)` + "\n"
	linux := filepath.Join(testdataDir, "logs", "linux")
	for _, args := range [][]string{{"report", linux}, {"events", linux}, {"snapshot", linux}} {
		code, out, errs := runOut(t, args...)
		if code != 0 || errs != warn || out == "" {
			t.Errorf("%v: exit %d, stderr %q, want exit 0 and %q", args, code, errs, warn)
		}
	}
	code, out, errs := runOut(t, "config", "show")
	if code != 0 || errs != "" || !strings.Contains(out, "order = "+paneList(all, "'")) {
		t.Errorf("config show: exit %d %q\n%s", code, errs, out)
	}
	code, out, _ = runOut(t, "config", "check")
	if code != 2 || out != p+": "+line+`: unknown key "panes.glow", ignored`+"\n" {
		t.Errorf("config check: exit %d %q", code, out)
	}
	withConfig(t, config.Template())
	if code, out, _ := runOut(t, "config", "check"); code != 0 || !strings.HasSuffix(out, ": ok\n") {
		t.Errorf("config check of the template: exit %d %q", code, out)
	}
}

// TestMissingConfigFlag: --config naming no file is an error, not the
// defaults (the old code ran on, exit 0).
func TestMissingConfigFlag(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope.toml")
	for _, args := range [][]string{{"report", filepath.Join(testdataDir, "logs", "linux")}, {"config", "show"}, {"config", "check"}} {
		code, _, errs := runOut(t, append([]string{"--config", missing}, args...)...)
		if want := "coworktop: --config " + missing + ": no such file\n"; code != 2 || errs != want {
			t.Errorf("%v: exit %d %q, want 2 and %q", args, code, errs, want)
		}
	}
}

// TestFlagsOverrideFile: the file sets --refresh and --notify's defaults;
// a flag given wins.
func TestFlagsOverrideFile(t *testing.T) {
	withConfig(t, "refresh = \"3s\"\nnotify = true\ntheme = \"high-contrast\"\nmouse = false\n")
	g := &globalOptions{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	root := newRootCmd(g)
	serve, _, err := root.Find([]string{"serve"})
	if err != nil {
		t.Fatal(err)
	}
	if err := loadConfig(serve, g); err != nil {
		t.Fatal(err)
	}
	if g.refresh != 3*time.Second || serve.Flags().Lookup("notify").Value.String() != "true" {
		t.Errorf("from the file: refresh %v, notify %s", g.refresh, serve.Flags().Lookup("notify").Value)
	}
	if v := g.liveView(); v.Theme != config.ThemeHighContrast || !v.NoMouse {
		t.Errorf("live view %+v, want high contrast and no mouse", v)
	}

	g = &globalOptions{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	root = newRootCmd(g)
	root.SetArgs([]string{"--refresh", "500ms", "--notify=false", "--no-color"})
	if err := root.ParseFlags([]string{"--refresh", "500ms", "--notify=false", "--no-color"}); err != nil {
		t.Fatal(err)
	}
	if err := loadConfig(root, g); err != nil {
		t.Fatal(err)
	}
	if g.refresh != 500*time.Millisecond || root.Flags().Lookup("notify").Value.String() != "false" || g.cfg.Notify {
		t.Errorf("flags given: refresh %v, notify %s", g.refresh, root.Flags().Lookup("notify").Value)
	}
	if g.liveView().Theme != config.ThemePlain {
		t.Errorf("--no-color: theme %s, want plain", g.liveView().Theme)
	}
}

// TestSaveView: S writes the screen's view into the file and keeps what
// else the file said; a broken file is not overwritten.
func TestSaveView(t *testing.T) {
	p := withConfig(t, "refresh = \"2s\"\nnotify = true\n")
	g := &globalOptions{cfgPath: p}
	panes := config.Default().Panes
	panes.Hidden = nil
	where, err := g.saveView(ui.View{Sort: config.SortProject, Panes: panes, Theme: config.ThemeLight, NoMouse: true})
	if err != nil || where != p {
		t.Fatalf("saveView: %q, %v", where, err)
	}
	l, found, err := readConfig(p)
	c := l.Config
	if err != nil || !found {
		t.Fatalf("read back: %v", err)
	}
	want := config.Default()
	want.Refresh, want.Notify = config.Duration(2*time.Second), true
	want.Sort, want.Theme, want.Mouse, want.Panes = config.SortProject, config.ThemeLight, false, panes
	want.Panes.Hidden = []config.Pane{}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("saved %+v\nwant  %+v", c, want)
	}

	if err := os.WriteFile(p, []byte("sort = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := g.saveView(ui.View{Sort: config.SortIdle, Panes: panes}); err == nil || !strings.Contains(err.Error(), "not overwriting") {
		t.Errorf("saveView over a broken file: %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "sort = 1\n" {
		t.Error("a broken file was overwritten")
	}
}

// TestCompletions: every shell's script comes out, and bash's parses.
func TestCompletions(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish", "powershell"} {
		code, out, errs := runOut(t, "completion", sh)
		if code != 0 || errs != "" || !strings.Contains(out, "coworktop") || len(out) < 500 {
			t.Errorf("completion %s: exit %d, %d bytes, stderr %q", sh, code, len(out), errs)
		}
		if sh == "bash" {
			if bash, err := exec.LookPath("bash"); err == nil {
				cmd := exec.Command(bash, "-n")
				cmd.Stdin = strings.NewReader(out)
				if b, err := cmd.CombinedOutput(); err != nil {
					t.Errorf("bash -n on the bash completion: %v\n%s", err, b)
				}
			}
		}
	}
	// Completion of subcommands works through cobra's hidden request command.
	if code, out, _ := runOut(t, "__complete", "con"); code != 0 || !strings.Contains(out, "config") {
		t.Errorf("__complete con: exit %d %q", code, out)
	}
}

func TestExposedWarning(t *testing.T) {
	for addr, exposed := range map[string]bool{"127.0.0.1:9977": false, "[::1]:9977": false, "localhost:1": false,
		"0.0.0.0:9977": true, "[::]:9977": true, "192.168.1.5:9977": true, ":9977": true} {
		w := exposedWarning(addr)
		if (w != "") != exposed || (exposed && !strings.Contains(w, addr)) {
			t.Errorf("exposedWarning(%q) = %q, want exposed %v", addr, w, exposed)
		}
	}
}

// paneList is the panes as a TOML list quoted with q: ["sessions", "ranking"]
// as config init writes it, ['sessions', 'ranking'] as config show does.
// Tests take the list from config.AllPanes, never spelled by hand.
func paneList(ps []config.Pane, q string) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = q + string(p) + q
	}
	return "[" + strings.Join(s, ", ") + "]"
}
