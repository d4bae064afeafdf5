package sources

import (
	"errors"
	"io"
)

// scanChunk is how much the app-start scan reads at once. Its reads begin
// at multiples of it, so at a page boundary: a read whose file offset sits
// just before one (the file's size decides where fixed-size chunks counted
// from its end fall) copies several times slower, the page cache's stores
// and the buffer's loads aliasing. It is small because the buffer is new
// memory at start-up: a 1 MiB one cost a start found in the last MiB more
// in page faults than the scan's reads, and 128 reads of 32 MiB instead of
// 32 cost nothing measurable.
const scanChunk = 256 << 10

// scanResult is what the backward scan of a window [lo, hi) found.
type scanResult struct {
	at    int64 // offset of the last app-start line, if found
	found bool
	// reachedLo: the scan read down to lo without finding a start; midLine
	// then says whether lo is inside a line (the byte before it is no
	// newline), so that nobody reads that byte again.
	reachedLo, midLine bool
}

// lastAppStart finds the offset of the last line in [lo, hi) that opens an
// app start entry.
func lastAppStart(r io.ReaderAt, lo, hi int64, find StartFinder) (int64, bool) {
	res := scanBack(r, lo, hi, find)
	return res.at, res.found
}

// scanBack reads [lo-1, hi) backwards, each byte once, in reads that tile
// it: read k covers [R(k), R(k+1)), its first byte only says whether the
// next begins a line, and a match cut at R(k+1) is completed from the first
// find.Span bytes of read k+1, kept from the read before rather than read
// again.
func scanBack(r io.ReaderAt, lo, hi int64, find StartFinder) scanResult {
	if find.Last == nil || hi <= lo {
		return scanResult{}
	}
	span := find.Span
	buf := make([]byte, scanChunk+span)
	tail := make([]byte, 0, span) // the first bytes of the read above
	floor := max(lo-1, 0)
	for end := hi; end > floor; {
		from := max(floor, (end-1)&^(scanChunk-1))
		n := int(end - from)
		k, err := r.ReadAt(buf[:n], from)
		if k < n || (err != nil && !errors.Is(err, io.EOF)) {
			return scanResult{}
		}
		data := append(buf[:n], tail...)
		skip := 1 // data[0] is the byte before the first line start owned here
		if from == 0 && lo == 0 {
			skip = 0
		}
		if i := find.Last(data[skip:], skip == 0 || data[0] == '\n'); i >= 0 {
			return scanResult{at: from + int64(skip+i), found: true}
		}
		if from == floor {
			return scanResult{reachedLo: true, midLine: skip == 1 && data[0] != '\n'}
		}
		tail = append(tail[:0], buf[:min(span, n)]...)
		end = from
	}
	return scanResult{}
}
