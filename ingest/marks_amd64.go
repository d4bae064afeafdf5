package ingest

import "golang.org/x/sys/cpu"

// marksAVX2 and marksSSE2 are in marks_amd64.s.
//
//go:noescape
func marksAVX2(p *byte, chunks int, out *uint64)

//go:noescape
func marksSSE2(p *byte, chunks int, out *uint64)

// markKernel marks blocks on this CPU: AVX2 on every x86-64 of the last ten
// years, SSE2 (which every x86-64 has) on the others. A variable so that
// the benchmark can measure each way here, the indexed split included.
var markKernel = bestKernel()

func bestKernel() markFunc {
	if cpu.X86.HasAVX2 {
		return markAVX2
	}
	return markSSE2
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
