package governor

import (
	"testing"
	"time"
)

// Losses pushed out of time order (a daemon log read after main.log) come
// out in time order, and the snapshot's recent ones are the newest by time.
func TestLossesPutInTimeOrderOnce(t *testing.T) {
	t.Parallel()
	s := New(DefaultLimits())
	for _, sec := range []int{10, 20, 30, 5, 25} {
		s.lost(Loss{Time: lt0.Add(time.Duration(sec) * time.Second), Session: "local_" + string(rune('a'+sec)), Cause: LossCrash})
	}
	all, _ := s.Losses()
	for i := 1; i < len(all); i++ {
		if all[i].Time.Before(all[i-1].Time) {
			t.Fatalf("losses out of order: %v", all)
		}
	}
	if got := s.recentLosses(2); len(got) != 2 || got[0].Time != lt0.Add(25e9) || got[1].Time != lt0.Add(30e9) {
		t.Fatalf("recent: %+v", got)
	}
}
