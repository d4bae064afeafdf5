package ui

import (
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/words"
)

// memoryFacts are a session's memory lines in its details: its figure
// and biggest processes, or why there is none while a scan runs.
func memoryFacts(s governor.SessionView, snap governor.Snapshot) []string {
	if f := words.MemoryFacts(s); f != nil {
		return f
	}
	if snap.Memory != nil && s.Live() {
		return []string{"memory: no process of this session found in the scan (" + governor.CoworkNotSplit + ")"}
	}
	return nil
}

// shareFacts are a session's quota share lines in its details: tokens by
// kind and model since the window began, the last 15 minutes' burn, the
// weights (quota.ShareDetails: the same words as snapshot).
func shareFacts(s governor.SessionView, snap governor.Snapshot) []string {
	return quota.ShareDetails(s.QuotaShare, snap.Share)
}
