// Package transcripts reads, from Claude Code's own transcripts
// (<config>/projects/<folder>/<sessionId>.jsonl and the session's
// subagents beside it), the token usage of each reply of the live
// sessions, for the share of the 5-hour window each one spent
// (transcripts-usage.md). It produces quota.UsageReadings; the share is
// computed in the quota model, once.
//
// Rules this package keeps:
//   - Only numbers are read: of each line it decodes the usage, the ids
//     and the flags alone, into types with no place for text (the ids are
//     hashed, the model kept as its class). A line, a message, a request id
//     or a path from a transcript is never kept, logged or returned.
//   - Bounded cost: only the live sessions' files are looked at; each is
//     read from where the last read stopped (its identity, size and
//     offset: a file that shrank or was replaced is read again from its
//     start), a file first seen from about where the current window's
//     lines begin (a bisection on its timestamps), and only lines of the
//     last 5 hours are kept. An unchanged file costs a stat.
//   - Read only: opened as every log is (follow.OpenLog: no lock,
//     share-delete on Windows); never written, moved or cleaned.
//   - It imports the quota model (the readings it produces) and
//     sources/follow (opening a file as every log is), never governor,
//     ingest, ui or render.
package transcripts
