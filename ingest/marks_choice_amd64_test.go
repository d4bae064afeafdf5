package ingest

import (
	"testing"
	"time"
)

// TestFastestOfPicksTheFasterKernel: the choice at the first block keeps
// the kernel that marks faster, whichever name it has. A kernel that does
// SSE2's work fifty times over is never the choice.
func TestFastestOfPicksTheFasterKernel(t *testing.T) {
	slow := func(data []byte, from, chunks int, out []uint64) {
		for range 50 {
			markSSE2(data, from, chunks, out)
		}
	}
	data := calibrationBlock()
	if !clockResolves(data) {
		// Go's clock on Windows (and under Wine) ticks in 0.5-15.6 ms: a
		// kernel run of 16 KiB reads as 0 and the choice keeps SSE2.
		t.Skip("this clock does not resolve one kernel run here (Windows' coarse tick): the choice stays sse2")
	}
	for fast, ks := range map[string]map[string]markFunc{
		"avx2": {"sse2": slow, "avx2": markSSE2},
		"sse2": {"sse2": markSSE2, "avx2": slow},
	} {
		if got := fastestOf(ks, data); got != fast {
			t.Errorf("fastestOf chose %s, the kernel that does the work fifty times, over %s", got, fast)
		}
	}
}

// TestDefaultKernelMarksAsEachKernel: the kernel chosen at first use marks
// the calibration block as every kernel of this CPU does.
func TestDefaultKernelMarksAsEachKernel(t *testing.T) {
	data := calibrationBlock()
	chunks := (len(data) - 3) / 64
	want := make([]uint64, 2*chunks)
	markKernel(data, 2, chunks, want)
	for name, k := range markKernels() {
		got := make([]uint64, 2*chunks)
		k(data, 2, chunks, got)
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s marks word %d as %x, the default kernel as %x", name, i, got[i], want[i])
			}
		}
	}
}

// clockResolves reports whether the clock sees one run of the
// calibration block, as fastestOf times it: five runs, none read as 0.
func clockResolves(data []byte) bool {
	chunks := (len(data) - 3) / 64
	out := make([]uint64, 2*chunks)
	for range 5 {
		start := time.Now()
		markSSE2(data, 2, chunks, out)
		if time.Since(start) <= 0 {
			return false
		}
	}
	return true
}
