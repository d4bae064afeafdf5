package cmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/coworktop/coworktop/vocab"
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

// runChained runs the person's own status-line command as Claude Code
// would (chainCommand), with the same stdin; it returns its output, at
// most lim.maxOut bytes, or what it printed before it failed or was ended.
// The command runs in a process group of its own (a job object on
// Windows), ended whole when it takes longer than lim.within, prints more
// than lim.maxOut bytes, when coworktop is told to end (Claude Code
// cancels a run when a new update comes: SIGTERM, SIGINT, SIGHUP) or its
// parent goes, and once the command itself has exited (a child it left in
// the background): no child of it outlives the status line. On Windows the
// job is also ended when coworktop dies, however it dies (kill on close).
func runChained(ctx context.Context, command string, input []byte, stderr io.Writer, lim chainLimits) []byte {
	ctx, cancel := context.WithTimeoutCause(ctx, lim.within, fmt.Errorf("took over %s", lim.within))
	defer cancel()
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	c := chainCommand(ctx, command)
	c.Stdin = bytes.NewReader(input)
	out := &vocab.CappedWriter{Max: lim.maxOut, Full: func() { stop(errChainTooLong) }}
	c.Stdout = out
	c.Stderr = stderr
	c.WaitDelay = 100 * time.Millisecond
	group := newProcGroup(c)
	defer group.close()
	ended := watchEnd(ctx, stop)
	err := c.Start()
	if err == nil {
		group.started(c)
		err = c.Wait()
		group.end() // whatever it left running in the background
	}
	if cause := context.Cause(ctx); cause != nil && ctx.Err() != nil {
		err = fmt.Errorf("%w: ended it and every process it started", cause)
	}
	if err != nil {
		fmt.Fprintf(stderr, "coworktop statusline: --chain: %s\n", oneLine(err.Error()))
	}
	if sig := ended(); sig != nil {
		exitOnSignal(sig)
	}
	return out.Bytes()
}

// errParentGone is why a chained command was ended when coworktop's
// parent (Claude Code) went away.
var errParentGone = errors.New("coworktop's parent ended")

// watchEnd ends the chained command (stop) when coworktop is told to end
// (endSignals) or its parent goes, until ctx is done. The function it
// returns, called once the command has ended, says which signal came, if
// one did.
func watchEnd(ctx context.Context, stop context.CancelCauseFunc) func() os.Signal {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, endSignals...)
	var got os.Signal
	done := make(chan struct{})
	go func() {
		defer close(done)
		gone := parentGone(ctx)
		select {
		case got = <-sigs:
			stop(fmt.Errorf("coworktop got %s", got))
		case <-gone:
			stop(errParentGone)
		case <-ctx.Done():
		}
	}()
	return func() os.Signal {
		stop(nil)
		<-done
		signal.Stop(sigs)
		return got
	}
}

// exitOnSignal ends coworktop as the signal would have, once the chained
// command is ended; a variable for the tests.
var exitOnSignal = func(sig os.Signal) {
	code := 1
	if s, ok := sig.(syscall.Signal); ok {
		code = 128 + int(s)
	}
	os.Exit(code)
}
