// Package follow is the follower and the reading primitives it shares with
// the rest of sources: opening a log without blocking the app's rotation
// (OpenLog: read-only, no lock, share-delete on Windows), a file's identity
// that outlives a rename (FileStat, StatHandle, ListDir), the line splitter
// every reader cuts, strips and counts lines with (Splitter, ReadLines), the
// names and generations of the known logs (ClassifyLogName), the folder
// notifier (Notifier), the one clock of the live view's periodic sources
// (Beat), and FollowAllOn, which delivers every complete line appended to
// each log exactly once and in order across the app's renames, crops,
// truncation, deletion and re-creation (follow_notes.go tells why it is its
// own code).
//
// Rules this package keeps:
//   - It imports event (its events and file states) and vocab (MaxLineBytes) only,
//     never the root of sources or its other rooms: the root wires the follower
//     (discovery, the log set, the backfill's hand-over) and the records and
//     quota readers open their files through OpenLog.
//   - It never writes into the Claude log folder, never locks a log, and
//     never holds a drained rotated generation open past one safety poll.
//   - Log text is untrusted and is passed on byte for byte; it parses and
//     renders nothing.
//   - Every goroutine stops when its context is cancelled or its clock stops.
package follow
