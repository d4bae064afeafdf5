// Package governor is coworktop's pure model of the Claude desktop app's session
// governor ([CliGovernor]) and of everything around it that the logs tell us.
//
// It owns the rules of the governor and State: it folds events (their
// types and the kind table are event's, below it), host memory samples, process groups and readings of the session
// records (record's types; records*.go here: who waits for the person,
// titles, protections)
// into State, from which
// Snapshot(now) derives what the user sees (idle ranking, next victim,
// headroom). It also keeps the account's quota readings (state_quota.go)
// and puts the quota package's figures for them in the Snapshot; which
// figure is shown, its state, words and burn estimate are quota's. Every
// figure shown by more than one consumer (counts, causes, estimate
// labels) is defined here once, so the TUI, report, metrics and
// notifications agree. The words outputs print of the model (names for
// sessions, the counts' line, short forms, the risks' sentences and evidence, who needs you, the JSON shapes of snapshot,
// events and restarts; more as they are freed from it) are the words package's, above this one, which governor never
// imports; the small words below the model
// (the sanitiser for log text, units, Source and Figure) are vocab's.
//
// It may not touch the outside world: no I/O, no time.Now, no goroutines, and
// it imports nothing of the project but vocab, quota, event (the typed
// events), host (the host and process samples' types), record (the
// session records' readings) and internal/ring (the bounded histories'
// container), all below it.
// Callers pass the clock in, which keeps replay, tests and the live TUI on
// the same code. Turning bytes into events
// is ingest's job, not this package's; a new event kind's route is a case
// in apply.go.
package governor
