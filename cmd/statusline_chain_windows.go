//go:build windows

package cmd

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// endSignals are the signals that end coworktop's status line, and the
// chained command with it: ctrl+c or ctrl+break on its console. However
// coworktop ends, the job object's kill on close ends the command.
var endSignals = []os.Signal{os.Interrupt}

// chainCommand runs the person's command as Claude Code would: through
// Git Bash's sh when it is on PATH; else the command string goes to
// cmd.exe unparsed, as Node's shell does (`cmd.exe /d /s /c "<command>"`:
// Go's own quoting of an argument is for CommandLineToArgvW, which cmd
// does not use, so `echo "a b"` printed `\"a b\"`); a command that names a
// PowerShell script first runs under PowerShell (cmd would open the
// script, not run it).
func chainCommand(ctx context.Context, command string) *exec.Cmd {
	if _, err := exec.LookPath("sh"); err == nil {
		return exec.CommandContext(ctx, "sh", "-c", command)
	}
	if isPowerShellScript(command) {
		c := exec.CommandContext(ctx, "powershell.exe")
		c.SysProcAttr = &syscall.SysProcAttr{CmdLine: "powershell.exe -NoProfile -NonInteractive -ExecutionPolicy Bypass -File " + command}
		return c
	}
	shell := os.Getenv("ComSpec")
	if shell == "" {
		shell = "cmd.exe"
	}
	c := exec.CommandContext(ctx, shell)
	c.SysProcAttr = &syscall.SysProcAttr{CmdLine: `cmd.exe /d /s /c "` + command + `"`}
	return c
}

// isPowerShellScript says whether the command's first word, quoted or
// not, names a .ps1 file.
func isPowerShellScript(command string) bool {
	s := strings.TrimSpace(command)
	var first string
	if rest, ok := strings.CutPrefix(s, `"`); ok {
		first, _, _ = strings.Cut(rest, `"`)
	} else {
		first, _, _ = strings.Cut(s, " ")
	}
	return strings.HasSuffix(strings.ToLower(first), ".ps1")
}

// procGroup puts a chained command in a job object of its own, so that
// ending it ends every process it started, and set to kill on close: when
// coworktop ends, however it ends, its handle closes and the job's
// processes end with it. A process the command starts in the instant
// between its start and its assignment to the job escapes it.
type procGroup struct {
	job      windows.Handle
	assigned atomic.Bool
}

func newProcGroup(c *exec.Cmd) *procGroup {
	g := &procGroup{}
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return g // the default: only the command itself is ended
	}
	var info windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	_, _ = windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info)))
	g.job = job
	c.Cancel = func() error {
		if !g.assigned.Load() || windows.TerminateJobObject(job, 1) != nil {
			return c.Process.Kill()
		}
		return nil
	}
	return g
}

// started assigns the command's process to the job.
func (g *procGroup) started(c *exec.Cmd) {
	if g.job == 0 {
		return
	}
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(c.Process.Pid))
	if err != nil {
		return
	}
	defer windows.CloseHandle(h)
	// Unassigned, ending it falls back to the command alone.
	g.assigned.Store(windows.AssignProcessToJobObject(g.job, h) == nil)
}

// end ends what the command left running once it has exited.
func (g *procGroup) end() {
	if g.assigned.Load() {
		_ = windows.TerminateJobObject(g.job, 1)
	}
}

func (g *procGroup) close() {
	if g.job != 0 {
		windows.CloseHandle(g.job)
	}
}

// parentGone: Windows does not reparent; the job's kill on close covers
// coworktop's end.
func parentGone(context.Context) <-chan struct{} { return nil }
