package cmd

import (
	"os"

	"golang.org/x/sys/windows"
)

// stdinIsConsole reports whether stdin is a Win32 console, which Bubble
// Tea needs on Windows: GetConsoleMode fails on a pipe such as mintty's.
func stdinIsConsole() bool {
	var mode uint32
	return windows.GetConsoleMode(windows.Handle(os.Stdin.Fd()), &mode) == nil
}
