package cmd

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

var snippetCommandRe = regexp.MustCompile(`"command": ("(?:[^"\\]|\\.)*")`)

// snippetCommandsIn are the statusLine commands an --install output
// offers, in order.
func snippetCommandsIn(t *testing.T, out string) []string {
	t.Helper()
	var cmds []string
	for _, m := range snippetCommandRe.FindAllStringSubmatch(out, -1) {
		var c string
		if err := json.Unmarshal([]byte(m[1]), &c); err != nil {
			t.Fatalf("%s: %v", m[1], err)
		}
		cmds = append(cmds, c)
	}
	if len(cmds) == 0 {
		t.Fatalf("no command in:\n%s", out)
	}
	return cmds
}

// linkBinary puts the test binary at path (a hard link when it can), so
// that it runs from there.
func linkBinary(t *testing.T, bin, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if os.Link(bin, path) == nil {
		return
	}
	b, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o700); err != nil {
		t.Fatal(err)
	}
}

// installFrom runs `statusline --install` from exe as a person would, with
// PATH set to path, and returns what it printed.
func installFrom(t *testing.T, exe, home, path string) string {
	t.Helper()
	c := exec.Command(exe, "statusline", "--install")
	c.Env = append(statuslineEnv(home, ""), "PATH="+path)
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return string(out)
}

// The printed command runs under sh from a folder whose name holds a
// backslash or a space: before, a backslash was left unquoted and sh ate it.
func TestStatuslineInstallSnippetRunsUnderShell(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a backslash is a separator here")
	}
	bin := buildCoworktop(t)
	dir := t.TempDir()
	for _, folder := range []string{`back\slash`, "with space", `it's\a b`} {
		exe := filepath.Join(dir, folder, "coworktop")
		linkBinary(t, bin, exe)
		out := installFrom(t, exe, dir, "/usr/bin:/bin")
		cmds := snippetCommandsIn(t, out)
		if len(cmds) != 1 {
			t.Fatalf("%s: %d commands:\n%s", folder, len(cmds), out)
		}
		line, _ := claudeCalls(t, cmds[0], statuslineEnv(dir, filepath.Join(dir, "no-logs")),
			`{"model":{"display_name":"Opus"}}`)
		if !strings.HasPrefix(line, "coworktop · Opus") {
			t.Fatalf("%s: %q ran as %q", folder, cmds[0], line)
		}
	}
}

// A Homebrew install: bin/coworktop links into the cask's versioned
// folder, which the next upgrade removes. The snippet names the link.
func TestStatuslineInstallNamesPathEntry(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symlinks")
	}
	bin := buildCoworktop(t)
	dir := t.TempDir()
	staged := filepath.Join(dir, "Caskroom", "coworktop", "1.2.3", "coworktop")
	linkBinary(t, bin, staged)
	binDir := filepath.Join(dir, "homebrew", "bin")
	if err := os.MkdirAll(binDir, 0o700); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(binDir, "coworktop")
	if err := os.Symlink(staged, link); err != nil {
		t.Fatal(err)
	}
	for _, started := range []string{link, staged} {
		out := installFrom(t, started, dir, binDir+":/usr/bin:/bin")
		if cmds := snippetCommandsIn(t, out); cmds[0] != link+" statusline" {
			t.Fatalf("started as %s: command %q, want %q", started, cmds[0], link+" statusline")
		}
	}
	// Not on PATH: the executable as it was started.
	out := installFrom(t, link, dir, "/usr/bin:/bin")
	if cmds := snippetCommandsIn(t, out); strings.Contains(cmds[0], "Caskroom") && runtime.GOOS == "darwin" {
		t.Fatalf("resolved the link: %q", cmds[0])
	}
}

