package cmd

import (
	"math"
	"os"
	"runtime/debug"
	"testing"
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
