package governor

import (
	"slices"
	"testing"
)

// Three risks of one session, the backed one last: one row, led by the
// backed one, every kind and every reason kept, in order (words says
// them after "also:", TestRiskSummaryKeepsEveryReason).
func TestOneRowPerSessionKeepsEveryReason(t *testing.T) {
	got := oneRowPerSession([]Risk{
		{Kind: RiskWaitingAtRisk, Session: "s"},
		{Kind: RiskPressureSweep, Session: "s"},
		{Kind: RiskMemoryTrend},
		{Kind: RiskEvictNext, Session: "s", Backed: true},
	})
	if len(got) != 2 {
		t.Fatalf("%d rows: %+v", len(got), got)
	}
	r := got[0]
	kinds := func(rs []Risk) (out []RiskKind) {
		for _, m := range rs {
			out = append(out, m.Kind)
		}
		return out
	}
	if r.Kind != RiskEvictNext || !r.Backed || !slices.Equal(r.Also, []RiskKind{RiskWaitingAtRisk, RiskPressureSweep}) ||
		!slices.Equal(kinds(r.Merged), r.Also) {
		t.Fatalf("merged row: %+v", r)
	}
}
