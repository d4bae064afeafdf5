package governor

// The enums the model shares with ingest, ui, render, metrics and
// notify. Each is a named type with its values here, so a consumer compares
// against a constant, never a literal that can drift from what the parser
// writes. Their text is what `events` and the JSON outputs print.

// Reason is why the app did something to a session, as logged: the spawn
// kind of a yield or eviction at the cap, or the reason of a pause.
type Reason string

const (
	ReasonWarm          Reason = "warm"           // a warm spawn (focus) at the cap
	ReasonUser          Reason = "user"           // a user spawn (new task) at the cap
	ReasonGovernorEvict Reason = "governor_evict" // a pause that follows an eviction
	ReasonIdleTimeout   Reason = "idle_timeout"   // the 900 s idle pause
	ReasonRemoteControl Reason = "remote_control" // a pause skipped: Remote Control is active
	ReasonPressure      Reason = "pressure"       // a 2.x pressure sweep's eviction
)

// Verb is what a G2 governor line says it does at the cap.
type Verb string

const (
	VerbEvicting   Verb = "evicting"
	VerbWouldEvict Verb = "would_evict"
)

// Cause is what an Outcome says happened: the cause of an eviction, the
// spawn reason of a yield, or the level of a pressure event.
type Cause string

const (
	CauseWarm        Cause = "warm"
	CauseUser        Cause = "user"
	CausePressure    Cause = "pressure"
	CauseIdleTimeout Cause = "idle_timeout"
	CauseUnknown     Cause = "unknown" // a (governor_evict) pause with no governor line before it
)

// VMState is the Cowork VM's state as its logs describe it.
type VMState string

const (
	VMUnknown VMState = "unknown"
	VMBooting VMState = "booting"
	VMRunning VMState = "running"
	VMStalled VMState = "stalled"
	VMFailed  VMState = "failed"
	VMStopped VMState = "stopped" // the Windows VM service stopped
)

// FileState is how reading one log file is going.
type FileState string

const (
	FileBackfill   FileState = "backfill"   // read at start-up from history
	FileFollowing  FileState = "following"  // open and followed
	FileWaiting    FileState = "waiting"    // the file does not exist (yet)
	FileUnreadable FileState = "unreadable" // it exists but cannot be opened or read; retried
	FileDone       FileState = "done"       // read to its end and will not grow (saved logs)
)

// Level is an entry's log level, as an integer: an event carries one and
// the app writes four. An entry with any other level keeps its text in
// EventDetail.LevelText (LevelOther). Event.LevelText is what `events`
// prints.
type Level uint8

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
