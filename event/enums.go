package event

// The enums the model shares with ingest, ui, render, metrics and
// notify. Each is a typed integer with its values here (PressureLevel in
// host, Source in vocab, AppEnd beside the Snapshot), so
// a consumer compares against a constant, never a literal that can drift
// from what the parser writes. Their String and MarshalText
// (enums_text.go) are the text `events` and the JSON outputs print.

// Reason is why the app did something to a session, as logged: the spawn
// kind of a yield or eviction at the cap, the reason of a pause, a daemon
// worker's outcome, and the ends coworktop gives a session. It is an
// integer: an event carries one, and the model compares constants, not
// text. A reason the parsers do not name keeps its text in
// EventDetail.ReasonText (ReasonOther); Event.ReasonText is what `events`
// prints.
type Reason int8

// The reasons.
const (
	ReasonNone          Reason = iota // none logged
	ReasonWarm                        // "warm": a warm spawn (focus) at the cap
	ReasonUser                        // "user": a user spawn (new task) at the cap
	ReasonGovernorEvict               // "governor_evict": a pause that follows an eviction
	ReasonIdleTimeout                 // "idle_timeout": the 900 s idle pause
	ReasonRemoteControl               // "remote_control": a pause skipped: Remote Control is active
	ReasonPressure                    // "pressure": a 2.x pressure sweep's eviction
	ReasonOOM                         // "oom": a renderer gone out of memory
	ReasonUpdate                      // "update": an app quit for an update
	ReasonAPIError                    // "api_error": a cycle-health API error
	ReasonBridgeState                 // "bridge_state": a Remote Control bridge state line
	ReasonAutoEnable                  // "auto_enable": a Remote Control auto-enable verdict
	ReasonEnabled                     // "enabled": Remote Control enabled
	ReasonWorkerDone                  // "done": a daemon worker finished
	ReasonWorkerCrashed               // "crashed": a daemon worker crashed
	ReasonWorkerKilled                // "killed": a daemon worker was killed
	ReasonSettled                     // "settled": the daemon retires a worker that settled
	DaemonCauseUpgrade                // "upgrade": the daemon stopped to upgrade
	DaemonCauseIdle                   // "idle": "idle 5s with no clients — exiting"
	EndCrash                          // "crash": the session's process crashed
	EndTornDown                       // "torn down": the session was torn down
	EndUpdateRestart                  // "update restart": an update restart stopped it
	EndAppQuit                        // "app quit": the app quit
	EndAppRestarted                   // "app restarted": the app started again
	ReasonOther                       // any other: EventDetail.ReasonText holds it
)

// reasonNames are the texts of the named reasons.
var reasonNames = [...]string{
	ReasonWarm: "warm", ReasonUser: "user", ReasonGovernorEvict: "governor_evict",
	ReasonIdleTimeout: "idle_timeout", ReasonRemoteControl: "remote_control", ReasonPressure: "pressure",
	ReasonOOM: "oom", ReasonUpdate: "update", ReasonAPIError: "api_error",
	ReasonBridgeState: "bridge_state", ReasonAutoEnable: "auto_enable", ReasonEnabled: "enabled",
	ReasonWorkerDone: "done", ReasonWorkerCrashed: "crashed", ReasonWorkerKilled: "killed", ReasonSettled: "settled",
	DaemonCauseUpgrade: "upgrade", DaemonCauseIdle: "idle",
	EndCrash: "crash", EndTornDown: "torn down", EndUpdateRestart: "update restart", EndAppQuit: "app quit",
	EndAppRestarted: "app restarted",
}

// String is a named reason's text: "" for ReasonNone and for ReasonOther,
// whose text only its event knows (Event.ReasonText).
func (r Reason) String() string {
	if uint(r) < uint(len(reasonNames)) {
		return reasonNames[r]
	}
	return ""
}

// ReasonOf is the Reason of a reason's text, with the text itself when no
// constant names it (ReasonOther), for EventDetail.ReasonText.
func ReasonOf(s string) (Reason, string) {
	switch s {
	case "":
		return ReasonNone, ""
	case "warm":
		return ReasonWarm, ""
	case "user":
		return ReasonUser, ""
	case "governor_evict":
		return ReasonGovernorEvict, ""
	case "idle_timeout":
		return ReasonIdleTimeout, ""
	case "remote_control":
		return ReasonRemoteControl, ""
	case "pressure":
		return ReasonPressure, ""
	case "oom":
		return ReasonOOM, ""
	case "update":
		return ReasonUpdate, ""
	case "api_error":
		return ReasonAPIError, ""
	case "bridge_state":
		return ReasonBridgeState, ""
	case "auto_enable":
		return ReasonAutoEnable, ""
	case "enabled":
		return ReasonEnabled, ""
	case "done":
		return ReasonWorkerDone, ""
	case "crashed":
		return ReasonWorkerCrashed, ""
	case "killed":
		return ReasonWorkerKilled, ""
	case "settled":
		return ReasonSettled, ""
	case "upgrade":
		return DaemonCauseUpgrade, ""
	case "idle":
		return DaemonCauseIdle, ""
	case "crash":
		return EndCrash, ""
	case "torn down":
		return EndTornDown, ""
	case "update restart":
		return EndUpdateRestart, ""
	case "app quit":
		return EndAppQuit, ""
	case "app restarted":
		return EndAppRestarted, ""
	}
	return ReasonOther, s
}

