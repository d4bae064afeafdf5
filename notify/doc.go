// Package notify sends native desktop notifications when the governor evicts
// a session, the memory pressure level changes, or a loss is about to
// happen (governor's backed risks: the next warm spawn's victim, a pressure
// sweep's), rate-limited, or the account's quota reaches 80 or 95 % of a
// window (once per window period) (the opt-in --notify). A storm is a few
// notes (storm.go): at most NotesPerMinute in any minute across every kind,
// evictions told once a minute together, a flapping wait told once.
//
// One job: compare successive governor snapshots, word what changed, and
// hand it to the OS notifier (Choose): terminal-notifier on macOS when it is
// installed, else osascript, whose notifications are Script Editor's;
// notify-send on Linux. Windows is skipped: New returns ErrUnsupported
// there, and callers say so.
//
// Log text (session ids, causes) is untrusted. It is sanitised to a short,
// plain string and passed to the notifier as a separate argument: the
// AppleScript text is a constant that reads its argv, and no shell is ever
// involved (exec with an argument vector).
package notify
