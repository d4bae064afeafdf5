package ingest

import "golang.org/x/sys/cpu"

// marksAVX2 is in marks_amd64.s.
//
//go:noescape
func marksAVX2(p *byte, chunks int, out *uint64)

// haveMarkKernel: the AVX2 kernel runs on this CPU (every x86-64 of the last
// ten years; without it, blocks are split the portable way).
var haveMarkKernel = cpu.X86.HasAVX2

// markKernel fills out with the masks of chunks full 64-byte chunks starting
// at data[from]; data must hold 2 bytes before from and 1 past the chunks.
func markKernel(data []byte, from, chunks int, out []uint64) {
	_ = data[from-2]
	_ = data[from+64*chunks]
	_ = out[2*chunks-1]
	marksAVX2(&data[from], chunks, &out[0])
}
