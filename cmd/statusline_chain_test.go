package cmd

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"
	"time"
)

// The chained output is cut at its bound, however it is written: before,
// os/exec copied through the buffer's inherited ReadFrom and 10 MB came
// back whole.
func TestChainedOutputBounded(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the command is sh's")
	}
	var errb bytes.Buffer
	out := runChained(context.Background(), "head -c 10000000 /dev/zero | tr '\\0' a", nil, &errb, defaultChainLimits)
	if len(out) != statuslineMaxChain {
		t.Fatalf("kept %d bytes, want %d", len(out), statuslineMaxChain)
	}
	if !strings.Contains(errb.String(), "output over the bound") {
		t.Fatalf("stderr %q", errb.String())
	}
	// A command that never stops printing is ended at the bound, not at
	// the time limit.
	errb.Reset()
	start := time.Now()
	out = runChained(context.Background(), "yes", nil, &errb, defaultChainLimits)
	if len(out) != statuslineMaxChain || time.Since(start) > statuslineChainFor/2 {
		t.Fatalf("yes: %d bytes in %s (stderr %q)", len(out), time.Since(start), errb.String())
	}
}
