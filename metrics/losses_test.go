package metrics

import (
	"testing"

	"github.com/coworktop/coworktop/governor"
)

// Every cause and every risk kind is exposed, zero or not, so an alert on
// increase() has a series from the first scrape; the values are the
// snapshot's.
func TestLossAndRiskMetrics(t *testing.T) {
	st := richState() // one warm eviction at the cap, one under pressure
	snap := st.Snapshot(t0.Add(260e9))
	snap.Risks = append(snap.Risks, governor.Risk{Kind: governor.RiskOrphans}, governor.Risk{Kind: governor.RiskOrphans})
	reg, err := NewRegistry(func() governor.Snapshot { return snap }, BuildInfo{})
	if err != nil {
		t.Fatal(err)
	}
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]float64{}
	for _, f := range families {
		for _, m := range f.GetMetric() {
			if len(m.GetLabel()) != 1 {
				continue
			}
			v := m.GetGauge().GetValue() + m.GetCounter().GetValue()
			if got[f.GetName()] == nil {
				got[f.GetName()] = map[string]float64{}
			}
			got[f.GetName()][m.GetLabel()[0].GetValue()] = v
		}
	}
	losses := got["coworktop_session_losses_total"]
	if len(losses) != len(governor.LossCauses) {
		t.Fatalf("every cause exposed: %v", losses)
	}
	for _, c := range governor.LossCauses {
		want := 0.0
		if c == governor.LossGovernorCap || c == governor.LossGovernorPressure {
			want = 1
		}
		if losses[c.String()] != want {
			t.Errorf("losses{cause=%s} = %v, want %v", c, losses[c.String()], want)
		}
	}
	risks := got["coworktop_risk"]
	if len(risks) != len(governor.RiskKinds) || risks["orphans"] != 2+float64(countKind(snap.Risks[:len(snap.Risks)-2], governor.RiskOrphans)) {
		t.Errorf("risks: %v", risks)
	}
}

func countKind(rs []governor.Risk, k governor.RiskKind) int {
	n := 0
	for _, r := range rs {
		if r.Kind == k {
			n++
		}
	}
	return n
}
