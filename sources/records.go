package sources

import "strings"

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
	Code Candidate
	// App are the desktop app's data folders: the one whose records were
	// written last wins (records_app_pick.go).
	App []Candidate
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
	for _, o := range []Candidate{{in.FlagDir, "--records-dir"}, {getenv(EnvRecordsDir), EnvRecordsDir}} {
		if o.Path != "" {
			return RecordDirs{Code: o, App: []Candidate{o}}
		}
	}
	d := RecordDirs{Code: DaemonCandidate(DiscoverInput{GOOS: in.GOOS, Home: in.Home, Getenv: in.Getenv})}
	switch in.GOOS {
	case "darwin":
		support := joinFor(in.GOOS, in.Home, "Library", "Application Support")
		d.App = []Candidate{{joinFor(in.GOOS, support, "Claude"), "macOS default"},
			{joinFor(in.GOOS, support, "Claude-3p"), "macOS default (Cowork on third-party platforms)"}}
	case "windows":
		roaming, roamingSrc := getenv("APPDATA"), "%APPDATA%"
		if roaming == "" {
			roaming, roamingSrc = joinFor(in.GOOS, in.Home, "AppData", "Roaming"), "%USERPROFILE%\\AppData\\Roaming (APPDATA unset)"
		}
		local, localSrc := getenv("LOCALAPPDATA"), "%LOCALAPPDATA%"
		if local == "" {
			local, localSrc = joinFor(in.GOOS, in.Home, "AppData", "Local"), "%USERPROFILE%\\AppData\\Local (LOCALAPPDATA unset)"
		}
		// The older MSIX builds keep their Roaming folder in the package's
		// LocalCache; Cowork on third-party platforms writes Claude-3p.
		msix := joinFor(in.GOOS, local, "Packages", "Claude_pzs8sxrjxfjjc", "LocalCache", "Roaming")
		d.App = dedupFolders([]Candidate{
			{joinFor(in.GOOS, roaming, "Claude"), roamingSrc},
			{joinFor(in.GOOS, msix, "Claude"), localSrc + " (MSIX package)"},
			{joinFor(in.GOOS, roaming, "Claude-3p"), roamingSrc + " (Cowork on third-party platforms)"},
			{joinFor(in.GOOS, msix, "Claude-3p"), localSrc + " (MSIX package, Cowork on third-party platforms)"},
		})
	default:
		cfg, src := getenv("XDG_CONFIG_HOME"), "Linux default ($XDG_CONFIG_HOME)"
		if cfg == "" {
			cfg, src = joinFor(in.GOOS, in.Home, ".config"), "Linux default"
		}
		d.App = []Candidate{{joinFor(in.GOOS, cfg, "Claude"), src}}
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
func dedupFolders(cs []Candidate) []Candidate {
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
