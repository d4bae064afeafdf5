package governor

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/quota"
)

// TestQuotaSamplesFollowEveryChange: the merge QuotaSamples keeps between
// snapshots is made again after a new reading, a reading of the same
// instant delivered later, and a window that takes a stale one's place.
func TestQuotaSamplesFollowEveryChange(t *testing.T) {
	s := New(DefaultLimits())
	s.ApplyQuota([]quota.Sample{qs(quota.Desktop, quota.FiveHour, 10, 20*time.Minute)})
	if got := s.QuotaSamples(); len(got) != 1 || got[0].Percent != 10 {
		t.Fatalf("first: %+v", got)
	}
	s.ApplyQuota([]quota.Sample{qs(quota.Desktop, quota.FiveHour, 12, 10*time.Minute)})
	if got := s.QuotaSamples(); len(got) != 2 || got[1].Percent != 12 {
		t.Fatalf("after a newer reading: %+v", got)
	}
	s.ApplyQuota([]quota.Sample{qs(quota.Desktop, quota.FiveHour, 13, 10*time.Minute)})
	if got := s.QuotaSamples(); len(got) != 2 || got[1].Percent != 13 {
		t.Fatalf("after the same instant again: %+v", got)
	}
	if snap := s.Snapshot(qNow); snap.Quota == nil || snap.Quota.FiveHour.Percent != 13 {
		t.Fatalf("snapshot quota %+v", snap.Quota)
	}
	got := s.QuotaSamples()
	_ = append(got, quota.Sample{Percent: 99}) // a caller's append copies
	if again := s.QuotaSamples(); len(again) != 2 || again[1].Percent != 13 {
		t.Fatalf("a caller's append reached the kept merge: %+v", again)
	}
}

// BenchmarkSnapshotQuota: a snapshot's quota work with a day of the
// desktop app's five-minute readings kept (two windows, 288 each) against
// an hour's (12 each); the merge is sorted once per change, not per
// snapshot, and Figures reads an hour of it (figuresQuota), so the two
// cost the same (issue 52: the live view's CPU grew with the readings
// kept).
func BenchmarkSnapshotQuota(b *testing.B) {
	for _, n := range []int{12, 288} {
		b.Run(map[int]string{12: "hour", 288: "day"}[n], func(b *testing.B) {
			s := New(DefaultLimits())
			var in []quota.Sample
			for i := n; i > 0; i-- {
				ago := time.Duration(i) * 5 * time.Minute
				in = append(in, qs(quota.Desktop, quota.FiveHour, 10, ago), qs(quota.Desktop, quota.SevenDay, 40, ago))
			}
			s.ApplyQuota(in)
			b.ReportAllocs()
			for b.Loop() {
				_ = quota.Figures(s.figuresQuota(qNow), qNow)
			}
		})
	}
}
