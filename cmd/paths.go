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
		// Discovery's reason names the folders and why each would not do
		// ("no Claude log folder found: /x (--log-dir): missing").
		return nil, errors.New(sources.CleanText(d.Reason) + "; pass PATH or --log-dir, or run `coworktop doctor`")
	}
	return append([]string{d.Chosen}, d.Daemon.Paths()...), nil
}
