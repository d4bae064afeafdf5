//go:build race

package cmd

// raceEnabled: under the race detector every Go process carries the
// detector's shadow memory, so a stand-in's footprint is no longer the
// amount it was told to hold.
const raceEnabled = true
