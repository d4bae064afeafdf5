//go:build race

package governor

// raceEnabled: the race detector makes the scaling test ten times slower.
const raceEnabled = true
