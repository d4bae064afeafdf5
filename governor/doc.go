// Package governor is coworktop's pure model of the Claude desktop app's session
// governor ([CliGovernor]) and of everything around it that the logs tell us.
//
// It owns three steps: assembling log lines into entries (a line without a
// timestamp continues the previous entry), parsing an entry into a typed Event,
// and folding events, host memory samples and process groups into State, from
// which Snapshot(now) derives what the user sees (idle ranking, next victim,
// headroom).
//
// It may not touch the outside world: no I/O, no time.Now, no goroutines, and
// no imports of sources/ or ui/. Callers pass the clock in, which keeps replay,
// tests and the live TUI on the same code.
package governor
