package records

import (
	"strings"

	"github.com/coworktop/coworktop/sources"
)

// Session records (session-records.md): Claude Code's per-process records
// under the CLI's folder ($CLAUDE_CONFIG_DIR, else ~/.claude), the desktop
// app's session records under its data folder, and the supervisor's
// background sessions. This file finds the folders; records_read.go reads
// them, records_proc*.go checks that a record's process is alive and the
// same one, records_watch.go follows them.

// EnvRecordsDir overrides every record folder at once (below the
// --records-dir flag): one folder laid out as both the CLI's folder
// (sessions/, jobs/, daemon/roster.json) and the app's data folder
// (claude-code-sessions/, local-agent-mode-sessions/). Tests and the demo
// use it, and so can people whose folders live elsewhere.
const EnvRecordsDir = "COWORKTOP_RECORDS_DIR"

// RecordDirs are the folders session records are read from.
type RecordDirs struct {
	// Code is the Claude Code CLI's folder: sessions/<pid>.json,
	// jobs/<id>/state.json, daemon/roster.json.
	Code sources.Candidate
	// App are the desktop app's data folders: the one whose records were
	// written last wins (records_app_pick.go).
	App []sources.Candidate
}

// RecordInput is what finding the record folders depends on.
type RecordInput struct {
	GOOS    string
	Home    string
	Getenv  func(string) string
	FlagDir string // --records-dir
}

// RecordFolders lists where this OS keeps session records.
func RecordFolders(in RecordInput) RecordDirs {
	getenv := in.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	for _, o := range []sources.Candidate{{Path: in.FlagDir, Source: "--records-dir"}, {Path: getenv(EnvRecordsDir), Source: EnvRecordsDir}} {
		if o.Path != "" {
			return RecordDirs{Code: o, App: []sources.Candidate{o}}
		}
	}
	d := RecordDirs{Code: sources.DaemonCandidate(sources.DiscoverInput{GOOS: in.GOOS, Home: in.Home, Getenv: in.Getenv})}
	switch in.GOOS {
	case "darwin":
		support := sources.JoinFor(in.GOOS, in.Home, "Library", "Application Support")
		d.App = []sources.Candidate{{Path: sources.JoinFor(in.GOOS, support, "Claude"), Source: "macOS default"},
			{Path: sources.JoinFor(in.GOOS, support, "Claude-3p"), Source: "macOS default (Cowork on third-party platforms)"}}
	case "windows":
		roaming, roamingSrc := getenv("APPDATA"), "%APPDATA%"
		if roaming == "" {
			roaming, roamingSrc = sources.JoinFor(in.GOOS, in.Home, "AppData", "Roaming"), "%USERPROFILE%\\AppData\\Roaming (APPDATA unset)"
		}
		local, localSrc := getenv("LOCALAPPDATA"), "%LOCALAPPDATA%"
		if local == "" {
			local, localSrc = sources.JoinFor(in.GOOS, in.Home, "AppData", "Local"), "%USERPROFILE%\\AppData\\Local (LOCALAPPDATA unset)"
		}
		// The older MSIX builds keep their Roaming folder in the package's
		// LocalCache; Cowork on third-party platforms writes Claude-3p.
		msix := sources.JoinFor(in.GOOS, local, "Packages", "Claude_pzs8sxrjxfjjc", "LocalCache", "Roaming")
		d.App = dedupFolders([]sources.Candidate{
			{Path: sources.JoinFor(in.GOOS, roaming, "Claude"), Source: roamingSrc},
			{Path: sources.JoinFor(in.GOOS, msix, "Claude"), Source: localSrc + " (MSIX package)"},
			{Path: sources.JoinFor(in.GOOS, roaming, "Claude-3p"), Source: roamingSrc + " (Cowork on third-party platforms)"},
			{Path: sources.JoinFor(in.GOOS, msix, "Claude-3p"), Source: localSrc + " (MSIX package, Cowork on third-party platforms)"},
		})
	default:
		cfg, src := getenv("XDG_CONFIG_HOME"), "Linux default ($XDG_CONFIG_HOME)"
		if cfg == "" {
			cfg, src = sources.JoinFor(in.GOOS, in.Home, ".config"), "Linux default"
		}
		d.App = []sources.Candidate{{Path: sources.JoinFor(in.GOOS, cfg, "Claude"), Source: src}}
	}
	return d
}

// Names inside the record folders.
const (
	codeSessionsDir = "sessions"
	jobsDir         = "jobs"
	jobStateFile    = "state.json"
	rosterDir       = "daemon"
	rosterFile      = "roster.json"
	appSessionsDir  = "claude-code-sessions"
	coworkDir       = "local-agent-mode-sessions"
)

// dedupFolders drops Windows folders named twice: paths there ignore case,
// and %APPDATA% may itself point into the MSIX package (the second
// platform audit, N21).
func dedupFolders(cs []sources.Candidate) []sources.Candidate {
	seen := map[string]bool{}
	out := cs[:0]
	for _, c := range cs {
		k := strings.ToLower(strings.TrimRight(strings.ReplaceAll(c.Path, "/", `\`), `\`))
		if !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	return out
}
