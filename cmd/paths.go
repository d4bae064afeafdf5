package cmd

import (
	"errors"
	"os"
	"runtime"

	"github.com/coworktop/coworktop/sources"
)

// logPaths is what to read: the PATH arguments when given, else the log
// folder (--log-dir, COWORKTOP_LOG_DIR, or this OS's default) and, each in
// its own folder, the Claude Code daemon's log and (Windows) the Cowork VM
// service's log when discovery found them.
func logPaths(g *globalOptions, args []string) ([]string, error) {
	paths, _, err := followPaths(g, args)
	return paths, err
}

// liveLogs are the logs a following view reads (followPaths).
type liveLogs struct {
	paths, await []string
	// own: this machine's logs (no PATH given), which the journal keeps.
	own bool
}

// followPaths is logPaths for the views that follow the logs, with the
// logs to follow once they appear: the daemon's, when its folder is there
// but it has written nothing yet (it starts with the first background
// task, often long after the app).
func followPaths(g *globalOptions, args []string) (paths, await []string, err error) {
	if len(args) > 0 {
		return args, nil, nil
	}
	if err := needHome(g); err != nil {
		return nil, nil, err
	}
	d := sources.Discover(g.logDir)
	if d.Chosen == "" {
		// Discovery's reason names the folders and why each would not do
		// ("no Claude log folder found: /x (--log-dir): missing").
		return nil, nil, errors.New(sources.CleanText(d.Reason) + "; pass PATH or --log-dir, or run `coworktop doctor`")
	}
	if p := d.Daemon.Await(); p != "" {
		await = []string{p}
	}
	return discoveredPaths(d), await, nil
}

// discoveredPaths is what discovery found to read: the chosen folder, then
// the daemon's and the service's logs that join it.
func discoveredPaths(d sources.Discovery) []string {
	paths := append([]string{d.Chosen}, d.Daemon.Paths()...)
	return append(paths, d.Service.Paths()...)
}

// needHome is the error for a command that must find the log folder
// without a home folder to find it in (HOME unset, and nothing that names
// the folder otherwise), or nil. Commands given PATH never need it.
func needHome(g *globalOptions) error {
	if g.logDir != "" || os.Getenv(sources.EnvLogDir) != "" {
		return nil
	}
	if _, err := os.UserHomeDir(); err == nil {
		return nil
	}
	switch runtime.GOOS {
	case "windows":
		if os.Getenv("LOCALAPPDATA") != "" || os.Getenv("APPDATA") != "" {
			return nil
		}
	case "darwin", "ios":
	default:
		if dir := os.Getenv("XDG_CONFIG_HOME"); len(dir) > 0 && dir[0] == '/' {
			return nil
		}
	}
	return errors.New("no home folder (HOME is not set), so no Claude log folder to look in: pass PATH or --log-dir, or set HOME")
}