// installWith prints the snippet for an existing statusLine command (a
// settings.json of raw bytes) with a fake process.
func installWith(t *testing.T, settings []byte, env installEnv) string {
	t.Helper()
	env.settings = filepath.Join(t.TempDir(), "settings.json")
	if settings != nil {
		if err := os.WriteFile(env.settings, settings, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var out strings.Builder
	if err := printStatuslineInstall(&out, env); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func fakeInstallEnv(goos, exe string, onPath map[string]string) installEnv {
	return installEnv{
		goos:       goos,
		home:       "/home/jane",
		executable: func() (string, error) { return exe, nil },
		lookPath: func(name string) (string, error) {
			if p, ok := onPath[name]; ok {
				return p, nil
			}
			return "", exec.ErrNotFound
		},
		sameFile:  func(a, b string) bool { return a == b || (onPath["coworktop"] == a && b == exe) },
		statePath: "/home/jane/.cache/coworktop/statusline.json",
	}
}

func settingsWith(command string) []byte {
	b, _ := json.Marshal(map[string]any{"model": "opus", "statusLine": map[string]string{"type": "command", "command": command}})
	return b
}

// Claude Code's docs name the user's script ~/.claude/statusline.sh, and
// its /statusline agent writes statusline-command.sh: kept, though they
// hold the word. Before, any command holding "statusline" was dropped.
func TestStatuslineInstallChainsScriptsNamedStatusline(t *testing.T) {
	env := fakeInstallEnv("linux", "/usr/local/bin/coworktop", nil)
	for _, existing := range []string{"~/.claude/statusline.sh", "bash /home/jane/.claude/statusline-command.sh", "npx ccstatusline@latest"} {
		out := installWith(t, settingsWith(existing), env)
		want := "/usr/local/bin/coworktop statusline --chain " + shellQuote(existing)
		if cmds := snippetCommandsIn(t, out); cmds[0] != want {
			t.Fatalf("existing %q: command %q, want %q", existing, cmds[0], want)
		}
		if !strings.Contains(out, "Your current status-line command is kept") {
			t.Fatalf("existing %q: no kept line:\n%s", existing, out)
		}
	}
}

// An existing coworktop status line is not chained to itself, whatever
// its path (an older install's removed folder too); what it chains is kept.
func TestStatuslineInstallRecognisesItsOwnLine(t *testing.T) {
	env := fakeInstallEnv("darwin", "/opt/homebrew/bin/coworktop", nil)
	for existing, want := range map[string]string{
		"/opt/homebrew/Caskroom/coworktop/0.9.0/coworktop statusline":                           "/opt/homebrew/bin/coworktop statusline",
		"/opt/homebrew/Caskroom/coworktop/0.9.0/coworktop statusline --chain '~/.claude/my.sh'": "/opt/homebrew/bin/coworktop statusline --chain '~/.claude/my.sh'",
		"'/Users/jane/my tools/coworktop' statusline --chain='bash x.sh'":                       "/opt/homebrew/bin/coworktop statusline --chain 'bash x.sh'",
		"/opt/homebrew/bin/coworktop statusline --chain 'it'\\''s.sh'":                          "/opt/homebrew/bin/coworktop statusline --chain 'it'\\''s.sh'",
	} {
		out := installWith(t, settingsWith(existing), env)
		if cmds := snippetCommandsIn(t, out); cmds[0] != want {
			t.Fatalf("existing %q: command %q, want %q", existing, cmds[0], want)
		}
		if !strings.Contains(out, "Your status line is coworktop's already") {
			t.Fatalf("existing %q:\n%s", existing, out)
		}
	}
}

// PowerShell 5.1's Set-Content -Encoding UTF8 starts the file with a byte
// order mark: the command is read all the same. Before, it was dropped.
func TestStatuslineInstallReadsSettingsWithBOM(t *testing.T) {
	env := fakeInstallEnv("windows", `C:\Users\jane\bin\coworktop.exe`, nil)
	out := installWith(t, append([]byte("\xef\xbb\xbf"), settingsWith("~/.claude/statusline.sh")...), env)
	if cmds := snippetCommandsIn(t, out); len(cmds) != 1 || cmds[0] != "C:/Users/jane/bin/coworktop.exe statusline --chain '~/.claude/statusline.sh'" {
		t.Fatalf("commands %q:\n%s", cmds, out)
	}
}

// Windows: forward slashes, for Git Bash; with a space in the path, a
// second command for PowerShell, which runs a quoted path only with &.
// Before, the path was printed with backslashes, unquoted.
func TestStatuslineInstallWindowsCommands(t *testing.T) {
	exe := `C:\Users\Jane Doe\AppData\Local\Programs\coworktop\coworktop.exe`
	out := installWith(t, settingsWith(`powershell -NoProfile -File C:/Users/Jane Doe/it's.ps1`), fakeInstallEnv("windows", exe, nil))
	cmds := snippetCommandsIn(t, out)
	wantSh := `'C:/Users/Jane Doe/AppData/Local/Programs/coworktop/coworktop.exe' statusline --chain 'powershell -NoProfile -File C:/Users/Jane Doe/it'\''s.ps1'`
	wantPs := `& 'C:/Users/Jane Doe/AppData/Local/Programs/coworktop/coworktop.exe' statusline --chain 'powershell -NoProfile -File C:/Users/Jane Doe/it''s.ps1'`
	if len(cmds) != 2 || cmds[0] != wantSh || cmds[1] != wantPs {
		t.Fatalf("commands:\n%q\nwant\n%q\n%q", cmds, wantSh, wantPs)
	}
	if strings.Contains(out, `\u0026`) || !strings.Contains(out, "PowerShell") {
		t.Fatalf("output:\n%s", out)
	}
	// WinGet's link on PATH wins, and reads the same in both shells.
	link := `C:\Users\Jane Doe\AppData\Local\Microsoft\WinGet\Links\coworktop.exe`
	env := fakeInstallEnv("windows", exe, map[string]string{"coworktop.exe": link})
	env.sameFile = func(a, b string) bool { return a == link && b == exe }
	out = installWith(t, nil, env)
	if cmds := snippetCommandsIn(t, out); len(cmds) != 2 || !strings.HasPrefix(cmds[0], "'C:/Users/Jane Doe/AppData/Local/Microsoft/WinGet/Links/coworktop.exe' statusline") {
		t.Fatalf("commands %q", cmds)
	}
	out = installWith(t, nil, fakeInstallEnv("windows", `C:\tools\coworktop.exe`, nil))
	if cmds := snippetCommandsIn(t, out); len(cmds) != 1 || cmds[0] != "C:/tools/coworktop.exe statusline" {
		t.Fatalf("commands %q", cmds)
	}
}

// The Git Bash command, run by a real sh: the drive-letter path is one
// word, reaches the program whole, and the arguments follow. (A folder
// named C: stands in for the drive.)
func TestStatuslineInstallWindowsCommandUnderSh(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs a POSIX sh")
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "C:", "Users", "Jane Doe", "Programs", "coworktop.exe")
	if err := os.MkdirAll(filepath.Dir(prog), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(prog, []byte("#!/bin/sh\nprintf '[%s]' \"$0\" \"$@\"\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	out := installWith(t, settingsWith("~/.claude/statusline.sh"), fakeInstallEnv("windows", `C:\Users\Jane Doe\Programs\coworktop.exe`, nil))
	c := exec.Command("sh", "-c", snippetCommandsIn(t, out)[0])
	c.Dir = dir
	got, err := c.Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		t.Fatalf("%v: %s", err, ee.Stderr)
	}
	if want := "[C:/Users/Jane Doe/Programs/coworktop.exe][statusline][--chain][~/.claude/statusline.sh]"; string(got) != want {
		t.Fatalf("sh ran %q, want %q", got, want)
	}
}

func TestShellWords(t *testing.T) {
	for in, want := range map[string][]string{
		`a 'b c' "d \"e\"" f\ g`: {"a", "b c", `d "e"`, "f g"},
		`'it'\''s'`:              {"it's"},
		"  ":                     nil,
		`x=''`:                   {"x="},
	} {
		if got := shellWords(in); strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
			t.Fatalf("shellWords(%q) = %q, want %q", in, got, want)
		}
	}
}
