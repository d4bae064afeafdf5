package cmd

import (
	"errors"
	"os"
	"runtime"
)

// envForceTTY starts the live screen even where coworktop expects it to
// stay blank (terminalProblem).
const envForceTTY = "COWORKTOP_FORCE_TTY"

// errMintty is the one-line error for a live screen that would stay blank
// under mintty (audit W7): Bubble Tea on Windows reads the Win32 console,
// and mintty, Git Bash's default terminal, gives a program pipes instead.
var errMintty = errors.New("this terminal (mintty, as Git Bash opens by default) gives Windows programs no console, so the live screen would stay blank: run coworktop from Windows Terminal, or here as `winpty coworktop` (" + envForceTTY + "=1 starts it anyway)")

// terminalProblem says why the live screen cannot work in this terminal,
// or nil. It is a pure function of the system, the environment and whether
// stdin is a console, so that every case is tested on any system:
//   - only Windows: elsewhere a terminal is a terminal;
//   - stdin is a console: it works (Windows Terminal, conhost, and mintty
//     when it runs programs in a pseudo console);
//   - MSYSTEM (Git Bash, MSYS2) or TERM_PROGRAM=mintty says mintty, unless a
//     host that gives a pseudo console says it is there (WT_SESSION,
//     ConEmuPID, TERM_PROGRAM=vscode);
//   - COWORKTOP_FORCE_TTY=1 overrides.
func terminalProblem(goos string, getenv func(string) string, stdinConsole bool) error {
	if goos != "windows" || stdinConsole || getenv(envForceTTY) == "1" {
		return nil
	}
	if getenv("WT_SESSION") != "" || getenv("ConEmuPID") != "" || getenv("TERM_PROGRAM") == "vscode" {
		return nil
	}
	if getenv("MSYSTEM") != "" || getenv("TERM_PROGRAM") == "mintty" {
		return errMintty
	}
	return nil
}

// checkTerminal is terminalProblem for this process, for the commands that
// open the live screen (the live view, --demo, replay).
func checkTerminal() error {
	if err := terminalProblem(runtime.GOOS, os.Getenv, stdinIsConsole()); err != nil {
		return &exitError{code: 1, err: err}
	}
	return nil
}
