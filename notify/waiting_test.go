package notify

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/words"
)

func waitingSnap(now, since time.Time, risk bool) governor.Snapshot {
	v := governor.SessionView{ID: "local_aaaaaaaa-1", State: governor.StateIdle, Title: "API gateway",
		Attention: record.AttentionWaiting, WaitingFor: "approve Bash", WaitingSince: since}
	if risk {
		v.AtRisk = governor.RiskWaitingAtRisk
		v.AtRiskBy = &governor.Risk{Kind: governor.RiskWaitingAtRisk, Summary: "API gateway has waited 1m for you (approve Bash): it is the next to be evicted (estimate)"}
	}
	return governor.Snapshot{Now: now, Sessions: []governor.SessionView{v}}
}

func TestWaitingForYouOncePerWait(t *testing.T) {
	n := NewWith(NotifySendCommand, nil)
	t0 := time.Date(2026, 9, 30, 10, 0, 0, 0, time.Local)
	since := t0
	n.Changes(waitingSnap(t0, since, false), true) // the baseline
	var got []Note
	for s := 10 * time.Second; s <= 5*time.Minute; s += 10 * time.Second {
		got = append(got, n.Changes(waitingSnap(t0.Add(s), since, false), false)...)
		if s < DefaultWaitingAfter && len(got) > 0 {
			t.Fatalf("told at +%v, before the delay", s)
		}
	}
	if len(got) != 1 || got[0].Title != "coworktop: waiting for you" || got[0].Message != "API gateway has waited 2m for you (approve Bash)." {
		t.Fatalf("want one note after 2 min, got %+v", got)
	}
	// The same wait put at risk: told once more, at once, with both reasons.
	at := t0.Add(5*time.Minute + 10*time.Second)
	got = n.Changes(waitingSnap(at, since, true), false)
	got = append(got, n.Changes(waitingSnap(at.Add(10*time.Second), since, true), false)...)
	if len(got) != 1 || !strings.Contains(got[0].Message, "next to be evicted") || !strings.Contains(got[0].Message, words.RiskLabel) {
		t.Fatalf("at risk: %+v", got)
	}
	// It stops waiting, then waits again soon: a flapping session, not
	// told again (issue 53 R2); a new wait after flapGap is told at once
	// when at risk.
	n.Changes(governor.Snapshot{Now: at.Add(20 * time.Second)}, false)
	again := at.Add(30 * time.Second)
	if got := n.Changes(waitingSnap(again, again, true), false); len(got) != 0 {
		t.Fatalf("a new wait 30 s after the last note: %+v", got)
	}
	n.Changes(governor.Snapshot{Now: again.Add(time.Second)}, false)
	later := at.Add(flapGap + time.Minute)
	if got := n.Changes(waitingSnap(later, later, true), false); len(got) != 1 {
		t.Fatalf("a new wait at risk after %s is told at once: %+v", flapGap, got)
	}
}

func TestWaitingAfterIsConfigurable(t *testing.T) {
	n := NewWith(NotifySendCommand, nil)
	n.SetWaitingAfter(30 * time.Second)
	t0 := time.Date(2026, 9, 30, 10, 0, 0, 0, time.Local)
	n.Changes(governor.Snapshot{Now: t0}, true)
	if got := n.Changes(waitingSnap(t0.Add(20*time.Second), t0, false), false); len(got) != 0 {
		t.Fatalf("before 30 s: %+v", got)
	}
	if got := n.Changes(waitingSnap(t0.Add(31*time.Second), t0, false), false); len(got) != 1 {
		t.Fatalf("after 30 s: %+v", got)
	}
}

// A session whose log went silent (StateUnknown) while its live record
// says it waits is counted as needing you by the header (issue 41 F13):
// the notification follows the same predicate, so the person is told.
func TestWaitingToldWhenTheLogIsSilent(t *testing.T) {
	n := NewWith(NotifySendCommand, nil)
	t0 := time.Date(2026, 9, 30, 10, 0, 0, 0, time.Local)
	n.Changes(governor.Snapshot{Now: t0}, true)
	s := waitingSnap(t0.Add(24*time.Minute), t0, false)
	s.Sessions[0].State = governor.StateUnknown
	got := n.Changes(s, false)
	if len(got) != 1 || got[0].Message != "API gateway has waited 24m for you (approve Bash)." {
		t.Fatalf("a wait on a silent log: want one note, got %+v", got)
	}
}
