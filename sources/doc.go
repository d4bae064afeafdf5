// Package sources reads the Claude log files on disk: finding the log folder
// on each OS (and saying why not, for doctor), expanding a folder into its
// known logs in generation order (the log set), and the start-up backfill,
// which hands each current file over to the follower (sources/follow) so
// that nothing written between the two is lost; the
// account's quota from the files that hold it without a credential
// (quota*.go: coworktop's statusline state file, which it also writes, the
// desktop app's plan-usage-history.json, one key of ~/.claude.json, walked
// to without decoding the rest); what `coworktop statusline` keeps of
// main.log between its runs (statusline_log.go). The follower, opening a
// log, its lines and the live view's clock are sources/follow; Claude
// Code's and the desktop app's session records are sources/records, which
// builds on this package's folder candidates; the machine's
// memory and process table are sources/machine; the demo writer is
// sources/demo.
//
// Consumers receive data through channels in batches, so any source can be
// replaced by a fake in tests, and every goroutine stops when its context is
// cancelled.
//
// Rules this package keeps:
//   - It never writes into the Claude log folder and never opens a log in a
//     way that stops the app from rotating it (share-delete on Windows, see
//     follow.OpenLog).
//   - Of Claude's own files it reads only the keys it uses, never account
//     details or credentials, and writes none of them.
//   - It may use governor's types and sources/follow, but never
//     imports ingest, ui or render: it produces lines, it does not parse or
//     render them.
//   - Log text is untrusted and is passed on byte for byte; sanitising is the
//     parser's and the renderer's job. Only file names from a folder listing
//     are cleaned here, because doctor prints them.
package sources
