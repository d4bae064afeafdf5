package ingest

import "golang.org/x/sys/cpu"

// marksAVX2 is in marks_amd64.s.
//
//go:noescape
func marksAVX2(p *byte, chunks int, out *uint64)

// markKernel marks blocks on this CPU: AVX2 on every x86-64 of the last ten
// years; nil (the indexed split) on the others. A variable so that the
// benchmark can measure the indexed split here.
var markKernel = avx2Kernel()

func avx2Kernel() markFunc {
	if cpu.X86.HasAVX2 {
		return markAVX2
	}
	return nil
}

// markKernels are the kernels this CPU runs, for the tests to check each.
func markKernels() map[string]markFunc {
	if k := avx2Kernel(); k != nil {
		return map[string]markFunc{"avx2": k}
	}
	return nil
}

// markAVX2 checks markFunc's contract, which the assembly takes on trust.
func markAVX2(data []byte, from, chunks int, out []uint64) {
	_ = data[from-2]
	_ = data[from+64*chunks]
	_ = out[2*chunks-1]
	marksAVX2(&data[from], chunks, &out[0])
}
