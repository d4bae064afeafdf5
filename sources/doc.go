// Package sources is where coworktop touches the outside world: the Claude log
// files (finding the folder, expanding a folder into its known logs, splitting
// them into lines, backfilling at start-up and following them losslessly
// across rotation, cropping and re-creation), host memory and pressure, and the
// process table (competing VMs).
//
// Consumers receive data through channels in batches, so any source can be
// replaced by a fake in tests, and every goroutine stops when its context is
// cancelled.
//
// Rules this package keeps:
//   - It never writes into the Claude log folder and never opens a log in a
//     way that stops the app from rotating it (share-delete on Windows, see
//     OpenLog).
//   - It may use governor's types, but never imports Bubble Tea or ui/: it
//     produces lines and samples, it does not render or parse them.
//   - Log text is untrusted and is passed on byte for byte; sanitising is the
//     parser's and the renderer's job. Only file names from a folder listing
//     are cleaned here, because doctor prints them.
package sources
