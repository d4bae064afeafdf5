package demo

import (
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/sources/records"
)

// The demo's records: every session has its title, and docs-site waits for
// the person's approval, then becomes the next victim and is marked at
// risk with both reasons. The records are read by the real reader, with
// this process alive as their pid.
func TestDemoWaitingSessionBecomesNextVictim(t *testing.T) {
	dir := t.TempDir()
	// Started three minutes ago, so the records are read at +3m, as live.
	start := time.Now().Add(-3 * time.Minute).Truncate(time.Second)
	d, err := NewDemo(dir, func() time.Time { return start })
	if err != nil {
		t.Fatal(err)
	}
	if err := d.WriteUntil(3 * time.Minute); err != nil {
		t.Fatal(err)
	}
	d.Close()
	evs := readDemoLogs(t, dir)
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].Time.Before(evs[j].Time) })
	st := governor.New(governor.DefaultLimits())
	for _, e := range evs {
		st.Apply(e)
	}
	r := records.NewRecordReader(records.RecordFolders(records.RecordInput{FlagDir: d.RecordsDir()}), nil).Read()
	st.ApplyRecords(r)
	snap := st.Snapshot(start.Add(3 * time.Minute))
	docs := demoSessionID("S4")
	if snap.NextVictim == nil || snap.NextVictim.ID != docs || snap.NextVictim.Title != "Docs: release notes 2.4" {
		t.Fatalf("docs-site should be the next victim, under its title: %+v", snap.NextVictim)
	}
	v := *snap.NextVictim
	if !v.NeedsYou() || v.WaitingFor != "approve Bash" || v.NeedsYouText(snap.Now) != "approve Bash · 3m" || v.WaitingSinceSource != governor.FromCodeRecord {
		t.Fatalf("docs-site should wait for approval: %+v", v)
	}
	if v.AtRisk != governor.RiskWaitingAtRisk || !strings.Contains(v.AtRiskWhy, "next to be evicted") {
		t.Fatalf("docs-site should be at risk with both reasons: %q %q", v.AtRisk, v.AtRiskWhy)
	}
	if snap.NeedsYou != 1 || len(snap.Background) != 1 {
		t.Fatalf("needs you %d, background %+v", snap.NeedsYou, snap.Background)
	}
	for _, s := range snap.Sessions {
		if s.Title == "" {
			t.Errorf("%s has no title", s.ID)
		}
	}
}
