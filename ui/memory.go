package ui

import "github.com/coworktop/coworktop/governor"

// memoryFacts are a session's memory lines in its details: its figure
// and biggest processes, or why there is none while a scan runs.
func memoryFacts(s governor.SessionView, snap governor.Snapshot) []string {
	if f := governor.MemoryFacts(s); f != nil {
		return f
	}
	if snap.Memory != nil && s.Live() {
		return []string{"memory: no process of this session found in the scan (" + governor.CoworkNotSplit + ")"}
	}
	return nil
}
