package cmd

import (
	"strings"
	"testing"
)

func TestTerminalProblem(t *testing.T) {
	gitBash := map[string]string{"MSYSTEM": "MINGW64", "TERM": "xterm"}
	with := func(m map[string]string, k, v string) map[string]string {
		out := map[string]string{k: v}
		for a, b := range m {
			if a != k {
				out[a] = b
			}
		}
		return out
	}
	cases := []struct {
		name    string
		goos    string
		env     map[string]string
		console bool
		blank   bool
	}{
		{"git bash in mintty", "windows", gitBash, false, true},
		{"msys2 in mintty", "windows", map[string]string{"MSYSTEM": "UCRT64"}, false, true},
		{"cygwin mintty", "windows", map[string]string{"TERM_PROGRAM": "mintty"}, false, true},
		{"git bash in windows terminal", "windows", with(gitBash, "WT_SESSION", "0f1e"), false, false},
		{"git bash in conemu", "windows", with(gitBash, "ConEmuPID", "4242"), false, false},
		{"git bash in vs code", "windows", with(gitBash, "TERM_PROGRAM", "vscode"), false, false},
		{"winpty or a pseudo console gives a console", "windows", gitBash, true, false},
		{"forced", "windows", with(gitBash, envForceTTY, "1"), false, false},
		{"forced needs 1", "windows", with(gitBash, envForceTTY, "yes"), false, true},
		{"powershell, stdin piped", "windows", map[string]string{}, false, false},
		{"windows terminal", "windows", map[string]string{"WT_SESSION": "x"}, true, false},
		{"macOS with MSYSTEM set", "darwin", gitBash, false, false},
		{"linux", "linux", map[string]string{"TERM_PROGRAM": "mintty"}, false, false},
	}
	for _, c := range cases {
		err := terminalProblem(c.goos, func(k string) string { return c.env[k] }, c.console)
		if (err != nil) != c.blank {
			t.Errorf("%s: %v, want blank=%v", c.name, err, c.blank)
		}
	}
	msg := terminalProblem("windows", func(k string) string { return gitBash[k] }, false).Error()
	for _, want := range []string{"mintty", "Windows Terminal", "winpty coworktop", envForceTTY + "=1"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q: %s", want, msg)
		}
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("not one line: %q", msg)
	}
}
