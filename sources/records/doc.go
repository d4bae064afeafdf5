// Package records reads Claude Code's and the desktop app's session records:
// where each OS keeps them (RecordFolders, beside the daemon's folder that
// the root of sources discovers), the bounded reading of each file for the
// keys used only (NewRecordReader: the newest first, at most
// MaxRecordFiles, unchanged files not opened again), whether the process a
// record names is alive and the same one (ProcessTable, procStart), and
// WatchRecords, which reads again on file events in the record folders,
// through the follower's notifier, with a safety poll.
// ParseAgents and MergeAgents put what `claude agents --json` says (run by
// the caller) beside the records, the fresher winning.
//
// Rules this package keeps:
//   - Records are read, never written or locked: regular files of at most
//     1 MiB, opened as every log is (follow.OpenLog), decoded into structs
//     of the keys used only; the account and org folder names are walked,
//     never kept.
//   - Of Claude's files it reads only the keys it uses, never account
//     details or credentials.
//   - It imports record (the Reading it produces, below the model), the
//     root of sources (its folder candidates) and sources/follow, never
//     governor, ingest, ui or render, nor the quota room: it produces
//     readings, it renders none.
//   - Every goroutine stops when its context is cancelled or its clock stops.
package records
