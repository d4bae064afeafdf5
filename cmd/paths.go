package cmd

import (
	"errors"

	"github.com/coworktop/coworktop/sources"
)

// logPaths is what to read: the PATH arguments when given, else the log
// folder (--log-dir, COWORKTOP_LOG_DIR, or this OS's default) and, in its
// own folder, the Claude Code daemon's log when discovery found it.
func logPaths(g *globalOptions, args []string) ([]string, error) {
	if len(args) > 0 {
		return args, nil
	}
	d := sources.Discover(g.logDir)
	if d.Chosen == "" {
		return nil, errors.New("no Claude log folder found (" + sources.CleanText(d.Reason) + "); pass PATH or --log-dir, or run `coworktop doctor`")
	}
	return append([]string{d.Chosen}, d.Daemon.Paths()...), nil
}
