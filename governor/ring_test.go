package governor

import (
	"slices"
	"testing"
	"time"
)

// last and newest agree with items at every fill and wrap of the ring.
func TestRingLastAndNewest(t *testing.T) {
	t.Parallel()
	r := newRing[int](5)
	for i := 1; i <= 13; i++ {
		r.push(i)
		all := r.items()
		if r.newest() != i {
			t.Fatalf("after %d pushes newest is %d", i, r.newest())
		}
		for k := 0; k <= 7; k++ {
			want := all[max(0, len(all)-k):]
			if got := r.last(k); !slices.Equal(got, want) {
				t.Fatalf("after %d pushes last(%d) = %v, want %v", i, k, got, want)
			}
		}
	}
}

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

// A ring grows to n without going past it, and keeps its items in order.
func TestRingGrowsToN(t *testing.T) {
	t.Parallel()
	r := newRing[int](5000)
	for i := 0; i < 5000; i++ {
		r.push(i)
		if cap(r.buf) > r.n {
			t.Fatalf("after %d pushes cap %d is past n %d", i+1, cap(r.buf), r.n)
		}
	}
	r.push(5000)
	all := r.items()
	if len(all) != 5000 || all[0] != 1 || all[4999] != 5000 {
		t.Fatalf("items: %d, first %d, last %d", len(all), all[0], all[len(all)-1])
	}
}

// BenchmarkRingFill fills a ring of 5000 outcomes, as a month with many
// sessions fills report's evictions: what it allocates on the way.
func BenchmarkRingFill(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r := newRing[Outcome](5000)
		for j := 0; j < 5000; j++ {
			r.push(Outcome{Line: j})
		}
	}
}
