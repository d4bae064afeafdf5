// Package journal is coworktop's own record of what it has read: every
// event parsed from the Claude logs (redacted as --redact does), the
// sessions' names, and a summary of the machine's memory, pressure and
// quota per minute, kept in coworktop's state folder after the app's logs
// have rotated away.
//
// The store is an append-only log of its own: one file per UTC day of the
// events it holds, each record one line framed by a checksum and a key.
// Writers append whole lines under an exclusive lock on the folder, after
// reading what other writers appended, so an event read by several
// processes is kept once; a line a crash cut short fails its checksum and
// is skipped, and the next writer seals it off. docs/journal.md says why
// this store and not SQLite, with the figures.
//
// It owns the journal folder and nothing else: it never opens a Claude
// file, parses no log text (it stores and returns the typed events of package event) and
// draws nothing. It has no package-level state to set up, so a command
// that does not use it (the status line) pays nothing for it at start.
package journal
