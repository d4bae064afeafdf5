package sources

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

// scanChunk is how much the app-start scan searches at once, and, where it
// reads the file rather than a mapping of it, reads. Its reads begin at
// multiples of it, so at a page boundary: a read whose file offset sits
// just before one (the file's size decides where fixed-size chunks counted
// from its end fall) copies several times slower, the page cache's stores
// and the buffer's loads aliasing. It is small because the buffer is new
// memory at start-up: a 1 MiB one cost a start found in the last MiB more
// in page faults than the scan's reads, and 128 reads of a 32 MiB window
// instead of 32 cost nothing measurable.
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

// scanBack scans the window in place when r is a file that can be mapped,
// so that the forward read's copy of each byte is the only one, and reads
// it otherwise (no mapping on this system, or the file was cut short under
// the mapping).
func scanBack(r io.ReaderAt, lo, hi int64, find StartFinder) scanResult {
	if f := mappable(r); f != nil && find.Last != nil && hi > lo {
		if res, err := scanMapped(f, lo, hi, find); err == nil {
			return res
		}
	}
	return readBack(r, lo, hi, find)
}

// mappable is the file r reads, if the scan may map it.
func mappable(r io.ReaderAt) *os.File {
	switch r := r.(type) {
	case *os.File:
		return r
	case interface{ mappable() *os.File }:
		return r.mappable()
	}
	return nil
}

// mapWindow is how much of the window the scan maps at once: the pages it
// touches count in the process's memory while mapped.
const mapWindow = 4 << 20

// scanMapped is readBack over read-only mappings of the window, mapWindow
// at a time from its end: the same chunks, scanned where they lie.
func scanMapped(f *os.File, lo, hi int64, find StartFinder) (scanResult, error) {
	floor := max(lo-1, 0)
	for end := hi; end > floor; {
		from := max(floor, (end-1)&^(mapWindow-1))
		res, err := scanWindow(f, lo, from, end, hi, find)
		if err != nil || res.found || res.reachedLo {
			return res, err
		}
		end = from
	}
	return scanResult{}, nil
}

// scanWindow maps [from, end) of the window [lo, hi), with the app-start
// span after it, and scans it backwards in scanChunk pieces.
func scanWindow(f *os.File, lo, from, end, hi int64, find StartFinder) (res scanResult, err error) {
	base := from &^ int64(os.Getpagesize()-1)
	top := min(end+int64(find.Span), hi)
	m, unmap, err := mapLog(f, base, int(top-base))
	if err != nil {
		return scanResult{}, err
	}
	defer unmap()
	err = onFault(func() {
		for e := end; e > from; {
			start := max(from, (e-1)&^(scanChunk-1))
			skip := int64(1) // m[start-base] is the byte before the first line start owned here
			if start == 0 && lo == 0 {
				skip = 0
			}
			atLine := skip == 0 || m[start-base] == '\n'
			if i := find.Last(m[start+skip-base:min(e+int64(find.Span), top)-base], atLine); i >= 0 {
				res = scanResult{at: start + skip + int64(i), found: true}
				return
			}
			if start == max(lo-1, 0) {
				res = scanResult{reachedLo: true, midLine: !atLine}
			}
			e = start
		}
	})
	return res, err
}

// onFault runs fn, turning a fault on mapped memory (the file cut short
// under the mapping) into an error rather than a crash.
func onFault(fn func()) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(interface{ Addr() uintptr }); !ok {
				panic(r)
			}
			err = fmt.Errorf("scanning a mapped log: %v", r)
		}
	}()
	fn()
	return nil
}

// readBack reads [lo-1, hi) backwards, each byte once, in reads that tile
// it: read k covers [R(k), R(k+1)), its first byte only says whether the
// next begins a line, and a match cut at R(k+1) is completed from the first
// find.Span bytes of read k+1, kept from the read before rather than read
// again.
func readBack(r io.ReaderAt, lo, hi int64, find StartFinder) scanResult {
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
