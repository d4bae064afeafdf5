package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExpandHome(t *testing.T) {
	for _, c := range []struct{ p, home, goos, want string }{
		{"~", "/Users/u", "darwin", "/Users/u"},
		{"~/logs", "/Users/u", "darwin", "/Users/u/logs"},
		{"~/logs", "/Users/u/", "darwin", "/Users/u/logs"},
		{`~\logs`, `C:\Users\u`, "windows", `C:\Users\u\logs`},
		{"~/logs", `C:\Users\u`, "windows", `C:\Users\u/logs`},
		{`~\logs`, "/home/u", "linux", `~\logs`}, // a file name on Unix
		{"~bob/logs", "/home/u", "linux", "~bob/logs"},
		{"/var/~/logs", "/home/u", "linux", "/var/~/logs"},
		{"logs~", "/home/u", "linux", "logs~"},
		{"~/logs", "", "linux", "~/logs"},
		{"", "/home/u", "linux", ""},
	} {
		if got := expandHome(c.p, c.home, c.goos); got != c.want {
			t.Errorf("expandHome(%q, %q, %s) = %q, want %q", c.p, c.home, c.goos, got, c.want)
		}
	}
}

// --log-dir=~/… and COWORKTOP_LOG_DIR=~/… reach the folder in the home
// folder, as a shell would have made them.
func TestTildeInLogDirAndEnv(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("USERPROFILE", home)
	logs := filepath.Join(home, "saved logs")
	if err := os.MkdirAll(logs, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(logs, "main.log"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		env  string
	}{
		{[]string{"doctor", "--log-dir=~/saved logs"}, ""},
		{[]string{"doctor"}, "~/saved logs"},
	} {
		t.Setenv("COWORKTOP_LOG_DIR", c.env)
		var out, errb bytes.Buffer
		if code := run(c.args, &out, &errb); code != 0 {
			t.Fatalf("%v env %q: exit %d, stderr %q", c.args, c.env, code, errb.String())
		}
		if !strings.Contains(out.String(), "using: "+logs) {
			t.Errorf("%v env %q: not the home folder's logs:\n%s", c.args, c.env, out.String())
		}
	}
}
