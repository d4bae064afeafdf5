// Package metrics turns governor snapshots into Prometheus metrics.
//
// It has one job: given a governor.Snapshot (taken at scrape time, or once
// for a textfile), describe it as coworktop_* metrics. It serves them over
// HTTP (/metrics and a trivial /healthz, nothing else) or writes them
// atomically to a file for node_exporter's textfile collector.
//
// Rules this package keeps:
//   - It imports governor, quota and vocab, and no Prometheus library: it
//     writes the text exposition format itself (exposition.go), because
//     client_golang's package initialisers cost every start of the program,
//     the status line's too. The tests hold its bytes to client_golang's.
//     Never sources/, ingest/ or ui/. The caller owns the State and passes a function that takes a
//     snapshot under the caller's lock.
//   - No per-session labels (session ids churn) and no paths, user names or
//     other log text in labels: every label value comes from a small fixed
//     set, or, for process groups, from the signature table's keys, checked
//     against a strict pattern and capped in number.
//   - Counters derived from the log (evictions, yields, pressure events, …)
//     are the snapshot's Counts, which the live pipeline rebuilds from the
//     log's history at start-up: after a restart they count what the log
//     says, not what this process happened to see. If rotation deleted
//     history, a restarted exporter may report less than before; Prometheus
//     treats any decrease as a counter reset, so rate() and increase() stay
//     correct.
//   - No global mutable state: every scrape gathers a fresh snapshot.
package metrics
