// Package ingest turns log bytes into typed events (package event), for saved and live
// logs alike. It has two entry points:
//
//   - ReadEach reads a whole saved log from an io.Reader: the block reader
//     cuts it at entry boundaries, marks line ends with a vector kernel,
//     parses blocks on every core and delivers events in file order;
//   - Stream takes live lines as a follower hands them over, run by run
//     (a file's name, its lines, their first line number, its generation's
//     name, whether the run stops inside an entry), with one assembler per
//     file, lines numbered within their generation.
//
// Behind both: entry assembly (a line without a timestamp continues the
// previous entry), the timestamp and level prefix, the parser of each log
// family's bodies, and the quit fold (one app.quit per quit). The
// assembler, its entries and the parsers are its own. Every line shape of
// main.log is one entry of the shape table (shapes.go), which the dispatch,
// the head table and the continuation rule follow.
//
// It reads from an io.Reader or from lines it is handed; it never opens,
// follows or lists files (that is sources/), never keeps model state (that
// is governor/; it imports event, not governor) and never renders. Every
// string it puts into an event is sanitised and capped with vocab.Sanitize.
package ingest
