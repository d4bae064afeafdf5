package notify

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

func TestWarningsBeforeALoss(t *testing.T) {
	n := NewWith(NotifySendCommand, (&recorder{}).exec)
	snap := func(at time.Duration, risks ...governor.Risk) governor.Snapshot {
		return governor.Snapshot{Now: t0.Add(at), Risks: risks}
	}
	next := governor.Risk{Kind: governor.RiskEvictNext, Session: "local_a", Backed: true,
		Summary: "web-frontend will be evicted at the next warm spawn: it has been idle 6m20s"}
	guess := next
	guess.Backed, guess.Session = false, "local_b"
	other := governor.Risk{Kind: governor.RiskOrphans, Backed: true, Summary: "orphans"}
	n.Changes(snap(0), false) // the baseline
	notes := n.Changes(snap(time.Second, guess, other, next), false)
	if len(notes) != 1 || notes[0].Title != "coworktop: session at risk" ||
		notes[0].Message != "web-frontend will be evicted at the next warm spawn: it has been idle 6m20s (inferred by coworktop)." {
		t.Fatalf("one note, for the backed warning only: %+v", notes)
	}
	argv := NotifySendCommand(notes[0])
	if !strings.Contains(argv[len(argv)-1], "idle 6m20s (inferred by coworktop)") {
		t.Fatalf("cleaning keeps the wording: %q", argv)
	}
	// The same warning is not repeated within WarnEvery, and no second
	// warning goes out within WarnGap.
	sweep := governor.Risk{Kind: governor.RiskPressureSweep, Session: "local_c", Backed: true, Summary: "sweep"}
	if notes := n.Changes(snap(30*time.Second, next, sweep), false); len(notes) != 0 {
		t.Fatalf("within a minute of the last warning: %+v", notes)
	}
	if notes := n.Changes(snap(2*time.Minute, next, sweep), false); len(notes) != 1 || !strings.HasPrefix(notes[0].Message, "sweep") {
		t.Fatalf("the sweep warning, not the repeat: %+v", notes)
	}
	if notes := n.Changes(snap(5*time.Minute, next, sweep), false); len(notes) != 0 {
		t.Fatalf("both warned within ten minutes: %+v", notes)
	}
	if notes := n.Changes(snap(WarnEvery+2*time.Second, next), false); len(notes) != 1 {
		t.Fatalf("warned again after WarnEvery: %+v", notes)
	}
	// Backfill never warns: history is not news.
	m := NewWith(NotifySendCommand, (&recorder{}).exec)
	if notes := m.Changes(snap(0, next), true); len(notes) != 0 {
		t.Fatalf("backfill: %+v", notes)
	}
}
