package record

import (
	"strings"
	"time"
)

// Toggle is a yes/no a record may not report.
type Toggle int8

// Toggle values.
const (
	ToggleUnknown Toggle = iota // not reported by this version
	ToggleOff
	ToggleOn
)

// Code is one live Claude Code process's record
// (~/.claude/sessions/<pid>.json): only the keys coworktop uses. sources
// passes only records whose process is alive and, where the record gives
// its start time, the same process.
type Code struct {
	Pid int
	// HostSessionID is the desktop app's local_<uuid> for a Code-tab
	// process: the join key to main.log. Empty for a terminal session.
	HostSessionID string
	// SessionID is Claude Code's own session id: where HostSessionID is
	// not written (older builds), the app record naming it as its
	// cliSessionId gives the join.
	SessionID  string
	Name       string    // its session name (2.1.139)
	Status     string    // busy|idle|waiting|shell; "" not reported
	WaitingFor string    // "approve Bash", "permission prompt", …
	UpdatedAt  time.Time // zero: not reported
	// RemoteControl is on when the record names a Remote Control bridge
	// (bridgeSessionId).
	RemoteControl Toggle
	// Entrypoint is what started it, as recorded ("cli" from a terminal,
	// "claude-desktop" from the app); "" not reported.
	Entrypoint string
	// Tmux is the tmux pane it runs in ("0:@0.%0"), when it runs in one.
	Tmux string
}

// FromTerminal reports a record that says it was not started by the
// desktop app: its entrypoint is reported and is not the app's, and it
// names no desktop session. The desktop app's governor neither caps nor
// evicts such a session, yet it shares the machine and the account.
func (c Code) FromTerminal() bool {
	return c.HostSessionID == "" && c.Entrypoint != "" && !strings.HasPrefix(c.Entrypoint, "claude-desktop")
}

// App is one of the desktop app's session records
// (claude-code-sessions/<account>/<org>/local_<uuid>.json): only the keys
// coworktop uses, never the account or org.
type App struct {
	SessionID     string // local_<uuid>
	CLISessionID  string // the Claude Code session it runs (cliSessionId)
	Title         string
	LastActivity  time.Time // lastActivityAt; zero: not reported
	RemoteControl Toggle    // remoteControlState
	Scheduled     bool      // sessionType "scheduled"
	Archived      bool
}

// Background is one background session of the Claude Code
// supervisor (agent view): ~/.claude/jobs/<id>/state.json or an entry of
// ~/.claude/daemon/roster.json.
type Background struct {
	ID         string
	Name       string
	State      string // working|blocked|done|failed|stopped; "" not reported
	Status     string // busy|idle|waiting; "" not reported
	WaitingFor string
	UpdatedAt  time.Time
}

// Reading is one reading of every record folder, as of At.
type Reading struct {
	At   time.Time
	Code []Code // live processes only
	// Leftover are records whose process is gone: never shown as a
	// session, only read to say whether a lost session was waiting for
	// the person when it died (its last status, updated before the loss).
	Leftover   []Code
	App        []App
	Background []Background
	// Found: at least one record folder exists; without it every session's
	// attention is unknown and the screen says records are not available.
	Found bool
	// Stale counts records of processes gone or replaced (a recycled pid);
	// Refused counts files refused unread or unreadable (not a regular
	// file, too large, not JSON).
	Stale, Refused int
	// Skipped counts record files left unread because the folder holds
	// more than a reading's bound: the newest are read, the oldest skipped.
	Skipped int
	// Legacy counts the older CLIs' pid-<n>.json records (snake_case
	// session_id): read, and live only when their start proves it.
	Legacy int
	// Foreign counts records written by another OS's CLI into the same
	// folder (pidDomain): its pids are not this machine's.
	Foreign int
	// Unreadable names the record folders that exist but could not be
	// listed ("sessions", "claude-code-sessions", …): what they hold is
	// unknown, so no count may claim to be complete.
	Unreadable []string
	// CoworkLocal counts the Cowork sessions kept on this machine
	// (local-agent-mode-sessions); CoworkKnown says the folder was looked
	// at. Cloud Cowork tasks leave nothing here.
	CoworkLocal int
	CoworkKnown bool
}

// LiveSessionIDs are the Claude Code session ids of the live processes a
// reading of the records found, desktop and terminal: the transcripts
// coworktop reads.
func (r *Reading) LiveSessionIDs() []string {
	if r == nil {
		return nil
	}
	var ids []string
	for _, c := range r.Code {
		if c.SessionID != "" {
			ids = append(ids, c.SessionID)
		}
	}
	return ids
}
