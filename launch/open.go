package launch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// Result is what came of opening a session.
type Result struct {
	// Ran: the command ran on the terminal and exited 0. Nothing else is
	// taken for success.
	Ran bool
	// Command is the command as a person would type it: what ran, or what
	// to run by hand when it could not; CmdCommand is the same for
	// Windows' cmd.exe where it differs ("" elsewhere).
	Command    string
	CmdCommand string
	CLI        CLI
	// Exit is the command's exit status; -1 when it did not run or was
	// ended by a signal.
	Exit int
	// Answer is what it printed on its error output (where Claude Code
	// says why --desktop refused), sanitised and cut; "" when nothing.
	Answer string
	// Why says why it could not run, or how it failed; "" when it ran.
	Why string
}

// ErrBusy is Prepare's answer while another o is finding or running the
// CLI: one at a time.
var ErrBusy = errors.New("already opening a session: wait for it to finish")

// Opener opens sessions in the desktop app, one at a time.
type Opener struct {
	Finder Finder
	busy   atomic.Bool
}

// Prepare finds the CLI that takes --desktop and gives the run that hands
// it the terminal (a tea.ExecCommand: Bubble Tea suspends the screen while
// it runs), or a Result saying why nothing can run. It runs nothing when
// codeID is not a Claude Code id, and answers ErrBusy's words while an
// earlier Prepare or its run is not finished (Run.Result ends it).
func (o *Opener) Prepare(ctx context.Context, codeID string) (*Run, Result) {
	cmdline := governor.ResumeCommand(codeID)
	if cmdline == "" {
		return nil, Result{Exit: -1, Why: "no Claude Code id for this session (no session record read gives it)"}
	}
	if !o.busy.CompareAndSwap(false, true) {
		return nil, Result{Command: cmdline, Exit: -1, Why: ErrBusy.Error()}
	}
	c, err := Choose(o.Finder.Find(ctx))
	if err != nil {
		o.busy.Store(false)
		return nil, Result{Command: cmdline, Exit: -1, Why: err.Error()}
	}
	res := Result{Command: cmdline, CLI: c, Exit: -1}
	if c.Where == WhereApp {
		res.Command, res.CmdCommand = CopyCommand(runtime.GOOS, c.Path, codeID)
	}
	return &Run{argv: []string{c.Path, "--desktop", "--resume", codeID}, res: res, done: &o.busy}, res
}

// Run is one `claude --desktop --resume <id>` on the terminal. It is a
// Bubble Tea ExecCommand: the program gives it the terminal's input and
// output; its error output is kept (at most maxAnswer bytes) for the
// answer to show.
type Run struct {
	argv   []string
	stdin  io.Reader
	stdout io.Writer
	errs   vocab.CappedWriter
	res    Result
	done   *atomic.Bool
	ran    bool
	err    error
}

// maxAnswer bounds what is kept of the CLI's answer.
const maxAnswer = 4 << 10

// runTimeout bounds one run: `claude --desktop` answers in seconds.
const runTimeout = 2 * time.Minute

// Argv is what runs.
func (r *Run) Argv() []string { return append([]string(nil), r.argv...) }

// SetStdin gives the run the terminal's input.
func (r *Run) SetStdin(in io.Reader) { r.stdin = in }

// SetStdout gives the run the terminal's output: --desktop runs only
// with its output on a terminal.
func (r *Run) SetStdout(out io.Writer) { r.stdout = out }

// SetStderr is ignored: the error output is kept for the answer.
func (r *Run) SetStderr(io.Writer) {}

// Run runs the command and waits for it, at most runTimeout.
func (r *Run) Run() error {
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	r.errs.Max = maxAnswer
	cmd := exec.CommandContext(ctx, r.argv[0], r.argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = r.stdin, r.stdout, &r.errs
	cmd.WaitDelay = time.Second
	r.ran = true
	r.err = cmd.Run()
	if cmd.ProcessState != nil {
		r.res.Exit = cmd.ProcessState.ExitCode()
	}
	return r.err
}

// Result says what came of the run, from its exit status and its answer,
// and lets the next Prepare run. err is what Bubble Tea's exec gave back
// (the run's own error, or why the terminal could not be handed over).
func (r *Run) Result(err error) Result {
	if r.done != nil {
		r.done.Store(false)
		r.done = nil
	}
	res := r.res
	res.Answer = answerText(r.errs.Bytes())
	switch {
	case !r.ran:
		res.Why = "it did not run"
		if err != nil {
			res.Why = "it did not run: " + oneLine(err.Error())
		}
	case res.Exit == 0:
		res.Ran = true
	case res.Exit > 0:
		res.Why = fmt.Sprintf("claude exited %d", res.Exit)
	default:
		res.Why = "claude did not finish"
		if r.err != nil {
			res.Why += ": " + oneLine(r.err.Error())
		}
	}
	return res
}

// answerText is what the CLI printed as one line a screen can show: its
// colours' escape sequences taken out whole (ansi.Strip), then the one
// sanitiser, cut at 240 runes.
func answerText(b []byte) string {
	return vocab.SanitizeString(strings.Join(strings.Fields(ansi.Strip(string(b))), " "), 240)
}

// CopyCommand is the command a person pastes to open the session with the
// CLI at path: a POSIX shell's on macOS and Linux; on Windows,
// PowerShell's (the call operator & runs a quoted path) and cmd.exe's
// (double quotes) apart.
func CopyCommand(goos, path, codeID string) (shell, cmd string) {
	args := " --desktop --resume " + codeID
	if goos != "windows" {
		return quoteArg(path) + args, ""
	}
	ps := path
	if strings.ContainsAny(path, " '&;(){}$`@#,") {
		ps = "& '" + strings.ReplaceAll(path, "'", "''") + "'"
	}
	return ps + args, `"` + path + `"` + args
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

// PlatformNote says what Claude Code allows --desktop on this platform,
// as its own answer on the others says: "It works on macOS and Windows
// (x64)."
func PlatformNote(goos, goarch string) string {
	if goos == "darwin" || (goos == "windows" && goarch == "amd64") {
		return "Claude Code offers --desktop on this platform; whether the app opens the session shows only when o runs it"
	}
	return "but Claude Code answers here that --desktop works only on macOS and Windows (x64), so o will show that refusal"
}
