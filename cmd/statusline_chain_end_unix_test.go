//go:build !windows

package cmd

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// waitPidFile reads the pid a chained command wrote, waiting for it.
func waitPidFile(t *testing.T, p string) int {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(p); err == nil && strings.HasSuffix(string(b), "\n") {
			pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
			if err == nil {
				return pid
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no pid in %s", p)
	return 0
}

// gone waits up to within for pid to end; it kills a survivor and fails.
func gone(t *testing.T, pid int, what string, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for alive(pid) {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("%s: the chained command's sleep (pid %d) outlived coworktop", what, pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// chainPidCommand is a chained command that leaves a sleep in the
// background, its pid in p, and waits for it.
func chainPidCommand(p string, wait bool) string {
	c := "sleep 120 & echo $! > " + shellQuote(p)
	if wait {
		return c + "; wait"
	}
	return c + "; echo mine"
}

// TestChainedBackgroundChildEndsWithIt (issue 52 item 4): a chained
// command that exits at once but leaves a child running (`sleep 47 & echo
// mine`) left it running after the status line printed.
func TestChainedBackgroundChildEndsWithIt(t *testing.T) {
	p := filepath.Join(t.TempDir(), "pid")
	var errb bytes.Buffer
	out := runChained(context.Background(), chainPidCommand(p, false), nil, &errb, defaultChainLimits)
	if string(out) != "mine\n" {
		t.Fatalf("output %q, stderr %q", out, errb.String())
	}
	gone(t, waitPidFile(t, p), "a normal exit", 3*time.Second)
	t.Log("RELIABILITY --chain 'sleep 120 & echo mine': the sleep ended when the command exited")
}

// TestChainedEndsWithCoworktop (issue 52 item 4, audit P26): Claude Code
// cancels an in-flight status line when a new update comes; coworktop had
// no handler, so its chained command lived on in its own process group
// (after a SIGTERM, `sleep 53` was alive 4 s later). Now SIGTERM, SIGINT
// and SIGHUP end the group, and coworktop exits as the signal would have.
func TestChainedEndsWithCoworktop(t *testing.T) {
	bin := buildCoworktop(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "pid")
			c := exec.Command(bin, "statusline", "--chain", chainPidCommand(p, true))
			c.Stdin = strings.NewReader(`{"model":{"display_name":"Opus"}}`)
			c.Env = append(os.Environ(), "COWORKTOP_LOG_DIR="+t.TempDir())
			if err := c.Start(); err != nil {
				t.Fatal(err)
			}
			pid := waitPidFile(t, p)
			if err := c.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := c.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
				t.Errorf("coworktop ended with %v, want exit %d (the signal handled, not the 3 s limit)", err, 128+int(sig))
			}
			gone(t, pid, sig.String(), 3*time.Second)
			t.Logf("RELIABILITY %s to coworktop statusline: the chained group ended, exit %d", sig, 128+int(sig))
		})
	}
}

// TestChainedEndsWhenTheParentGoes (issue 52 item 4): when the process
// that ran the status line (Claude Code) goes, coworktop ends the chained
// command and its children.
func TestChainedEndsWhenTheParentGoes(t *testing.T) {
	bin := buildCoworktop(t)
	dir := t.TempDir()
	p := filepath.Join(dir, "pid")
	input := filepath.Join(dir, "in.json")
	if err := os.WriteFile(input, []byte(`{"model":{"display_name":"Opus"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	// The parent: a shell that runs coworktop in the background and waits.
	parent := exec.Command("sh", "-c", shellQuote(bin)+" statusline --chain "+shellQuote(chainPidCommand(p, true))+" < "+shellQuote(input)+" > /dev/null 2>&1 & wait")
	parent.Env = append(os.Environ(), "COWORKTOP_LOG_DIR="+dir)
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	pid := waitPidFile(t, p)
	_ = parent.Process.Kill()
	_ = parent.Wait()
	// Well within the 3 s bound, which would end it anyway.
	gone(t, pid, "the parent killed", time.Second)
	t.Log("RELIABILITY the parent killed: the chained group ended within 1 s")
}
