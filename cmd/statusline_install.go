package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/sources/follow"
	quotafiles "github.com/coworktop/coworktop/sources/quota"
)

// installEnv is what `statusline --install` reads of the process; tests
// pass their own.
type installEnv struct {
	goos       string
	executable func() (string, error) // os.Executable
	lookPath   func(string) (string, error)
	sameFile   func(a, b string) bool
	home       string
	settings   string // Claude Code's settings.json
	statePath  string // where the quota is recorded
}

func processInstallEnv() installEnv {
	home, _ := os.UserHomeDir()
	return installEnv{goos: runtime.GOOS, executable: os.Executable, lookPath: exec.LookPath, sameFile: sameFile,
		home: home, settings: claudeSettingsPath(), statePath: quotafiles.StatuslineStatePath(quotafiles.ProcessQuotaEnv())}
}

// sameFile reports whether two paths name one file (symlinks followed).
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// statuslineCommands are the command for the snippet, as Claude Code's
// shell must read it: sh or Git Bash, and on Windows without Git Bash,
// PowerShell (ps, "" when the Git Bash form reads the same there).
type statuslineCommands struct {
	sh, ps string
}

// printStatuslineInstall prints the settings.json snippet that names this
// executable as the statusLine command, chaining the command already
// there (read from settings.json's statusLine.command key only). It
// changes no file.
func printStatuslineInstall(w io.Writer, env installEnv) error {
	exe := snippetExecutable(env)
	existing := existingStatusLine(env.settings)
	chain, ours := chainedCommand(existing, exe, env)
	cmds := snippetCommands(exe, chain, env.goos)
	sh, err := statusLineSnippet(cmds.sh)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "Add this to %s (coworktop changes no file):\n\n%s\n", env.settings, sh)
	if cmds.ps != "" {
		ps, err := statusLineSnippet(cmds.ps)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "That is for Claude Code running commands with Git Bash (Git for Windows installed).\n"+
			"Without Git Bash it runs them with PowerShell; then use this instead:\n\n%s\n", ps)
	}
	fmt.Fprintln(w)
	switch {
	case ours && chain != "":
		fmt.Fprintln(w, "Your status line is coworktop's already: this replaces it, and keeps the command it chains.")
	case ours:
		fmt.Fprintln(w, "Your status line is coworktop's already: this replaces it.")
	case chain != "":
		fmt.Fprintln(w, "Your current status-line command is kept: --chain runs it first, with the same input.")
	}
	fmt.Fprintf(w, "coworktop records the quota Claude Code passes (rate_limits, Pro/Max accounts) in %s.\n", env.statePath)
	fmt.Fprintln(w, "The quota figures are "+quota.Scope+".")
	return nil
}

// statusLineSnippet is the settings.json object naming command, as JSON
// written by hand would read (no \u0026 for &).
func statusLineSnippet(command string) (string, error) {
	type statusLine struct {
		Type    string `json:"type"`
		Command string `json:"command"`
	}
	snippet := struct {
		StatusLine statusLine `json:"statusLine"`
	}{statusLine{Type: "command", Command: command}}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(snippet); err != nil {
		return "", fmt.Errorf("statusline snippet: %w", err)
	}
	return b.String(), nil
}

