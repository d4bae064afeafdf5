//go:build !windows

package launch

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"
)

// standIn writes an executable shell script.
func standIn(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(testfs.TempDir(t), "claude")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// A --help that hangs, with a child that holds its output, is ended with
// its child when the probe's time is up (issue 53 R4: 50 orphans).
func TestRunOutputEndsItsGroup(t *testing.T) {
	pidFile := filepath.Join(testfs.TempDir(t), "child")
	p := standIn(t, "sleep 300 & echo $! > '"+pidFile+"'; wait\n")
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if _, err := RunOutput(ctx, p, "--help"); err == nil {
		t.Fatal("a hanging --help gave no error")
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	// The kill is sent before RunOutput returns; the child may take a
	// moment to be reaped by init.
	for range 100 {
		if syscall.Kill(pid, 0) != nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	_ = syscall.Kill(pid, syscall.SIGKILL)
	t.Fatalf("the hanging --help's child %d still runs", pid)
}

// A --help that streams is read only as far as the bound, and stopped
// there (issue 53 R1: 1.7 GB in 3.9 s).
func TestRunOutputBounded(t *testing.T) {
	p := standIn(t, "exec yes 'a streaming help text line'\n")
	out, _ := RunOutput(context.Background(), p, "--help")
	if len(out) != maxOutput {
		t.Fatalf("kept %d bytes, want the bound %d", len(out), maxOutput)
	}
}

// A run shows the CLI's answer and its exit status; only exit 0 is
// success.
func TestRunAnswerAndExit(t *testing.T) {
	id := "6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f"
	for _, c := range []struct {
		body, why, answer string
		ran               bool
	}{
		{"printf '\\033[31m--desktop isn'\\''t available on this platform. It works on macOS and Windows (x64).\\033[39m\\n' >&2; exit 1\n",
			"claude exited 1", "--desktop isn't available on this platform. It works on macOS and Windows (x64).", false},
		{"echo 'Opening session in Claude Desktop'; exit 0\n", "", "", true},
		{"kill -9 $$\n", "claude did not finish: signal: killed", "", false},
	} {
		p := standIn(t, c.body)
		o := &Opener{Finder: Finder{LookPath: func(string) (string, error) { return p, nil },
			Output: func(_ context.Context, _ string, args ...string) ([]byte, error) {
				return []byte("--desktop 2.1.332"), nil
			}}}
		run, _ := o.Prepare(context.Background(), id)
		if run == nil {
			t.Fatal("nothing prepared")
		}
		run.SetStdout(io.Discard)
		res := run.Result(run.Run())
		if res.Ran != c.ran || res.Why != c.why || res.Answer != c.answer {
			t.Errorf("%q: %+v", c.body, res)
		}
	}
}
