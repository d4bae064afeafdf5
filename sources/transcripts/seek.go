package transcripts

import (
	"bytes"
	"io"
	"time"
)

// A transcript is appended in time order, so the lines of the current
// window are at its end: a file first seen is read from about where they
// begin, found by bisection on the timestamps of the lines, not from its
// start (files pass 500 MB).

// probeBytes is how much one probe reads; seekSlack how close the bisection
// gets before it stops (the rest is read and filtered line by line).
const (
	probeBytes = 64 << 10
	seekSlack  = 1 << 20
)

// stampKey starts a line's own timestamp; inside a string it would be
// escaped (\"timestamp\"), so text cannot fake one.
var stampKey = []byte(`"timestamp":"`)

// seekSince is the offset of a line start at or before the first line of
// f stamped at or after since; 0 when the file is small or its stamps
// cannot be read.
func seekSince(f io.ReaderAt, size int64, since time.Time) int64 {
	lo, hi := int64(0), size
	buf := make([]byte, probeBytes)
	for hi-lo > seekSlack {
		mid := lo + (hi-lo)/2
		t, ok := stampAfter(f, mid, buf)
		if ok && t.Before(since) {
			lo = mid
		} else {
			hi = mid // newer, or unknown: read more rather than less
		}
	}
	if lo == 0 {
		return 0
	}
	return lineStartAfter(f, lo, buf)
}

// stampAfter is the timestamp of the first whole line after off that has
// one within a probe's reach.
func stampAfter(f io.ReaderAt, off int64, buf []byte) (time.Time, bool) {
	n, _ := f.ReadAt(buf, off)
	b := buf[:n]
	nl := bytes.IndexByte(b, '\n')
	if nl < 0 {
		return time.Time{}, false
	}
	b = b[nl+1:]
	for len(b) > 0 {
		end := bytes.IndexByte(b, '\n')
		if end < 0 {
			return time.Time{}, false // the line goes past the probe
		}
		if i := bytes.Index(b[:end], stampKey); i >= 0 {
			v := b[i+len(stampKey) : end]
			if q := bytes.IndexByte(v, '"'); q > 0 {
				if t, err := time.Parse(time.RFC3339Nano, string(v[:q])); err == nil {
					return t, true
				}
			}
		}
		b = b[end+1:]
	}
	return time.Time{}, false
}

// lineStartAfter is the offset just past the first newline at or after
// off (the end of what can be read when there is none).
func lineStartAfter(f io.ReaderAt, off int64, buf []byte) int64 {
	for {
		n, _ := f.ReadAt(buf, off)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return off + int64(i) + 1
		}
		off += int64(n)
		if n < len(buf) {
			return off
		}
	}
}
