// Package sources reads the Claude log files on disk: finding the log folder
// on each OS (and saying why not, for doctor), expanding a folder into its
// known logs in generation order (the log set), and the start-up backfill,
// which hands each current file over to the follower (sources/follow) so
// that nothing written between the two is lost. Its rooms: the follower,
// opening a log, its lines and the live view's clock are sources/follow,
// which it wires; Claude Code's and the desktop app's session records are
// sources/records and the account's quota files sources/quota, which
// import this package (its folder candidates, CleanText); the machine's
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
//   - It reads no file of Claude's but its logs, and writes none.
//   - It may use governor's types and sources/follow, never its other
//     rooms, and never imports ingest, ui or render: it produces lines, it
//     does not parse or render them.
//   - Log text is untrusted and is passed on byte for byte; sanitising is the
//     parser's and the renderer's job. Only file names from a folder listing
//     are cleaned here, because doctor prints them.
package sources
