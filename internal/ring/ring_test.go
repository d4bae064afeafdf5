package ring

import (
	"fmt"
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
		if held := slots(r); held > r.n || held >= r.len+chunkLen {
			t.Fatalf("after %d pushes %d slots made, n %d", i+1, held, r.n)
		}
	}
	r.Push(5000)
	all := r.Items()
	if len(all) != 5000 || all[0] != 1 || all[4999] != 5000 {
		t.Fatalf("items: %d, first %d, last %d", len(all), all[0], all[len(all)-1])
	}
}

// slots is how many slots r's chunks hold.
func slots[T any](r *Ring[T]) int {
	n := 0
	for _, c := range r.chunks {
		n += len(c)
	}
	return n
}

// Every read agrees with a plain list of the last n pushed, at every fill
// and wrap, for bounds below, at and past a chunk's length; Reset and
// SetNewest too.
func TestRingAgreesWithAList(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 2, chunkLen - 1, chunkLen, chunkLen + 1, 2*chunkLen + 5, 200} {
		r := New[int](n)
		var want []int
		check := func(step string) {
			t.Helper()
			if r.Len() != len(want) || !slices.Equal(r.Items(), want) {
				t.Fatalf("n %d, %s: items %v, want %v", n, step, r.Items(), want)
			}
			for i := range want {
				if *r.At(i) != want[i] {
					t.Fatalf("n %d, %s: At(%d) = %d, want %d", n, step, i, *r.At(i), want[i])
				}
			}
			for _, k := range []int{0, 1, chunkLen - 1, chunkLen + 1, n, n + 1} {
				if got := r.Last(k); !slices.Equal(got, want[max(0, len(want)-k):]) {
					t.Fatalf("n %d, %s: Last(%d) = %v", n, step, k, got)
				}
			}
			back := slices.Clone(want)
			slices.Reverse(back)
			if !slices.Equal(r.NewestFirst(), back) {
				t.Fatalf("n %d, %s: newest first %v", n, step, r.NewestFirst())
			}
			if len(want) > 0 && r.Newest() != want[len(want)-1] {
				t.Fatalf("n %d, %s: newest %d", n, step, r.Newest())
			}
		}
		for i := range 3*n + 7 {
			r.Push(i)
			if want = append(want, i); len(want) > n {
				want = want[1:]
			}
			check(fmt.Sprintf("push %d", i))
		}
		r.SetNewest(-1)
		want[len(want)-1] = -1
		check("set newest")
		half := want[len(want)/2:]
		r.Reset(slices.Clone(half))
		want = slices.Clone(half)
		check("reset")
		r.Push(-2)
		if want = append(want, -2); len(want) > n {
			want = want[1:]
		}
		check("push after reset")
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
