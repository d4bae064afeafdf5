package cmd

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// failingWriter is stdout on a full disk (/dev/full).
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestOutputErrorsAreErrors: every command that prints exits 1 with one
// line when its output cannot be written (issue 29 #5: `events FILE >
// /dev/full` exited 0).
func TestOutputErrorsAreErrors(t *testing.T) {
	withConfig(t, "")
	logs := filepath.Join(testdataDir, "logs", "macos")
	for _, args := range [][]string{
		{"events", logs},
		{"report", logs},
		{"report", "--json", logs},
		{"snapshot", logs},
		{"snapshot", "--json", logs},
		{"doctor", logs},
		{"version"},
		{"config", "show"},
		{"config", "path"},
		{"completion", "bash"},
		{"--help"},
	} {
		var errb strings.Builder
		code := run(args, failingWriter{}, &errb)
		msg := errb.String()
		if code != 1 || !strings.Contains(msg, "no space left on device") || strings.Count(msg, "\n") != 1 {
			t.Errorf("%v > /dev/full: exit %d, stderr %q; want exit 1 and one line", args, code, msg)
		}
	}
}

// TestReportNothingReadable: a report whose only log cannot be read exits
// 1, not 0 with "no entries (1 could not be read)" (issue 29 #9). As root a
// mode of 000 still opens, so the log is a link to nothing.
func TestReportNothingReadable(t *testing.T) {
	withConfig(t, "")
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(dir, "gone", "main.log"), filepath.Join(dir, "main.log")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	for _, args := range [][]string{{"report", dir}, {"report", "--json", dir}, {"events", dir}} {
		code, out, errs := runOut(t, args...)
		lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
		last := lines[len(lines)-1]
		if code != 1 || out != "" || !strings.HasPrefix(last, "coworktop: nothing could be read: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and why", args, code, out, errs)
		}
		if args[0] == "report" && len(lines) != 1 {
			t.Errorf("%v: stderr %q, want one line", args, errs)
		}
	}
}

// TestNoHome: without HOME, the commands that need no home folder work,
// and those that do say so in one line (issue 29 #12).
func TestNoHome(t *testing.T) {
	bin := buildCoworktop(t)
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "HOME", "XDG_CONFIG_HOME", "COWORKTOP_CONFIG", "COWORKTOP_LOG_DIR":
			continue
		}
		env = append(env, kv)
	}
	logs := filepath.Join(testdataDir, "logs", "macos")
	for _, args := range [][]string{{"report", logs}, {"events", logs}, {"version"}, {"--version"}, {"config", "show"}} {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%v without HOME: %v\n%s", args, err, out)
		}
	}
	for _, args := range [][]string{{"report"}, {"events"}, {"doctor"}, {"config", "path"}} {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(string(out), "HOME") || strings.Count(string(out), "\n") != 1 {
			t.Errorf("%v without HOME: %v %q; want exit 1 and one line naming HOME", args, err, out)
		}
	}
}
