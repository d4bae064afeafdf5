//go:build !windows

package cmd

// stdinIsConsole is true off Windows: only there does the live screen need
// a console of its own kind (terminalProblem).
func stdinIsConsole() bool { return true }
