package cmd

import (
	"os"
	"runtime"
	"strings"

	"github.com/coworktop/coworktop/config"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/sources/records"
)

// expandHome expands a leading ~ in a path no shell expanded (audit U10):
// PowerShell and cmd pass `--log-dir ~\logs` as typed, zsh leaves
// `--log-dir=~/logs` alone, and launchd never expands. "~" alone, "~/…"
// and, on Windows, "~\…" become the home folder; "~user" and a path
// without a home folder to put there stay as they are.
func expandHome(p, home, goos string) string {
	if home == "" || p == "" || p[0] != '~' {
		return p
	}
	rest := p[1:]
	if rest != "" && rest[0] != '/' && !(goos == "windows" && rest[0] == '\\') {
		return p
	}
	return strings.TrimRight(home, `/\`) + rest
}

// pathEnv are the variables that name a path, expanded as the flags are.
var pathEnv = []string{sources.EnvLogDir, records.EnvRecordsDir, config.EnvVar}

// expandUserPaths expands ~ in --log-dir, --records-dir and --config, and
// in the COWORKTOP_* variables that name paths. A variable is set again to
// its expanded value, so every package that reads it sees the same path.
func expandUserPaths(g *globalOptions) {
	home, _ := os.UserHomeDir()
	for _, p := range []*string{&g.logDir, &g.recordsDir, &g.configFile} {
		*p = expandHome(*p, home, runtime.GOOS)
	}
	for _, k := range pathEnv {
		if v := os.Getenv(k); v != "" {
			if x := expandHome(v, home, runtime.GOOS); x != v {
				_ = os.Setenv(k, x)
			}
		}
	}
}
