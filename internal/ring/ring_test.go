package ring

import (
	"slices"
	"testing"
	"time"
)

// last and newest agree with items at every fill and wrap of the ring.
func TestRingLastAndNewest(t *testing.T) {
	t.Parallel()
	r := New[int](5)
	for i := 1; i <= 13; i++ {
		r.Push(i)
		all := r.Items()
		if r.Newest() != i {
			t.Fatalf("after %d pushes newest is %d", i, r.Newest())
		}
		for k := 0; k <= 7; k++ {
			want := all[max(0, len(all)-k):]
			if got := r.Last(k); !slices.Equal(got, want) {
				t.Fatalf("after %d pushes last(%d) = %v, want %v", i, k, got, want)
			}
		}
	}
}

// A ring grows to n without going past it, and keeps its items in order.
func TestRingGrowsToN(t *testing.T) {
	t.Parallel()
	r := New[int](5000)
	for i := 0; i < 5000; i++ {
		r.Push(i)
		if cap(r.buf) > r.n {
			t.Fatalf("after %d pushes cap %d is past n %d", i+1, cap(r.buf), r.n)
		}
	}
	r.Push(5000)
	all := r.Items()
	if len(all) != 5000 || all[0] != 1 || all[4999] != 5000 {
		t.Fatalf("items: %d, first %d, last %d", len(all), all[0], all[len(all)-1])
	}
}

// outcome stands for governor's Outcome: an item of a few words.
type outcome struct {
	at   time.Time
	what string
	line int
}

// BenchmarkRingFill fills a ring of 5000 outcomes, as a month with many
// sessions fills report's evictions: what it allocates on the way.
func BenchmarkRingFill(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r := New[outcome](5000)
		for j := 0; j < 5000; j++ {
			r.Push(outcome{at: time.Unix(int64(j), 0), what: "evicted", line: j})
		}
	}
}