// snippetExecutable is the path the snippet names: the coworktop found on
// PATH when it is this executable (Homebrew's bin/coworktop, WinGet's
// link), so that an upgrade, which removes the versioned folder the link
// points into, leaves the status line working; else this executable as it
// was started, symlinks not resolved. On Windows with forward slashes:
// Git Bash reads backslashes as escapes.
func snippetExecutable(env installEnv) string {
	self, err := env.executable()
	if err != nil || self == "" {
		return "coworktop"
	}
	name := "coworktop"
	if env.goos == "windows" {
		name += ".exe"
	}
	// LookPath returns no relative path (exec.ErrDot).
	if p, err := env.lookPath(name); err == nil && env.sameFile(p, self) {
		self = p
	}
	if env.goos == "windows" {
		self = strings.ReplaceAll(self, `\`, "/")
	}
	return self
}

// snippetCommands quotes exe and the chained command for sh (and Git
// Bash), and on Windows for PowerShell when that differs.
func snippetCommands(exe, chain, goos string) statuslineCommands {
	sh := shellQuote(exe) + " statusline"
	ps := psQuote(exe) + " statusline"
	if chain != "" {
		sh += " --chain " + shellQuote(chain)
		ps += " --chain " + psQuote(chain)
	}
	if psQuote(exe) != exe {
		ps = "& " + ps // PowerShell runs a quoted path only through its call operator
	}
	if goos != "windows" || ps == sh {
		ps = ""
	}
	return statuslineCommands{sh: sh, ps: ps}
}

// chainedCommand is the command the snippet chains: the existing
// statusLine command, unless it is coworktop's own status line (by its
// executable, not by a word in it: Claude Code's docs name a script
// statusline.sh); then the command that one chains, if any. ours says the
// existing command is coworktop's.
func chainedCommand(existing, exe string, env installEnv) (chain string, ours bool) {
	words := shellWords(existing)
	if len(words) > 0 && words[0] == "&" { // the PowerShell form
		words = words[1:]
	}
	if len(words) < 2 || words[1] != "statusline" || !isCoworktop(words[0], exe, env) {
		return strings.TrimSpace(existing), false
	}
	for i, w := range words[2:] {
		if v, ok := strings.CutPrefix(w, "--chain="); ok {
			return v, true
		}
		if w == "--chain" && i+3 < len(words) {
			return words[i+3], true
		}
	}
	return "", true
}

// isCoworktop: path names coworktop's executable: this one, or any file
// named coworktop (an older install whose folder an upgrade removed).
func isCoworktop(path, exe string, env installEnv) bool {
	base := strings.ToLower(path[strings.LastIndexAny(path, `/\`)+1:])
	if base == "coworktop" || base == "coworktop.exe" {
		return true
	}
	path = expandHome(path, env.home, env.goos)
	if self, err := env.executable(); err == nil && env.sameFile(path, self) {
		return true
	}
	return env.sameFile(path, exe)
}

// shellWords splits a command as sh would split its words: single and
// double quotes and backslash escapes; nothing is expanded.
func shellWords(s string) []string {
	var words []string
	var cur strings.Builder
	in := false // inside a word
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		case c == '\'':
			in = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				j = len(s) - i - 1
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			in = true
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte(`"\$`+"`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
		case c == '\\' && i+1 < len(s):
			in = true
			i++
			cur.WriteByte(s[i])
		default:
			in = true
			cur.WriteByte(c)
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}

// claudeSettingsPath is Claude Code's user settings file.
func claudeSettingsPath() string {
	if d := os.Getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return filepath.Join(d, "settings.json")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return filepath.Join("~", ".claude", "settings.json")
	}
	return filepath.Join(home, ".claude", "settings.json")
}

// existingStatusLine is the statusLine.command of Claude Code's settings,
// the one key read of that file; "" when there is none. A UTF-8 byte order
// mark (PowerShell 5.1 writes one) is skipped.
func existingStatusLine(path string) string {
	f, err := follow.OpenLog(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 1<<20))
	if err != nil {
		return ""
	}
	var s struct {
		StatusLine struct {
			Command string `json:"command"`
		} `json:"statusLine"`
	}
	if json.Unmarshal(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), &s) != nil {
		return ""
	}
	return s.StatusLine.Command
}

// shellQuote quotes s for sh when it holds anything but plain path
// characters (a backslash is an escape there: quoted too).
func shellQuote(s string) string {
	if plainWord(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// psQuote quotes s for PowerShell: a single-quoted string, each single
// quote in it doubled.
func psQuote(s string) string {
	if plainWord(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// plainWord: s reads as one word, unchanged, to sh and to PowerShell (a
// leading ~ would be expanded by sh: the chained command is passed as
// written, to be expanded when it runs).
func plainWord(s string) bool {
	for _, r := range s {
		if !(r == '/' || r == '.' || r == '-' || r == '_' || r == ':' ||
			(r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')) {
			return false
		}
	}
	return s != ""
}
