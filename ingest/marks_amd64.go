package ingest

import (
	"sync"
	"time"

	"golang.org/x/sys/cpu"
)

// marksAVX2 and marksSSE2 are in marks_amd64.s.
//
//go:noescape
func marksAVX2(p *byte, chunks int, out *uint64)

//go:noescape
func marksSSE2(p *byte, chunks int, out *uint64)

// markKernel marks blocks on this CPU. It is markFastest: the faster of
// the kernels this CPU runs, measured at the first block marked (not at
// start, which every run pays, the status line's too). AVX2 marks twice
// the bytes an instruction; on an AMD EPYC (family 25) virtual machine it
// ran at 21–23 GB/s against SSE2's 10–11 GB/s (BenchmarkMarkKernel), once
// its set-up stopped mixing a legacy SSE move into AVX code (before, 3.9–4.8
// GB/s). A variable so that the benchmark can measure each way here, the
// indexed split included.
var markKernel markFunc = markFastest

// markFastest marks with fastestKernel's choice.
func markFastest(data []byte, from, chunks int, out []uint64) {
	fastestKernel()(data, from, chunks, out)
}

// fastestKernel times each kernel this CPU runs over the same 16 KiB of
// log-shaped bytes, alternating, and keeps the one with the shortest best
// time of calibrationRounds (about 20 µs in all). A wrong choice on a busy
// machine costs speed, never results: every kernel marks alike.
var fastestKernel = sync.OnceValue(func() markFunc {
	ks := markKernels()
	if len(ks) == 1 {
		return markSSE2
	}
	return ks[fastestOf(ks, calibrationBlock())]
})

// calibrationRounds is how many times each kernel is timed.
const calibrationRounds = 5

// fastestOf names the kernel of ks with the shortest best time over data,
// marked in calls of markBatch chunks as the walk makes them: a cost a call
// (the AVX2 kernel's, while its set-up mixed SSE and AVX encodings, 1,500
// cycles a call that a whole-block call hid) counts as it does there.
func fastestOf(ks map[string]markFunc, data []byte) string {
	chunks := (len(data) - 3) / 64
	out := make([]uint64, 2*markBatch)
	best := map[string]time.Duration{}
	for range calibrationRounds {
		for name, k := range ks {
			start := time.Now()
			for c := 0; c < chunks; c += markBatch {
				k(data, 2+64*c, min(markBatch, chunks-c), out)
			}
			if d := time.Since(start); best[name] == 0 || d < best[name] {
				best[name] = d
			}
		}
	}
	// Where the clock cannot resolve one run (Go's clock on Windows ticks
	// in 0.5-15.6 ms), every run reads 0 and SSE2 is kept.
	choice := "sse2"
	for name, d := range best {
		if d < best[choice] {
			choice = name
		}
	}
	return choice
}

// calibrationBlock is 16 KiB of lines in the app log's shape, with the
// bytes the kernels look for.
func calibrationBlock() []byte {
	const line = "2026-12-07 07:31:02 [info] [CCD] session 3f2a9c41 stopped (idle 12m); status 429 rate_limit_error\n"
	b := make([]byte, 0, 16<<10+len(line))
	for len(b) < 16<<10 {
		b = append(b, line...)
	}
	return b
}

// markKernels are the kernels this CPU runs, for the tests to check each.
func markKernels() map[string]markFunc {
	ks := map[string]markFunc{"sse2": markSSE2}
	if cpu.X86.HasAVX2 {
		ks["avx2"] = markAVX2
	}
	return ks
}

// markAVX2 checks markFunc's contract, which the assembly takes on trust.
func markAVX2(data []byte, from, chunks int, out []uint64) {
	_ = data[from-2]
	_ = data[from+64*chunks]
	_ = out[2*chunks-1]
	marksAVX2(&data[from], chunks, &out[0])
}

// markSSE2 checks markFunc's contract, which the assembly takes on trust.
func markSSE2(data []byte, from, chunks int, out []uint64) {
	_ = data[from-2]
	_ = data[from+64*chunks]
	_ = out[2*chunks-1]
	marksSSE2(&data[from], chunks, &out[0])
}
