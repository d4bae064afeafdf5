// Package record is what a reading of the session records says, below the
// model: the records Claude Code and the desktop app write about each
// session of their own (docs/records.md), keeping only the keys
// coworktop uses: a live Claude Code process's record (Code), the app's
// record of a session (App), a supervisor's background session
// (Background), a yes/no a record may not report (Toggle), and one reading
// of every record folder with its counts (Reading); and the records'
// vocabulary the outputs print: where a session's figure comes from
// (Source) and whether a session needs the person as its record says
// (Attention, AttentionOf), with their stable texts (attention.go).
// sources/records fills these types; governor folds a reading into its
// State and joins it to the sessions of the log.
//
// It owns the types, their texts and what one record says of itself, not
// the rules: no join to the log's sessions, no wait, no risk. Every field
// may be missing in a given version: missing is "not reported by this
// version", never a guess. It may not touch the outside world (no I/O, no
// time.Now, no goroutines) and imports nothing of the project but vocab,
// so a reader can fill it without importing the model.
package record
