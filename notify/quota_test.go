package notify

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"
)

// quotaSnap is a snapshot at now whose 5-hour window reads pct, observed
// 10 s before, resetting at reset (zero: unknown).
func quotaSnap(now time.Time, pct float64, reset time.Time) governor.Snapshot {
	s := governor.New(governor.DefaultLimits())
	s.ApplyQuota([]quota.Sample{{Window: quota.FiveHour, Percent: pct, ResetsAt: reset,
		Source: quota.Statusline, At: now.Add(-10 * time.Second)}})
	return s.Snapshot(now)
}

func TestQuotaNotesOncePerWindow(t *testing.T) {
	n := NewWith(NotifySendCommand, (&recorder{}).exec)
	t0 := time.Date(2026, 9, 4, 10, 0, 0, 0, time.UTC)
	reset := t0.Add(3 * time.Hour)
	n.Changes(quotaSnap(t0, 50, reset), true)
	var titles []string
	for i, pct := range []float64{70, 81, 85, 79, 83, 96, 99, 97} {
		for _, note := range n.Changes(quotaSnap(t0.Add(time.Duration(i+1)*time.Minute), pct, reset), false) {
			titles = append(titles, note.Title)
			if !strings.Contains(note.Message, "Cloud sessions and other devices") {
				t.Errorf("note %q does not say the figure is account-wide", note.Message)
			}
		}
	}
	want := []string{"coworktop: quota 5h at 81%", "coworktop: quota 5h at 96%"}
	if strings.Join(titles, "|") != strings.Join(want, "|") {
		t.Fatalf("notes %q, want %q", titles, want)
	}
	// The next window (a later reset time) notifies again.
	next := reset.Add(5 * time.Hour)
	notes := n.Changes(quotaSnap(reset.Add(time.Hour), 82, next), false)
	if len(notes) != 1 || notes[0].Title != "coworktop: quota 5h at 82%" {
		t.Fatalf("next window: %+v", notes)
	}
}

func TestQuotaNotesWithoutResetTimeAndStale(t *testing.T) {
	n := NewWith(NotifySendCommand, (&recorder{}).exec)
	t0 := time.Date(2026, 9, 4, 10, 0, 0, 0, time.UTC)
	n.Changes(quotaSnap(t0, 10, time.Time{}), true)
	count := func(now time.Time, pct float64) int { return len(n.Changes(quotaSnap(now, pct, time.Time{}), false)) }
	if got := count(t0.Add(time.Minute), 85) + count(t0.Add(2*time.Minute), 88); got != 1 {
		t.Fatalf("%d notes for one crossing of 80 %%", got)
	}
	// A drop reads as the window's reset: 80 % notifies again.
	if got := count(t0.Add(3*time.Minute), 5) + count(t0.Add(4*time.Minute), 81); got != 1 {
		t.Fatalf("%d notes after the reset, want 1", got)
	}
	// A stale figure notifies nothing.
	s := governor.New(governor.DefaultLimits())
	s.ApplyQuota([]quota.Sample{{Window: quota.SevenDay, Percent: 99, Source: quota.Cache, At: t0.Add(-48 * time.Hour)}})
	if notes := n.Changes(s.Snapshot(t0.Add(5*time.Minute)), false); len(notes) != 0 {
		t.Fatalf("stale: %+v", notes)
	}
	// Already past a level at start: no note for it.
	m := NewWith(NotifySendCommand, (&recorder{}).exec)
	m.Changes(quotaSnap(t0, 90, time.Time{}), true)
	if notes := m.Changes(quotaSnap(t0.Add(time.Minute), 91, time.Time{}), false); len(notes) != 0 {
		t.Fatalf("start at 90 %%: %+v", notes)
	}
}

// TestQuotaNotesLimitReachedScopedAndReset: 100 % says what it means (not
// a stop); a per-model weekly limit notifies by its name; a window whose
// reset has passed is not news.
func TestQuotaNotesLimitReachedScopedAndReset(t *testing.T) {
	n := NewWith(NotifySendCommand, (&recorder{}).exec)
	t0 := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	n.Changes(quotaSnap(t0, 50, t0.Add(3*time.Hour)), true)
	notes := n.Changes(quotaSnap(t0.Add(time.Minute), 100, t0.Add(3*time.Hour)), false)
	if len(notes) != 1 || notes[0].Title != "coworktop: quota 5h limit reached: may go on at lower priority or finish the turn" {
		t.Fatalf("at 100 %%: %+v", notes)
	}
	s := governor.New(governor.DefaultLimits())
	s.ApplyQuota([]quota.Sample{{Window: quota.WeeklyScoped, Scope: "Fable", Percent: 92, ResetsAt: t0.Add(30 * time.Hour),
		Source: quota.Cache, At: t0.Add(-time.Minute)}})
	m := NewWith(NotifySendCommand, (&recorder{}).exec)
	m.Changes(governor.New(governor.DefaultLimits()).Snapshot(t0), true)
	if notes := m.Changes(s.Snapshot(t0), false); len(notes) != 1 || notes[0].Title != "coworktop: quota Fable weekly at 92%" {
		t.Fatalf("scoped: %+v", notes)
	}
	r := NewWith(NotifySendCommand, (&recorder{}).exec)
	r.Changes(governor.New(governor.DefaultLimits()).Snapshot(t0), true)
	if notes := r.Changes(quotaSnap(t0, 88, t0.Add(-5*time.Minute)), false); len(notes) != 0 {
		t.Fatalf("a reset window notified: %+v", notes)
	}
}
