// Package words says coworktop's model in words: what every output (the
// TUI, report, snapshot, events, notifications, the journal) shows of the
// governor's facts, made in one place so one truth reads the same
// everywhere. It owns the wire shapes of the JSON outputs (snapshot --json,
// `events` and the journal's event records, report --json's restarts):
// every output that writes one of them, or reads one back, goes through
// here. It also owns the sentences, short forms and names the outputs
// print of the facts.
//
// It may not touch the model: the facts, the rules and State are
// governor's, and words only reads them (a figure is computed there, said
// here). Like governor it does no I/O, reads no clock (callers pass now)
// and starts no goroutines; it imports nothing of the project but
// governor and the rooms below it (host, quota, vocab), and governor never
// imports it.
package words
