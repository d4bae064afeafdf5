// Package ingest turns log bytes into governor events, for saved and live
// logs alike: entry assembly (a line without a timestamp continues the
// previous entry), the timestamp and level prefix, the parser of each log
// family's bodies, and the block reader that cuts a large saved log at entry
// boundaries, marks line ends with a vector kernel and parses blocks on every
// core, delivering events in file order.
//
// It reads from an io.Reader or from lines it is handed; it never opens,
// follows or lists files (that is sources/), never keeps model state (that is
// governor/) and never renders. Every string it puts into an event is
// sanitised and capped with governor.Sanitize.
package ingest
