package demo

import (
	"sort"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
)

// The demo shows each risk its logs can show: stepping the scenario a
// second at a time for six minutes, every one appears at some second,
// labelled and with its evidence; orphans and the VM after a quit come from
// the scenario's simulated process scan (Groups), taken every 5 s as the
// live view does.
func TestDemoShowsEachRisk(t *testing.T) {
	dir := t.TempDir()
	start := time.Date(2026, 9, 30, 14, 0, 0, 0, time.Local)
	d, err := NewDemo(dir, func() time.Time { return start })
	if err != nil {
		t.Fatal(err)
	}
	if err := d.WriteUntil(6 * time.Minute); err != nil {
		t.Fatal(err)
	}
	d.Close()
	evs := readDemoLogs(t, dir)
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].Time.Before(evs[j].Time) })
	st := governor.New(governor.DefaultLimits())
	seen := map[governor.RiskKind]time.Duration{}
	next := 0
	for s := -10 * time.Second; s <= 6*time.Minute; s += time.Second {
		now := start.Add(s)
		for next < len(evs) && !evs[next].Time.After(now) {
			st.Apply(evs[next])
			next++
		}
		if int(s/time.Second)%5 == 0 {
			st.ApplyGroups(now, d.Groups(now))
		}
		for _, r := range st.Snapshot(now).Risks {
			if len(words.RiskEvidence(r)) == 0 || words.RiskSummary(r) == "" {
				t.Fatalf("+%v: a risk without its evidence: %+v", s, r)
			}
			if _, ok := seen[r.Kind]; !ok {
				seen[r.Kind] = s
			}
		}
	}
	for _, k := range []governor.RiskKind{governor.RiskEvictNext, governor.RiskPressureSweep, governor.RiskMemoryTrend,
		governor.RiskAppStalled, governor.RiskDeclinedPauses, governor.RiskOrphans, governor.RiskVMAfterQuit, governor.RiskUpdateRestart} {
		at, ok := seen[k]
		if !ok {
			t.Errorf("the demo never shows %s", k)
			continue
		}
		t.Logf("%s first at +%v", k, at)
	}
}
