package sources

import "path/filepath"

// EnvClaudeConfigDir moves the Claude Code CLI's folder, and with it the
// daemon's log (claude-logs.md §7.6).
const EnvClaudeConfigDir = "CLAUDE_CONFIG_DIR"

// DaemonLog is where the Claude Code daemon's log was looked for and what
// was found there.
type DaemonLog struct {
	ProbedDir
	// Used says whether the logs found join the desktop app's when no
	// PATH is given; Why says why not.
	Used bool
	Why  string
}

// DaemonCandidate is the folder of the daemon's log: $CLAUDE_CONFIG_DIR,
// else ~/.claude (the same on macOS, Linux and Windows).
func DaemonCandidate(in DiscoverInput) Candidate {
	if in.Getenv != nil {
		if d := in.Getenv(EnvClaudeConfigDir); d != "" {
			return Candidate{d, EnvClaudeConfigDir}
		}
	}
	return Candidate{joinFor(in.GOOS, in.Home, ".claude"), "Claude Code default (~/.claude)"}
}

// discoverDaemon probes the daemon's folder, keeping only its own logs
// (daemon.log, daemon.log.1): the folder holds much else. When the app's
// log folder was overridden (--log-dir, COWORKTOP_LOG_DIR), this machine's
// daemon log is not mixed in with those logs unless CLAUDE_CONFIG_DIR
// names it too.
func discoverDaemon(in DiscoverInput) DaemonLog {
	c := DaemonCandidate(in)
	p := probeDir(c)
	kept := p.Files[:0]
	for _, f := range p.Files {
		if f.Family == FamilyDaemon {
			kept = append(kept, f)
		}
	}
	p.Files = kept
	d := DaemonLog{ProbedDir: p}
	overridden := in.FlagDir != "" || in.Getenv != nil && in.Getenv(EnvLogDir) != ""
	switch {
	case !p.Found:
		d.Why = p.Why
	case len(p.Files) == 0:
		d.Why = "no daemon.log there (the Claude Code daemon has not run)"
	case overridden && c.Source != EnvClaudeConfigDir:
		d.Why = "not read: the log folder was set by hand; set " + EnvClaudeConfigDir + " to read this one with it"
	default:
		d.Used = true
	}
	return d
}

// Paths are the daemon logs to read with the app's, oldest first; none
// unless Used.
func (d DaemonLog) Paths() []string {
	if !d.Used {
		return nil
	}
	var out []string
	for _, f := range d.Files {
		out = append(out, filepath.Join(d.Path, f.Name))
	}
	return out
}
