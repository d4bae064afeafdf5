package sources

import (
	"fmt"
	"io"
	"slices"
)

// The backfill finds main.log's last app start by reading backwards from the
// end, then sends the lines from there forwards. Reading the bytes again for
// the second pass cost as much as a third of the backfill, so the backward
// scan keeps what it read (heldSeg) and readPart sends lines straight out of
// those buffers; only bytes the app wrote since the plan are read at run time.
// What is held is bounded by the backfill's byte budget (BackfillMaxBytes).

const (
	// firstSegment is the first read, at the end of the file: an app start
	// in the last megabyte is found without reading more.
	firstSegment = 1 << 20
	// maxSegment caps the doubling: bytes before the app start in its
	// segment are read for nothing, so the last read should not be huge.
	maxSegment = 4 << 20
	// segRoom lies before each segment's bytes. The unfinished line at the
	// end of the previous segment (at most MaxLineBytes+1 bytes: splitter.emit
	// cuts longer ones) is copied there, so every line is contiguous.
	segRoom = MaxLineBytes + 2
)

// heldSeg is one range of a file read by the plan. Its buffer is segRoom
// bytes of room, the n bytes read at off, then room for a copy of the next
// segment's first bytes, so that an app-start line cut by the boundary is
// still seen whole.
type heldSeg struct {
	buf []byte
	off int64
	n   int
}

func (s *heldSeg) bytes() []byte { return s.buf[segRoom : segRoom+s.n] }

func (s *heldSeg) end() int64 { return s.off + int64(s.n) }

// scanBack reads [lo, hi) of r backwards in growing segments until find
// matches a line, and returns the offset of the last such line (-1 if none)
// with every segment read, in file order: the first one holds the match, or
// begins at lo. On a read error it returns the error and nothing held.
func scanBack(r io.ReaderAt, lo, hi int64, find StartFinder) (int64, []heldSeg, error) {
	var segs []heldSeg // the last segment of the file first, until the end
	size := int64(firstSegment)
	for end := hi; end > lo; size = min(2*size, maxSegment) {
		start := max(lo, end-size)
		seg, err := readSeg(r, start, end, find.Span)
		if err != nil {
			return -1, nil, err
		}
		n := seg.n
		if len(segs) > 0 {
			n += copy(seg.buf[segRoom+seg.n:], segs[len(segs)-1].bytes())
		}
		segs = append(segs, seg)
		if i := lastIn(r, seg.buf[segRoom:segRoom+n], start, find); i >= 0 {
			slices.Reverse(segs)
			return start + int64(i), segs, nil
		}
		end = start
	}
	slices.Reverse(segs)
	return -1, segs, nil
}

// readSeg reads [start, end) of r into a new segment with tail bytes of
// room after it.
func readSeg(r io.ReaderAt, start, end int64, tail int) (heldSeg, error) {
	n := int(end - start)
	s := heldSeg{buf: make([]byte, segRoom+n+max(tail, 0)), off: start, n: n}
	k, err := r.ReadAt(s.bytes(), start)
	if k < n {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF // the file shrank since it was measured
		}
		return heldSeg{}, fmt.Errorf("reading %d bytes at offset %d: %w", n, start, err)
	}
	return s, nil
}

// lastIn runs find on data, which starts at offset off of r. Whether data[0]
// begins a line is asked of the file only when a match sits right there:
// reading the byte before every segment would read it twice. This relies on
// atLineStart deciding a match at offset 0 only, as StartFinder says.
func lastIn(r io.ReaderAt, data []byte, off int64, find StartFinder) int {
	i := find.Last(data, true)
	if i != 0 || off == 0 {
		return i
	}
	var prev [1]byte
	if _, err := r.ReadAt(prev[:], off-1); err == nil && prev[0] == '\n' {
		return 0
	}
	return find.Last(data, false)
}

// offReader reads r from off on with ReadAt, so the file offset of the
// descriptor handed to the follower is never moved.
type offReader struct {
	r   io.ReaderAt
	off int64
}

func (o *offReader) Read(p []byte) (int, error) {
	n, err := o.r.ReadAt(p, o.off)
	o.off += int64(n)
	return n, err
}

// emitHeld sends the lines of segs from offset from on, out of the segments'
// own buffers (the receivers keep them; nothing here reuses one). The line
// left unfinished at the end goes back into the splitter's buffer, where
// reading the file continues; it returns the offset to continue at.
func (c *batcher) emitHeld(sp *splitter, segs []heldSeg, from int64) (int64, error) {
	own := sp.buf
	var end int64
	for k := range segs {
		seg := &segs[k]
		at := segRoom + int(from-seg.off)
		if k > 0 {
			carry := sp.buf[sp.start:sp.end]
			at = segRoom - len(carry)
			copy(seg.buf[at:], carry)
		}
		sp.buf, sp.start, sp.end = seg.buf[:segRoom+seg.n], at, segRoom+seg.n
		end = seg.end()
		// From here only the batches keep the buffer: once they are
		// consumed it can be collected, so the window is not held whole
		// for the whole backfill.
		*seg = heldSeg{}
		sp.emit(c.collect)
		c.held = false // the lines point into seg.buf, not into own
		if c.err != nil {
			return 0, c.err
		}
	}
	n := copy(own, sp.buf[sp.start:sp.end])
	sp.buf, sp.start, sp.end = own, 0, n
	return end, nil
}
