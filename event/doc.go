// Package event owns the typed events that ingest makes from log lines and
// governor folds into its State: Event and EventDetail, the Kind of each
// and the kind table (kinds.go: each kind's name, its tone in the event
// log, whether only the log reads its text, whether it stays out of the
// log or shows the app alive, and the Route by which governor applies it),
// the enums an event or a file's status carries (Reason, Verb, Level,
// Health, Cause, VMState, FileState, LogTone) with their texts, the memory
// sample a line reports (MemorySample) and how following a log file goes
// (FileStatus).
//
// It holds types, their texts and the table, no rule: what an event
// implies (counts, causes, the next victim) is governor's, and how it is
// said in the outputs is words'. It may not touch the outside world (no
// I/O, no time.Now, no goroutines) and imports nothing of the project but
// vocab and host, so ingest and the sources deliver events without
// importing the model.
package event
