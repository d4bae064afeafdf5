package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/config"
)

// TestUsageErrorsExit2: every error of the command line exits 2 with one
// line (issue 23 #8: usage errors exited 1, `completion tcsh` printed help
// and exited 0, and `report --since -1h` read everything).
func TestUsageErrorsExit2(t *testing.T) {
	withConfig(t, "")
	logs := filepath.Join(testdataDir, "logs", "macos")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"reprot"}, `unknown command or folder "reprot"; did you mean "report"?`},
		{[]string{"--bogus"}, "unknown flag: --bogus"},
		{[]string{"report", "--bogus"}, "unknown flag: --bogus"},
		{[]string{"report", "--since", "-1h", logs}, "--since -1h0m0s: want a positive duration"},
		{[]string{"report", "--since", "soon", logs}, `invalid argument "soon"`},
		{[]string{"completion", "tcsh"}, "completion tcsh: unknown shell; want bash, zsh, fish, powershell"},
		{[]string{"completion"}, "completion needs a shell"},
		{[]string{"config", "path", "extra"}, "unknown command"},
		{[]string{"replay"}, "requires at least 1 arg"},
		{[]string{"replay", "--speed", "0", logs}, "--speed 0: want a number above 0"},
		{[]string{"snapshot", "--format", "xml"}, "--format takes text, json or prom"},
		{[]string{"snapshot", "--fail-on", "panic"}, "--fail-on takes warning or critical"},
		{[]string{"--refresh", "1ms"}, "--refresh 1ms is too short"},
		{[]string{"--theme", "solarized"}, "--theme solarized: want one of auto, dark, light, high-contrast, plain"},
		{[]string{"replay", "--theme", "solarized", logs}, "--theme solarized"},
		{[]string{"--demo", logs}, "--demo plays its own scenario"},
	}
	for _, tc := range cases {
		code, out, errs := runOut(t, tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", tc.args, code, out, errs, tc.want)
		}
	}
	for _, sh := range shells {
		if code, out, errs := runOut(t, "completion", sh); code != 0 || out == "" {
			t.Errorf("completion %s: exit %d %q", sh, code, errs)
		}
	}
}

// TestFolderArgument: `coworktop FOLDER` follows that folder (it was an
// unknown command); a folder that holds no Claude log is refused before
// the screen starts, and with no log folder at all the error suggests
// --demo. doctor takes PATH too.
func TestFolderArgument(t *testing.T) {
	withConfig(t, "")
	root := newRootCmd(&globalOptions{})
	logs := filepath.Join(testdataDir, "logs", "macos")
	if err := root.Args(root, []string{logs}); err != nil {
		t.Errorf("coworktop %s: %v", logs, err)
	}
	notLogs := t.TempDir()
	if err := os.WriteFile(filepath.Join(notLogs, "main.log"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runOut(t, notLogs); code != 1 || !strings.Contains(errs, "no Claude log lines") {
		t.Errorf("coworktop NOT-LOGS: exit %d %q", code, errs)
	}
	missing := filepath.Join(t.TempDir(), "none")
	if code, _, errs := runOut(t, "--log-dir", missing); code != 1 || !strings.Contains(errs, "coworktop --demo") || strings.Count(errs, "\n") != 1 {
		t.Errorf("coworktop --log-dir MISSING: exit %d %q, want a hint of --demo", code, errs)
	}
	if code, out, errs := runOut(t, "doctor", logs); code != 0 || !strings.Contains(out, "using: "+logs) {
		t.Errorf("doctor %s: exit %d %q %q", logs, code, out, errs)
	}
	if code, _, _ := runOut(t, "doctor", missing); code != 1 {
		t.Errorf("doctor MISSING: exit %d, want 1", code)
	}
}

// TestNonLogsAgree: snapshot and report both exit 1 on a file that is no
// Claude log (snapshot exited 0).
func TestNonLogsAgree(t *testing.T) {
	withConfig(t, "")
	dir := t.TempDir()
	p := filepath.Join(dir, "main.log")
	if err := os.WriteFile(p, []byte("# README\nnot a log\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"report", p}, {"report", dir}, {"snapshot", p}, {"snapshot", "--json", dir}} {
		code, out, errs := runOut(t, args...)
		if code != 1 || out != "" || !strings.Contains(errs, "no Claude log lines") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1", args, code, out, errs)
		}
	}
}

// TestUnknownThemeOrSortStopsNothing (issue 53 R7): a theme or sort this
// version does not know (a newer one's S key saves sort = "needs-you") is a
// warning on stderr with the default in effect, for every command: it
// stopped report, snapshot, events, serve and the live view with exit 2.
func TestUnknownThemeOrSortStopsNothing(t *testing.T) {
	withConfig(t, "")
	p := filepath.Join(t.TempDir(), "mine.toml")
	if err := os.WriteFile(p, []byte("theme = \"solarized\"\nrefresh = \"3s\"\nsort = \"needs-you\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	logs := filepath.Join(testdataDir, "logs", "macos")
	for _, args := range [][]string{{"report", logs}, {"events", logs}, {"snapshot", "--json", logs}, {"config", "show"}} {
		code, out, errs := runOut(t, append([]string{"--config", p}, args...)...)
		if code != 0 || out == "" {
			t.Errorf("%v with an unknown theme and sort: exit %d %q", args, code, errs)
		}
		if args[0] == "config" {
			if !strings.Contains(out, `refresh = '3s'`) || !strings.Contains(out, `sort = "needs-you": unknown, ignored: the default "`+string(config.Default().Sort)+`" is in effect`) {
				t.Errorf("config show --config: the file's refresh is not in effect, or the unknown sort is not named:\n%s", out)
			}
			continue
		}
		for _, want := range []string{`line 1: theme = "solarized": unknown, ignored: the default "auto" is in effect`, `line 3: sort = "needs-you": unknown, ignored`} {
			if !strings.Contains(errs, want) {
				t.Errorf("%v: stderr %q lacks %q", args, errs, want)
			}
		}
	}
}

// TestThemeFlag: --theme picks the theme of the screen over the file's,
// and --no-color wins over both.
func TestThemeFlag(t *testing.T) {
	withConfig(t, "theme = \"dark\"\n")
	for _, tc := range []struct {
		args []string
		want config.Theme
	}{
		{nil, config.ThemeDark},
		{[]string{"--theme", "light"}, config.ThemeLight},
		{[]string{"--theme", "light", "--no-color"}, config.ThemePlain},
	} {
		g := &globalOptions{stdout: &strings.Builder{}, stderr: &strings.Builder{}}
		root := newRootCmd(g)
		if err := root.ParseFlags(tc.args); err != nil {
			t.Fatal(err)
		}
		if err := loadConfig(root, g); err != nil {
			t.Fatal(err)
		}
		if got := g.liveView().Theme; got != tc.want {
			t.Errorf("%v: theme %q, want %q", tc.args, got, tc.want)
		}
	}
}
