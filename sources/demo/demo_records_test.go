package demo

import (
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/sources/records"
	"github.com/coworktop/coworktop/words"
)

// The demo's records: every session has its title, and docs-site waits for
// the person's approval. Though it has been idle longest, it is mid-turn by
// its record and so not idle to the governor (claude-logs 2.4): the next
// victim is another session, and the estimate says it passed docs-site
// over. The records are read by the real reader, with this process alive
// as their pid.
func TestDemoWaitingSessionIsPassedOverAsNextVictim(t *testing.T) {
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
	var v *governor.SessionView
	for i := range snap.Sessions {
		if snap.Sessions[i].ID == docs {
			v = &snap.Sessions[i]
		}
	}
	if v == nil || v.Title != "Docs: release notes 2.4" {
		t.Fatalf("docs-site should be live under its title: %+v", v)
	}
	if !v.NeedsYou() || v.WaitingFor != "approve Bash" || words.NeedsYouText(*v, snap.Now) != "approve Bash · 3m" || v.WaitingSinceSource != record.FromCodeRecord {
		t.Fatalf("docs-site should wait for approval: %+v", *v)
	}
	if snap.NextVictim == nil || snap.NextVictim.ID == docs {
		t.Fatalf("the session waiting for approval is mid-turn, not the next victim: %+v", snap.NextVictim)
	}
	if !strings.Contains(words.NextVictimWhy(&snap), "passed over") {
		t.Fatalf("the estimate should say it passed the waiting session over: %q", words.NextVictimWhy(&snap))
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