// Verb is what a G2 governor line says it does at the cap; the parser
// writes no other.
type Verb int8

// The verbs.
const (
	VerbNone       Verb = iota
	VerbEvicting        // "evicting"
	VerbWouldEvict      // "would_evict"
)

// verbNames are the verbs' texts.
var verbNames = [...]string{VerbEvicting: "evicting", VerbWouldEvict: "would_evict"}

// String is the verb as `events` prints it ("" for none).
func (v Verb) String() string { return verbEnum.Name(v) }

// Cause is what an Outcome says happened: the cause of an eviction, the
// spawn reason of a yield or at-cap line, or the level of a pressure
// event. It is an integer; a spawn reason or level no constant names keeps
// its text in Outcome.Other (CauseOther). Outcome.CauseName is the name
// the JSON outputs print; words.CauseText an eviction's cause in
// words.
type Cause int8

// The causes.
const (
	CauseNone        Cause = iota // none logged
	CauseWarm                     // "warm"
	CauseUser                     // "user"
	CausePressure                 // "pressure"
	CauseIdleTimeout              // "idle_timeout"
	CauseUnknown                  // "unknown": a (governor_evict) pause with no governor line before it
	CauseWarning                  // "warning": a pressure event's level
	CauseCritical                 // "critical"
	CauseOther                    // any other: Outcome.Other holds it
)

// causeNames are the texts of the named causes.
var causeNames = [...]string{
	CauseWarm: "warm", CauseUser: "user", CausePressure: "pressure", CauseIdleTimeout: "idle_timeout",
	CauseUnknown: "unknown", CauseWarning: "warning", CauseCritical: "critical",
}

// String is a named cause's name, as the JSON outputs print it: "" for
// CauseNone and for CauseOther, whose name only its outcome knows
// (Outcome.CauseName). Text is the cause in words.
func (c Cause) String() string {
	if uint(c) < uint(len(causeNames)) {
		return causeNames[c]
	}
	return ""
}

// CauseOf is the Cause of a cause's name (CauseOther when no constant
// names it), for what holds a cause by name, as report's JSON does.
func CauseOf(s string) Cause {
	for c, name := range causeNames {
		if name == s {
			return Cause(c)
		}
	}
	return CauseOther
}

// VMState is the Cowork VM's state as its logs describe it.
type VMState int8

// The VM's states.
const (
	VMUnknown VMState = iota // "unknown": no VM line yet
	VMBooting                // "booting"
	VMRunning                // "running"
	VMStalled                // "stalled"
	VMFailed                 // "failed"
	VMStopped                // "stopped": the Windows VM service stopped
)

// vmStateNames are the VM states' texts.
var vmStateNames = [...]string{VMUnknown: "unknown", VMBooting: "booting", VMRunning: "running", VMStalled: "stalled", VMFailed: "failed", VMStopped: "stopped"}

// VMStates lists every VMState.
var VMStates = []VMState{VMUnknown, VMBooting, VMRunning, VMStalled, VMFailed, VMStopped}

// FileState is how reading one log file is going.
type FileState int8

// The file states.
const (
	FileStateNone  FileState = iota // not said: "" in the outputs
	FileBackfill                    // "backfill": read at start-up from history
	FileFollowing                   // "following": open and followed
	FileWaiting                     // "waiting": the file does not exist (yet)
	FileUnreadable                  // "unreadable": it exists but cannot be opened or read; retried
	FileDone                        // "done": read to its end and will not grow (saved logs)
)

// fileStateNames are the file states' texts.
var fileStateNames = [...]string{FileBackfill: "backfill", FileFollowing: "following", FileWaiting: "waiting", FileUnreadable: "unreadable", FileDone: "done"}

// FileStates lists every named FileState.
var FileStates = []FileState{FileBackfill, FileFollowing, FileWaiting, FileUnreadable, FileDone}

// Level is an entry's log level, as an integer: an event carries one and
// the app writes four. An entry with any other level keeps its text in
// EventDetail.LevelText (LevelOther). Event.LevelText is what `events`
// prints.
type Level int8

// The levels.
const (
	LevelNone  Level = iota // not logged (an event made by hand)
	LevelInfo               // "info"
	LevelWarn               // "warn"
	LevelError              // "error"
	LevelDebug              // "debug"
	LevelOther              // any other: EventDetail.LevelText holds it
)

// levelNames are the texts of the levels the app writes.
var levelNames = [...]string{LevelInfo: "info", LevelWarn: "warn", LevelError: "error", LevelDebug: "debug"}

// LevelOf is the Level of a level's text, with the text itself when it is
// none the app writes (LevelOther), for EventDetail.LevelText.
func LevelOf(s string) (Level, string) {
	switch s {
	case "":
		return LevelNone, ""
	case "info":
		return LevelInfo, ""
	case "warn":
		return LevelWarn, ""
	case "error":
		return LevelError, ""
	case "debug":
		return LevelDebug, ""
	}
	return LevelOther, s
}
