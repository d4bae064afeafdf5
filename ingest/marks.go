package ingest

import (
	"bytes"
	"math/bits"

	"github.com/coworktop/coworktop/vocab"
)

// Splitting a block into lines is report's hot loop: a gigabyte of log is
// ten million lines, and most of them say nothing. Two ways, held to the
// same result by the tests:
//
//   - feedLinesMarked, where there is a mark kernel (markKernel): one vector
//     pass marks, 64 bytes at a time, the newlines and the places where a
//     rate-limit signal may sit (mayHoldSignal); the walk then reads line
//     ends off the masks and only a marked line is searched for a signal.
//     The kernels are AVX2 on amd64, or SSE2 where a CPU lacks AVX2
//     (marks_amd64.s), and NEON on arm64, Apple silicon included
//     (marks_arm64.s); all give marksOf's masks.
//   - feedLinesIndexed on the other architectures (riscv64, ppc64le, s390x,
//     loong64, 386, …): a bytes.IndexByte per line, and a search of the
//     whole block for error types (errorTypeLines). It costs about a
//     quarter more CPU than the AVX2 split on the generator's log (the
//     README's Measured table). A SWAR kernel (pure Go, 8 bytes in a
//     uint64) was tried in its place and cost more still: IndexByte is
//     vector code on every CPU that matters, and a byte-exact SWAR test of
//     the three patterns takes some 35 instructions a word.
//
// Both strip a CR before the newline, cut lines at vocab.MaxLineBytes and
// deliver a last line without newline, as ReadLines does.

// markBatch is how many 64-byte chunks are marked at a time: the masks stay
// in a small array on the stack, next to the bytes they describe in cache.
const markBatch = 64

// markFunc fills out with the masks of chunks full 64-byte chunks starting
// at data[from]; data must hold 2 bytes before from and 1 past the chunks.
type markFunc func(data []byte, from, chunks int, out []uint64)

// feedLines feeds every line of an in-memory block to asm and returns the
// line and cut-line counts, and signals (scratch for the indexed split) to
// be passed again with the next block.
func feedLines(data []byte, asm *assembler, signals []int) (lines, cut int, used []int) {
	if markKernel != nil {
		lines, cut = feedLinesMarked(data, asm, markKernel)
		return lines, cut, signals
	}
	signals = errorTypeLines(data, signals)
	lines, cut = feedLinesIndexed(data, asm, signals)
	return lines, cut, signals
}

// lineSink delivers lines by ReadLines' rules and counts them.
type lineSink struct {
	asm        *assembler
	lines, cut int
}

func (s *lineSink) deliver(line []byte, mayHaveSignal bool) {
	s.asm.FeedLine(s.next(line), mayHaveSignal)
}

// next counts a line and gives it as the assembler takes it; small enough
// to be inlined in the walks, where a call a line showed in the profile
// (trim, the rare case, is the call).
func (s *lineSink) next(line []byte) []byte {
	s.lines++
	if n := len(line); n > 0 && (line[n-1] == '\r' || n > vocab.MaxLineBytes) {
		return s.trim(line)
	}
	return line
}

// trim strips a CR before the newline and cuts a line at
// vocab.MaxLineBytes, counting the cut.
func (s *lineSink) trim(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	if len(line) > vocab.MaxLineBytes {
		line = line[:vocab.MaxLineBytes]
		s.cut++
	}
	return line
}

// markMasks are the masks of markBatch chunks, two words a chunk.
type markMasks [2 * markBatch]uint64

func feedLinesMarked(data []byte, asm *assembler, kernel markFunc) (lines, cut int) {
	sink := lineSink{asm: asm}
	// The masks are the assembler's, kept from block to block: the kernel
	// is called through a variable, so an array on the stack escaped, and
	// each block allocated one afresh (a kilobyte of new heap a block, 150
	// page faults in report on 256 MiB; issue 49).
	if asm.masks == nil {
		asm.masks = new(markMasks)
	}
	masks := asm.masks
	chunks := (len(data) + 63) / 64
	// The kernel reads 2 bytes before a chunk and 1 after it: the first
	// chunk and the last (partial) ones are marked in Go.
	kernelEnd := max(1, (len(data)-1)/64)
	start, marked := 0, false
	for c := 0; c < chunks; c += markBatch {
		n := min(markBatch, chunks-c)
		for j := 0; j < n; {
			k := c + j
			if k == 0 || k >= kernelEnd {
				masks[2*j], masks[2*j+1] = marksOf(data, 64*k)
				j++
				continue
			}
			run := min(n-j, kernelEnd-k)
			kernel(data, 64*k, run, masks[2*j:])
			j += run
		}
		for j := 0; j < n; j++ {
			base := 64 * (c + j)
			nl, cand := masks[2*j], masks[2*j+1]
			for nl != 0 {
				p := bits.TrailingZeros64(nl)
				upTo := uint64(2)<<p - 1 // bits 0..p (all 64 when p is 63)
				if c := cand & upTo; c != 0 && !marked {
					marked = candidatesHold(data, base, c, start)
				}
				cand &^= upTo
				nl &= nl - 1
				asm.FeedLine(sink.next(data[start:base+p]), marked)
				start, marked = base+p+1, false
			}
			if cand != 0 && !marked {
				marked = candidatesHold(data, base, cand, start)
			}
		}
	}
	if start < len(data) {
		sink.deliver(data[start:], marked)
	}
	return sink.lines, sink.cut
}

// marksOf is the kernel's rule for one chunk, in Go: the chunk at data[off:]
// (cut short at the end of data).
func marksOf(data []byte, off int) (nl, cand uint64) {
	end := min(off+64, len(data))
	for i := off; i < end; i++ {
		bit := uint64(1) << (i - off)
		switch data[i] {
		case '\n':
			nl |= bit
		case '9':
			if statusDigitsAt(data, i) {
				cand |= bit
			}
		case '_':
			if i+1 < len(data) && data[i+1] == 'e' {
				cand |= bit
			}
		}
	}
	return nl, cand
}

// feedLinesIndexed is the portable split. signals are the offsets of the
// lines that hold a rate-limit error type (errorTypeLines); each line is
// checked for a status as it goes by (mayHaveStatus).
func feedLinesIndexed(data []byte, asm *assembler, signals []int) (lines, cut int) {
	sink := lineSink{asm: asm}
	for off := 0; off < len(data); {
		start := off
		var line []byte
		if i := bytes.IndexByte(data[off:], '\n'); i < 0 {
			line, off = data[off:], len(data)
		} else {
			line, off = data[off:off+i], off+i+1
		}
		hit := len(signals) > 0 && signals[0] == start
		if hit {
			signals = signals[1:]
		}
		line = sink.next(line)
		asm.FeedLine(line, hit || mayHaveStatus(line))
	}
	return sink.lines, sink.cut
}
