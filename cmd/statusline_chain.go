package cmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"time"
)

// chainLimits bound `statusline --chain`: the output kept and the time the
// person's command may take. Past either, its whole process group (a job
// object on Windows) is ended.
type chainLimits struct {
	maxOut int
	within time.Duration
}

var defaultChainLimits = chainLimits{maxOut: statuslineMaxChain, within: statuslineChainFor}

// errChainTooLong is why a chained command was ended for its output.
var errChainTooLong = errors.New("output over the bound")

// runChained runs the person's own status-line command through the shell,
// as Claude Code would, with the same stdin; it returns its output, at most
// lim.maxOut bytes, or what it printed before it failed or was ended.
// The command runs in a process group of its own, ended whole when it
// takes longer than lim.within or prints more than lim.maxOut bytes: no
// child of it outlives the status line.
func runChained(ctx context.Context, command string, input []byte, stderr io.Writer, lim chainLimits) []byte {
	ctx, cancel := context.WithTimeoutCause(ctx, lim.within, fmt.Errorf("took over %s", lim.within))
	defer cancel()
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	// Claude Code on Windows runs its commands through Git Bash: sh when it
	// is on PATH, else cmd.
	c := exec.CommandContext(ctx, "sh", "-c", command)
	if _, err := exec.LookPath("sh"); err != nil && runtime.GOOS == "windows" {
		c = exec.CommandContext(ctx, "cmd", "/C", command)
	}
	c.Stdin = bytes.NewReader(input)
	out := &limitedWriter{max: lim.maxOut, full: func() { stop(errChainTooLong) }}
	c.Stdout = out
	c.Stderr = stderr
	c.WaitDelay = 100 * time.Millisecond
	group := newProcGroup(c)
	defer group.close()
	err := c.Start()
	if err == nil {
		group.started(c)
		err = c.Wait()
	}
	if cause := context.Cause(ctx); cause != nil && ctx.Err() != nil {
		err = fmt.Errorf("%w: ended it and every process it started", cause)
	}
	if err != nil {
		fmt.Fprintf(stderr, "coworktop statusline: --chain: %s\n", oneLine(err.Error()))
	}
	return out.buf
}

// limitedWriter keeps the first max bytes written and drops the rest,
// calling full once when it first has to drop. It has no ReadFrom: os/exec
// copies through Write, so the bound holds.
type limitedWriter struct {
	buf    []byte
	max    int
	full   func()
	called bool
}

func (w *limitedWriter) Write(p []byte) (int, error) {
	room := w.max - len(w.buf)
	if room >= len(p) {
		w.buf = append(w.buf, p...)
		return len(p), nil
	}
	w.buf = append(w.buf, p[:max(0, room)]...)
	if !w.called && w.full != nil {
		w.called = true
		w.full()
	}
	return len(p), nil
}
