package transcripts

import (
	"bufio"
	"errors"
	"io"
	"os"
	"time"

	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/sources/follow"
)

// MaxLineBytes bounds a line that is decoded: a longer one (a reply that
// wrote a whole file) is skipped and counted, never held.
const MaxLineBytes = 16 << 20

// tail is one transcript as read so far: its identity, where the next
// complete line starts, and its rows of the window.
type tail struct {
	fi   os.FileInfo // its identity (os.SameFile: device and inode, or Windows' file id)
	size int64       // the size when last read
	off  int64       // where the next complete line starts
	rows []quota.Usage
	seen bool
}

// readStats counts what a read skipped.
type readStats struct {
	cut, bad int
	bytes    int64
}

// openFile is how a transcript is opened (a variable: a test counts the
// opens of unchanged files).
var openFile = follow.OpenLog

// update reads what was appended to the file at path since the last read,
// keeping the rows at or after since. It reports whether its rows changed.
// A file that shrank or was replaced is read again from its start; one
// first seen from about where since's lines begin.
func (t *tail) update(path string, fi os.FileInfo, since time.Time, stats *readStats) (bool, error) {
	changed := t.prune(since)
	same := t.seen && os.SameFile(t.fi, fi)
	if same && fi.Size() == t.size {
		t.fi = fi
		return changed, nil // unchanged: a stat, nothing opened
	}
	if !same || fi.Size() < t.off {
		changed = changed || len(t.rows) > 0
		*t = tail{}
	}
	t.fi = fi
	f, err := openFile(path)
	if err != nil {
		return changed, err
	}
	defer f.Close()
	if !t.seen {
		t.off = seekSince(f, fi.Size(), since)
		t.seen = true
	}
	n := len(t.rows)
	end, err := t.readFrom(f, fi.Size(), since, stats)
	t.off, t.size = end, fi.Size()
	return changed || len(t.rows) != n, err
}

// prune drops the rows older than since; they are kept oldest first.
func (t *tail) prune(since time.Time) bool {
	i := 0
	for i < len(t.rows) && t.rows[i].At.Before(since) {
		i++
	}
	if i == 0 {
		return false
	}
	t.rows = append(t.rows[:0:0], t.rows[i:]...)
	return true
}

// readFrom reads the complete lines from t.off up to size and returns
// where the next complete line starts.
func (t *tail) readFrom(f *os.File, size int64, since time.Time, stats *readStats) (int64, error) {
	off := t.off
	br := bufio.NewReaderSize(io.NewSectionReader(f, off, size-off), 256<<10)
	var long []byte
	var lineBytes int64
	skipping := false
	for {
		chunk, err := br.ReadSlice('\n')
		lineBytes += int64(len(chunk))
		stats.bytes += int64(len(chunk))
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			if !skipping && len(long)+len(chunk) <= MaxLineBytes {
				long = append(long, chunk...)
			} else {
				skipping, long = true, long[:0]
			}
			continue
		case err != nil && !errors.Is(err, io.EOF):
			return off, err
		case err != nil: // EOF: a partial last line waits for its end
			return off, nil
		}
		off += lineBytes
		lineBytes = 0
		if skipping {
			stats.cut++
		} else if len(long) > 0 {
			t.take(append(long, chunk...), since, stats)
		} else {
			t.take(chunk, since, stats)
		}
		long, skipping = long[:0], false
		if cap(long) > 1<<20 {
			long = nil // a long line's buffer is not kept
		}
	}
}

// take decodes one line and keeps its usage when it is of the window.
func (t *tail) take(line []byte, since time.Time, stats *readStats) {
	u, ok, err := decodeLine(line)
	if err != nil {
		stats.bad++
		return
	}
	if !ok || u.At.Before(since) {
		return
	}
	// Lines are appended in time order; one out of order is put in place.
	i := len(t.rows)
	for i > 0 && t.rows[i-1].At.After(u.At) {
		i--
	}
	t.rows = append(t.rows, quota.Usage{})
	copy(t.rows[i+1:], t.rows[i:])
	t.rows[i] = u
}
