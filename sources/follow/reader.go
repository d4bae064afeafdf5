package follow

import (
	"bytes"
	"fmt"
	"io"

	"github.com/coworktop/coworktop/vocab"
)

// MaxLineBytes is vocab.MaxLineBytes: longer lines are cut here, and the
// rest is skipped without being buffered.
const MaxLineBytes = vocab.MaxLineBytes

// readChunk is how much one read asks for. A large chunk keeps the number of
// syscalls and buffer compactions negligible next to the IndexByte scan, which
// is what lets `report` keep up with grep.
const readChunk = 1 << 20

// ReadStats counts what ReadLines saw.
type ReadStats struct {
	Lines    int   // lines delivered, cut ones included
	CutLines int   // lines longer than MaxLineBytes, delivered cut
	Bytes    int64 // bytes read from the reader
}

// ReadLines calls fn once per line of r, in order. The line has no trailing
// "\n" or "\r\n", and the slice is only valid during the call: fn must copy
// what it keeps. A last line without a newline is delivered too. Bytes are
// passed through untouched (NUL, invalid UTF-8); sanitising is the parser's
// job.
func ReadLines(r io.Reader, fn func(line []byte)) (ReadStats, error) {
	s := NewSplitter()
	for {
		_, err := s.Fill(r)
		s.Emit(fn)
		if err == io.EOF {
			s.Flush(fn)
			return s.stats, nil
		}
		if err != nil {
			s.Flush(fn)
			return s.stats, fmt.Errorf("reading log lines: %w", err)
		}
	}
}

// Splitter turns a byte stream into lines with bounded memory. It is shared by
// ReadLines, the backfill and the follower so that all of them cut, strip and
// count lines by the same rule. It carries a partial last line between reads,
// which is what lets the follower resume a line written in several pieces.
type Splitter struct {
	buf        []byte
	start, end int  // unconsumed bytes are buf[start:end]
	Skipping   bool // inside an over-long line whose head was already delivered
	stats      ReadStats
	// cutLast says whether the line being delivered was cut at
	// MaxLineBytes, for a receiver that counts cut lines per batch.
	CutLast bool
	// consumed is the stream offset just past the last newline handled, i.e.
	// where the next complete line starts. The backfill hands it to the
	// follower so nothing is read twice or skipped between them.
	Consumed int64
	pos      int64 // stream offset of buf[start]
	// line is the 1-based number of the line starting at buf[start] (or
	// the one being delivered, during a callback): the follower numbers
	// each generation's lines as a reader of the whole file would.
	line int64
}

// NewSplitter is a Splitter whose buffer holds a read chunk and the
// longest line.
func NewSplitter() *Splitter {
	// Room for one chunk plus a carried partial line of at most
	// MaxLineBytes+1 bytes (a CR may still precede its newline).
	return &Splitter{buf: make([]byte, fullSplitBuf), line: 1}
}

// NewSplitterFor is NewSplitter for a stream of about size bytes: its
// buffer starts at a fit (at least 4 KiB, without the room for a long carried
// line), so a backfill of 20 000 small rotated files does not allocate 68 KiB
// or a megabyte for each. It still takes any size and any line: the buffer
// grows when full, up to NewSplitter's.
func NewSplitterFor(size int64) *Splitter {
	n := int64(fullSplitBuf)
	if size >= 0 && size+2 < n {
		n = max(4<<10, (size+2+4<<10-1)&^(4<<10-1))
	}
	return &Splitter{buf: make([]byte, int(n)), line: 1}
}

// fullSplitBuf is a splitter's buffer at full size: one chunk plus a
// carried partial line of at most MaxLineBytes+1 bytes.
const fullSplitBuf = readChunk + MaxLineBytes + 2

// Fill reads once from r into the buffer and returns the bytes just read; the
// slice is valid until the next fill.
func (s *Splitter) Fill(r io.Reader) ([]byte, error) {
	if s.start > 0 && len(s.buf)-s.end < min(readChunk, len(s.buf)-MaxLineBytes-2) {
		n := copy(s.buf, s.buf[s.start:s.end])
		s.start, s.end = 0, n
	}
	if s.end == len(s.buf) && len(s.buf) < fullSplitBuf {
		// A buffer sized to fit is full: grow it (into a new array, so
		// lines delivered from the old one stay valid for their holders).
		nb := make([]byte, min(fullSplitBuf, 2*len(s.buf)))
		n := copy(nb, s.buf[s.start:s.end])
		s.buf, s.start, s.end = nb, 0, n
	}
	n, err := r.Read(s.buf[s.end:])
	got := s.buf[s.end : s.end+n]
	s.end += n
	s.stats.Bytes += int64(n)
	if n > 0 && err == io.EOF {
		// Deliver these bytes first; EOF will be seen again on the next read.
		err = nil
	}
	return got, err
}

// Emit delivers every complete line in the buffer and bounds the carried
// remainder.
func (s *Splitter) Emit(fn func(line []byte)) {
	for {
		data := s.buf[s.start:s.end]
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			break
		}
		s.start += i + 1
		s.pos += int64(i + 1)
		s.Consumed = s.pos
		if s.Skipping {
			s.Skipping = false
			s.line++
			continue
		}
		s.deliver(data[:i], fn)
		s.line++
	}
	rem := s.end - s.start
	switch {
	case s.Skipping:
		s.pos += int64(rem)
		s.start = s.end
	case rem > MaxLineBytes+1:
		// Longer than the cap even if its last byte is the CR of a CRLF.
		s.stats.Lines++
		s.stats.CutLines++
		s.CutLast = true
		fn(s.buf[s.start : s.start+MaxLineBytes])
		s.pos += int64(rem)
		s.start = s.end
		s.Skipping = true
	}
}

func (s *Splitter) deliver(line []byte, fn func([]byte)) {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	s.CutLast = len(line) > MaxLineBytes
	if s.CutLast {
		line = line[:MaxLineBytes]
		s.stats.CutLines++
	}
	s.stats.Lines++
	fn(line)
}

// Flush delivers a carried partial line as a line of its own: used at the end
// of a stream that will not grow again.
func (s *Splitter) Flush(fn func([]byte)) {
	if s.start < s.end && !s.Skipping {
		s.deliver(s.buf[s.start:s.end], fn)
		s.line++
	}
	s.drop()
	s.Consumed = s.pos
}

// drop forgets the carried partial line without delivering it.
func (s *Splitter) drop() {
	s.pos += int64(s.end - s.start)
	s.start, s.end = 0, 0
	s.Skipping = false
}

// carried reports how many bytes of an unfinished line are held.
func (s *Splitter) carried() int { return s.end - s.start }

// Reset starts a new stream at offset pos, forgetting any carried bytes.
func (s *Splitter) Reset(pos int64) {
	s.start, s.end = 0, 0
	s.Skipping = false
	s.pos, s.Consumed = pos, pos
}

// rebase moves the stream to offset off, keeping any carried partial line:
// used when a crop rewrote bytes we had already read.
func (s *Splitter) rebase(off int64) {
	s.pos = off - int64(s.end-s.start)
	if !s.Skipping {
		s.Consumed = s.pos
	}
}

// Detach gives the current buffer away (lines delivered from it stay valid
// for whoever kept them) and continues in a fresh one with the carried bytes.
func (s *Splitter) Detach() {
	nb := make([]byte, len(s.buf))
	n := copy(nb, s.buf[s.start:s.end])
	s.buf, s.start, s.end = nb, 0, n
}
