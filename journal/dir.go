package journal

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"path/filepath"
)

// Env is what Dir reads of the environment: the OS and its variables.
type Env struct {
	GOOS   string
	Home   string
	Getenv func(string) string
}

// Dir is the journal's folder: coworktop's state folder on this OS
// ($XDG_STATE_HOME or ~/.local/state on Linux and the other Unixes,
// ~/Library/Application Support on macOS, %LOCALAPPDATA% on Windows),
// then coworktop/journal.
func Dir(env Env) (string, error) {
	var base string
	switch env.GOOS {
	case "darwin", "ios":
		if env.Home != "" {
			base = filepath.Join(env.Home, "Library", "Application Support")
		}
	case "windows":
		base = env.Getenv("LOCALAPPDATA")
		if base == "" && env.Home != "" {
			base = filepath.Join(env.Home, "AppData", "Local")
		}
	default:
		base = env.Getenv("XDG_STATE_HOME")
		if !filepath.IsAbs(base) { // the XDG rule: a relative value is ignored
			base = ""
		}
		if base == "" && env.Home != "" {
			base = filepath.Join(env.Home, ".local", "state")
		}
	}
	if base == "" {
		return "", errors.New("no home folder to keep the journal in")
	}
	return filepath.Join(base, "coworktop", "journal"), nil
}

// ForLogs is the journal of the logs in one folder, inside base (Dir):
// each log folder keeps a journal of its own, so logs read from elsewhere
// (a folder named with --log-dir, another machine's) never join this
// machine's history. The name is a short hash of the folder's path.
func ForLogs(base, logFolder string) string {
	abs, err := filepath.Abs(logFolder)
	if err != nil {
		abs = logFolder
	}
	sum := sha256.Sum256([]byte(filepath.Clean(abs)))
	return filepath.Join(base, "logs-"+hex.EncodeToString(sum[:6]))
}
