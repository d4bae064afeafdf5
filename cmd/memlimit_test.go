package cmd

import (
	"context"
	"io"
	"math"
	"os"
	"runtime/debug"
	"testing"
	"time"
)

// TestLimitMemory: the long-running commands get the soft limit, and a
// GOMEMLIMIT the person set is left as the runtime applied it.
func TestLimitMemory(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })

	debug.SetMemoryLimit(math.MaxInt64)
	t.Setenv("GOMEMLIMIT", "")
	limitMemory()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("with GOMEMLIMIT set, the limit is %d, want it left alone", got)
	}

	// t.Setenv above restores the variable after the test.
	if err := os.Unsetenv("GOMEMLIMIT"); err != nil {
		t.Fatal(err)
	}
	limitMemory()
	if got := debug.SetMemoryLimit(-1); got != softMemoryLimit {
		t.Errorf("without GOMEMLIMIT, the limit is %d, want %d", got, softMemoryLimit)
	}
}

// TestServeLimitsMemory: serve, which runs for days on the same follower as
// the live view, sets the soft limit too.
func TestServeLimitsMemory(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	t.Setenv("GOMEMLIMIT", "")
	if err := os.Unsetenv("GOMEMLIMIT"); err != nil {
		t.Fatal(err)
	}
	debug.SetMemoryLimit(math.MaxInt64)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := &globalOptions{refresh: time.Second, stdout: io.Discard, stderr: io.Discard}
	_ = runServe(ctx, g, liveLogs{paths: []string{t.TempDir()}}, "127.0.0.1:0", false, nil)
	if got := debug.SetMemoryLimit(-1); got != softMemoryLimit {
		t.Errorf("after serve, the soft limit is %d, want %d", got, softMemoryLimit)
	}
}
