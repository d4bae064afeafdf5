package main

import (
	"errors"
	"os"
)

// logPaths is what to read: the PATH arguments when given, else the log
// folder (--log-dir, COWORKTOP_LOG_DIR, or this OS's default).
func logPaths(g *globalOptions, args []string) ([]string, error) {
	if len(args) > 0 {
		return args, nil
	}
	if g.logDir != "" {
		return []string{g.logDir}, nil
	}
	if d := os.Getenv("COWORKTOP_LOG_DIR"); d != "" {
		return []string{d}, nil
	}
	return nil, errors.New("no log folder: pass PATH or --log-dir (discovery not wired yet)")
}
