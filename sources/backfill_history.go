package sources

import (
	"bytes"
	"io"
	"time"
)

// stampTail is how much of a family's newest file is read to find its
// newest stamped line: an entry's continuation lines carry no stamp.
const stampTail = 64 << 10

// newestStamp is the time of the last line that begins an entry in the
// newest non-empty part, found in its last stampTail bytes.
func newestStamp(parts []BackfillPart, sizes []int64, stamp func([]byte) (time.Time, bool)) (time.Time, bool) {
	for i := len(parts) - 1; i >= 0; i-- {
		if sizes[i] == 0 {
			continue
		}
		lo := max(0, sizes[i]-stampTail)
		buf := make([]byte, sizes[i]-lo)
		n, err := parts[i].r.ReadAt(buf, lo)
		parts[i].release()
		if err != nil && err != io.EOF {
			return time.Time{}, false
		}
		buf = buf[:n]
		for len(buf) > 0 {
			j := bytes.LastIndexByte(buf[:len(buf)-1], '\n')
			if j < 0 && lo > 0 {
				break // the first line of the tail may be cut: not a stamp to trust
			}
			if t, ok := stamp(buf[j+1:]); ok {
				return t, true
			}
			buf = buf[:j+1]
		}
		return time.Time{}, false
	}
	return time.Time{}, false
}

// startsAfter says whether the entry at off was stamped after cutoff (a
// zero cutoff: never, so the read stops at the last app start as before).
func startsAfter(r io.ReaderAt, off int64, cutoff time.Time, stamp func([]byte) (time.Time, bool)) bool {
	if cutoff.IsZero() || stamp == nil {
		return false
	}
	var head [64]byte
	n, _ := r.ReadAt(head[:], off)
	t, ok := stamp(head[:n])
	return ok && t.After(cutoff)
}
