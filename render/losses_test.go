package render

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

func TestSnapshotListsRisksWithEvidence(t *testing.T) {
	s := governor.Snapshot{Now: time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC), Risks: []governor.Risk{{
		Kind: governor.RiskAppStalled, Summary: "the app's main process blocked for 2.1 s 10s ago",
		Evidence: []string{"[event-loop-stall] main.log:812"}}}}
	var b strings.Builder
	if err := WriteSnapshot(&b, s); err != nil {
		t.Fatal(err)
	}
	want := "\nrisks (1, inferred by coworktop)\n  app_stalled: the app's main process blocked for 2.1 s 10s ago\n    evidence: [event-loop-stall] main.log:812\n"
	if !strings.Contains(b.String(), want) {
		t.Fatalf("snapshot:\n%s", b.String())
	}
	b.Reset()
	s.Risks = nil
	if err := WriteSnapshot(&b, s); err != nil || strings.Contains(b.String(), "risks") {
		t.Fatalf("no risks, no section:\n%s", b.String())
	}
}
