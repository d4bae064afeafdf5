package sources

import (
	"path/filepath"
	"strings"

	"github.com/coworktop/coworktop/sources/follow"
)

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
	// Awaited: the folder is there but holds no daemon.log (none yet, or
	// only a rotated daemon.log.1); the views that follow (the live view,
	// events --follow, serve) pick up daemon.log when it appears (Await).
	Awaited bool
}

// daemonLogName is the daemon's current log; it rotates to daemon.log.1.
const daemonLogName = "daemon.log"

// DaemonCandidate is the folder of the daemon's log: $CLAUDE_CONFIG_DIR,
// else ~/.claude (the same on macOS, Linux and Windows).
func DaemonCandidate(in DiscoverInput) Candidate {
	if in.Getenv != nil {
		if d := in.Getenv(EnvClaudeConfigDir); d != "" {
			return Candidate{d, EnvClaudeConfigDir}
		}
	}
	return Candidate{JoinFor(in.GOOS, in.Home, ".claude"), "Claude Code default (~/.claude)"}
}

// discoverDaemon probes the daemon's folder, keeping only its own logs
// (daemon.log, daemon.log.1): the folder holds much else. When the app's
// log folder was overridden (--log-dir, COWORKTOP_LOG_DIR), this machine's
// daemon log is not mixed in with those logs unless CLAUDE_CONFIG_DIR
// names it too.
func discoverDaemon(in DiscoverInput) DaemonLog {
	c := DaemonCandidate(in)
	if in.Home == "" && c.Source != EnvClaudeConfigDir {
		// Not ./.claude: a project's own .claude folder is no daemon's.
		const why = "no home folder to look in"
		return DaemonLog{ProbedDir: ProbedDir{Candidate: c, Why: why}, Why: why}
	}
	p := probeDir(c)
	kept := p.Files[:0]
	for _, f := range p.Files {
		if f.Family == follow.FamilyDaemon {
			kept = append(kept, f)
		}
	}
	p.Files = kept
	d := DaemonLog{ProbedDir: p}
	overridden := in.FlagDir != "" || in.Getenv != nil && in.Getenv(EnvLogDir) != ""
	wanted := !overridden || c.Source == EnvClaudeConfigDir
	switch {
	case !p.Found:
		d.Why = p.Why
	case len(p.Files) == 0 && wanted:
		d.Awaited = true
		d.Why = "no daemon.log there yet (the Claude Code daemon has not run); the live view, events --follow and serve follow it when it appears"
	case len(p.Files) == 0:
		d.Why = "no daemon.log there (the Claude Code daemon has not run)"
	case !wanted:
		d.Why = "the log folder was set by hand; set " + EnvClaudeConfigDir + " to read this one with it"
	default:
		d.Used = true
		// Only daemon.log.1 so far: the current log is followed once the
		// daemon writes it again.
		d.Awaited = !hasCurrent(p.Files)
	}
	return d
}

// hasCurrent says whether the daemon's current log, daemon.log, is among
// the files found (the others are its rotated generations).
func hasCurrent(files []ProbedFile) bool {
	for _, f := range files {
		if strings.EqualFold(f.Name, daemonLogName) {
			return true
		}
	}
	return false
}

// Await is the daemon log to follow once it appears ("" unless Awaited).
func (d DaemonLog) Await() string {
	if !d.Awaited {
		return ""
	}
	return filepath.Join(d.Path, daemonLogName)
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
