package launch

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// Result is what came of opening a session.
type Result struct {
	// Ran: the command ran and did not fail (it exited 0, or was still
	// running when Open stopped waiting).
	Ran bool
	// Command is the command as a person would type it: what ran, or what
	// to run by hand when it could not.
	Command string
	CLI     CLI
	// Why says why it could not run, or how it failed; "" when it ran.
	Why string
}

// Opener opens sessions in the desktop app.
type Opener struct {
	Finder Finder
	// Start starts argv and returns a wait for its end (StartCommand).
	Start func(argv []string) (wait func() (stderr string, err error), err error)
	// Wait is how long Open waits for the command (0: 20 s); past it the
	// command is left to run, and Open says it started.
	Wait time.Duration
}

// Open runs `claude --desktop --resume codeID` with the first CLI that
// takes --desktop, and says what came of it. It never runs anything when
// codeID is not a Claude Code id.
func (o Opener) Open(ctx context.Context, codeID string) Result {
	cmdline := governor.ResumeCommand(codeID)
	if cmdline == "" {
		return Result{Why: "no Claude Code id for this session (no session record read gives it)"}
	}
	clis := o.Finder.Find(ctx)
	c, err := Choose(clis)
	if err != nil {
		return Result{Command: cmdline, Why: err.Error()}
	}
	res := Result{Command: cmdline, CLI: c}
	if c.Where == WhereApp {
		res.Command = quoteArg(c.Path) + " --desktop --resume " + codeID
	}
	wait, err := o.Start([]string{c.Path, "--desktop", "--resume", codeID})
	if err != nil {
		res.Why = "could not start it: " + oneLine(err.Error())
		return res
	}
	done := make(chan struct{})
	var stderr string
	go func() { defer close(done); stderr, err = wait() }()
	timeout := o.Wait
	if timeout <= 0 {
		timeout = 20 * time.Second
	}
	select {
	case <-done:
	case <-time.After(timeout):
		res.Ran = true
		return res
	case <-ctx.Done():
		res.Ran = true
		return res
	}
	if err != nil {
		res.Why = "it failed: " + oneLine(err.Error())
		if s := vocab.SanitizeString(strings.TrimSpace(oneLine(stderr)), 160); s != "" {
			res.Why += ": " + s
		}
		return res
	}
	res.Ran = true
	return res
}

// StartCommand starts argv without a shell, its input empty and its
// output away from the terminal (the first 4 KiB of its errors kept for
// the reason of a failure).
func StartCommand(argv []string) (func() (string, error), error) {
	if len(argv) == 0 {
		return nil, errors.New("launch: empty command")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	detach(cmd)
	var errs limited
	cmd.Stderr = &errs
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("launch: %w", err)
	}
	return func() (string, error) {
		err := cmd.Wait()
		b := errs.Bytes()
		if len(b) > 4<<10 {
			b = b[:4<<10]
		}
		return string(b), err
	}, nil
}

// quoteArg quotes a path with spaces for a person to paste into a shell.
func quoteArg(s string) string {
	if strings.ContainsAny(s, " '\"$`\\") {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
}

// commandContext is exec.CommandContext, detached from the terminal.
func commandContext(ctx context.Context, path string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, path, args...)
	detach(cmd)
	return cmd
}
