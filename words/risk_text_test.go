package words

import (
	"strings"
	"testing"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// Every risk is shown with coworktop's label, in every output: an app
// that stopped logging while it runs is a stall coworktop infers.
func TestRiskTextLabelled(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	s.Apply(hev(0, event.KindAppStart, 1, nil))
	s.Apply(hev(60, event.KindHeartbeat, 2, nil))
	snap := s.Snapshot(sec(60 + 151))
	var stall *governor.Risk
	for i, r := range snap.Risks {
		if r.Kind == governor.RiskAppStalled {
			stall = &snap.Risks[i]
		}
	}
	if stall == nil {
		t.Fatalf("151 s of silence while the app runs is a stall: %+v", snap.Risks)
	}
	got := RiskText(*stall)
	if !strings.HasPrefix(got, RiskSummary(*stall)) || !strings.HasSuffix(got, " (inferred by coworktop)") {
		t.Fatalf("every risk is labelled: %q", got)
	}
	if got := Labelled("it waits"); got != "it waits (inferred by coworktop)" {
		t.Fatalf("labelled: %q", got)
	}
}

// A session's risks merged into one row are said one after the other,
// each after "also:", their evidence after the lead's.
func TestRiskSummaryKeepsEveryReason(t *testing.T) {
	r := governor.Risk{Kind: governor.RiskEvictNext, Summary: "next", Evidence: []string{"a"}, Merged: []governor.Risk{
		{Kind: governor.RiskWaitingAtRisk, Summary: "waits", Evidence: []string{"b"}},
		{Kind: governor.RiskPressureSweep, Summary: "sweep", Evidence: []string{"c"}}}}
	if got := RiskSummary(r); got != "next; also: waits; also: sweep" {
		t.Fatalf("merged summary %q", got)
	}
	if got := RiskEvidence(r); strings.Join(got, ",") != "a,b,c" {
		t.Fatalf("merged evidence %q", got)
	}
}
