//go:build !windows

package cmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// alive: pid names a process that has not ended (a zombie waiting for
// its parent to reap it has ended).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true // no /proc (macOS): the signal said it is there
	}
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}

// A chained command that hangs is ended with every process it started:
// before, only sh was killed and its `sleep` was left running.
func TestChainedHangEndsWholeGroup(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	var errb bytes.Buffer
	lim := chainLimits{maxOut: statuslineMaxChain, within: 500 * time.Millisecond}
	start := time.Now()
	out := runChained(context.Background(), "echo early; sleep 120 & echo $! > "+shellQuote(pidFile)+"; wait", nil, &errb, lim)
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("took %s", took)
	}
	if string(out) != "early\n" {
		t.Fatalf("output %q", out)
	}
	if !strings.Contains(errb.String(), "took over 500ms: ended it and every process it started") {
		t.Fatalf("stderr %q", errb.String())
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(3 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the chained command's sleep (pid %d) outlived it", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
