package testfs

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Main runs a package's tests with a home of their own: HOME, the XDG
// config, cache, data and state folders and, for Windows, USERPROFILE,
// APPDATA and LOCALAPPDATA all point into a new empty folder, and the
// variables that move Claude's or coworktop's folders are unset. A test
// that reads ~/.cache/coworktop/statusline.json, ~/.claude or the app's
// logs so reads nothing of the machine it runs on. Go's own caches stay
// where they were, so a test that runs `go build` does not start from
// nothing. Call it from TestMain: os.Exit(testfs.Main(m)).
func Main(m *testing.M) int {
	home, err := os.MkdirTemp("", "coworktop-home-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "testfs: a home for the tests:", err)
		return 2
	}
	defer func() {
		if err := RemoveAll(home); err != nil {
			fmt.Fprintln(os.Stderr, "testfs:", err)
		}
	}()
	if err := UseHome(home); err != nil {
		fmt.Fprintln(os.Stderr, "testfs:", err)
		return 2
	}
	return m.Run()
}

// homeVars are the variables that move coworktop's or Claude's folders.
var homeVars = []string{"COWORKTOP_CONFIG", "COWORKTOP_LOG_DIR", "COWORKTOP_RECORDS_DIR", "CLAUDE_CONFIG_DIR"}

// UseHome points this process's home and its XDG and Windows folders at
// home, keeping Go's caches and settings where they were.
func UseHome(home string) error {
	if err := pinGoFolders(); err != nil {
		return err
	}
	for _, k := range homeVars {
		if err := os.Unsetenv(k); err != nil {
			return fmt.Errorf("unset %s: %w", k, err)
		}
	}
	for k, v := range map[string]string{
		"HOME":            home,
		"USERPROFILE":     home,
		"XDG_CONFIG_HOME": filepath.Join(home, ".config"),
		"XDG_CACHE_HOME":  filepath.Join(home, ".cache"),
		"XDG_DATA_HOME":   filepath.Join(home, ".local", "share"),
		"XDG_STATE_HOME":  filepath.Join(home, ".local", "state"),
		"APPDATA":         filepath.Join(home, "AppData", "Roaming"),
		"LOCALAPPDATA":    filepath.Join(home, "AppData", "Local"),
	} {
		if err := os.Setenv(k, v); err != nil {
			return fmt.Errorf("set %s: %w", k, err)
		}
	}
	return nil
}

// realClaudeDirEnv is internal/realclaude.DirEnv (which imports this
// package in its tests, so it cannot be imported here).
const realClaudeDirEnv = "COWORKTOP_REALCLAUDE_DIR"

// pinGoFolders sets GOCACHE, GOPATH, GOMODCACHE and GOENV to where the go
// command finds them now, when they follow the home folder by default; and
// the real Claude Code's install folder (internal/realclaude) and npm's
// cache likewise, so that install is made once per machine.
func pinGoFolders() error {
	home, _ := os.UserHomeDir()
	cache, _ := os.UserCacheDir()
	config, _ := os.UserConfigDir()
	gopath := os.Getenv("GOPATH")
	if gopath == "" && home != "" {
		gopath = filepath.Join(home, "go")
	}
	defaults := map[string]string{"GOPATH": gopath}
	if cache != "" {
		defaults["GOCACHE"] = filepath.Join(cache, "go-build")
	}
	if config != "" {
		defaults["GOENV"] = filepath.Join(config, "go", "env")
	}
	if cache != "" {
		defaults[realClaudeDirEnv] = filepath.Join(cache, "coworktop-realclaude")
	}
	if home != "" && runtime.GOOS != "windows" {
		defaults["npm_config_cache"] = filepath.Join(home, ".npm")
	}
	if gopath != "" {
		defaults["GOMODCACHE"] = filepath.Join(filepath.SplitList(gopath)[0], "pkg", "mod")
	}
	for k, v := range defaults {
		if os.Getenv(k) != "" || v == "" {
			continue
		}
		if err := os.Setenv(k, v); err != nil {
			return fmt.Errorf("set %s: %w", k, err)
		}
	}
	return nil
}
