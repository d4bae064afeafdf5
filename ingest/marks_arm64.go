package ingest

// marksNEON is in marks_arm64.s.
//
//go:noescape
func marksNEON(p *byte, chunks int, out *uint64)

// markKernel marks blocks on this CPU: NEON, which every arm64 has (Apple
// silicon first). A variable so that the benchmark can measure the other
// ways here.
var markKernel markFunc = markNEON

// markKernels are the kernels this CPU runs, for the tests to check each.
func markKernels() map[string]markFunc {
	return map[string]markFunc{"neon": markNEON}
}

// markNEON checks markFunc's contract, which the assembly takes on trust.
func markNEON(data []byte, from, chunks int, out []uint64) {
	_ = data[from-2]
	_ = data[from+64*chunks]
	_ = out[2*chunks-1]
	marksNEON(&data[from], chunks, &out[0])
}
