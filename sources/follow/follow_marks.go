package follow

import (
	"bytes"
	"hash/crc32"
	"os"
	"sync"
)

// A truncation to a non-zero size keeps a prefix of what was read; what
// the writer appends after it is new. To tell the kept prefix from new
// content without keeping the file, a generation keeps a checksum of its
// first k·markEvery bytes for every k (16 bytes per 4 KiB read, 40 KiB for
// a 10 MB log), and its last bytes read (hist, 320 KiB or more). After a
// truncation the longest prefix of the file that still matches is found:
// up to the last matching mark by checksum, then byte by byte against
// hist. Reading resumes at the start of the line that prefix ends in, so a
// kept line is not sent again and a line the truncation cut and the writer
// continued is sent once, whole. A truncation further back than hist
// reaches may send again at most the kept lines after the last mark.

// markEvery is the spacing of the prefix checksums.
const markEvery = 4 << 10

// castagnoli is the checksum's table, made at first use: making it costs
// every start of the program (the status line's too) about 0.3 ms.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// mark is the checksum of a generation's bytes [0, off).
type mark struct {
	off int64
	crc uint32
}

// track folds the bytes b, read at [crcOff, crcOff+len(b)), into the
// running checksum, and marks every markEvery bytes.
func (g *gen) track(b []byte) {
	for len(b) > 0 {
		next := g.crcOff - g.crcOff%markEvery + markEvery
		n := min(int64(len(b)), next-g.crcOff)
		g.crc = crc32.Update(g.crc, castagnoli(), b[:n])
		g.crcOff += n
		b = b[n:]
		if g.crcOff == next {
			g.marks = append(g.marks, mark{g.crcOff, g.crc})
		}
	}
}

// trackRead folds bytes just read, which end at g.off, into the checksum;
// bytes that do not continue it (a resync moved the offset) restart it
// from the file.
func (g *gen) trackRead(got []byte) {
	if g.crcOff != g.off-int64(len(got)) {
		g.retrack(g.f, g.off)
		return
	}
	g.track(got)
}

// retrack drops the marks past off and recomputes the checksum up to off
// from f, from the last mark kept.
func (g *gen) retrack(f *os.File, off int64) {
	i := len(g.marks)
	for i > 0 && g.marks[i-1].off > off {
		i--
	}
	g.marks = g.marks[:i]
	g.crcOff, g.crc = 0, 0
	if i > 0 {
		g.crcOff, g.crc = g.marks[i-1].off, g.marks[i-1].crc
	}
	g.trackFile(f, off)
}

// trackFile folds f's bytes from crcOff to off into the checksum and
// returns how many line ends they held.
func (g *gen) trackFile(f *os.File, off int64) int64 {
	buf := make([]byte, 64<<10)
	var lines int64
	for g.crcOff < off {
		k, err := f.ReadAt(buf[:min(int64(len(buf)), off-g.crcOff)], g.crcOff)
		lines += int64(bytes.Count(buf[:k], []byte{'\n'}))
		g.track(buf[:k])
		if err != nil || k == 0 {
			break
		}
	}
	return lines
}

// keptPrefix returns how much of the start of g's file, now size bytes
// long, is still what was read: by the marks' checksums, then byte by byte
// against hist.
func (g *gen) keptPrefix(size int64) int64 {
	buf := make([]byte, 64<<10)
	var kept int64
	crc, pos := uint32(0), int64(0)
	for _, m := range g.marks {
		if m.off > size || m.off > g.off {
			break
		}
		for pos < m.off {
			k, err := g.f.ReadAt(buf[:min(int64(len(buf)), m.off-pos)], pos)
			crc = crc32.Update(crc, castagnoli(), buf[:k])
			pos += int64(k)
			if err != nil || k == 0 {
				break
			}
		}
		if pos != m.off || crc != m.crc {
			break
		}
		kept = m.off
	}
	histFrom := g.off - int64(len(g.hist))
	if kept < histFrom {
		return kept
	}
	have := readAtMost(g.f, kept, int(min(size, g.off)-kept), nil)
	want := g.hist[kept-histFrom:]
	n := 0
	for n < len(have) && n < len(want) && have[n] == want[n] {
		n++
	}
	return kept + int64(n)
}

// lineStartBefore returns the start of the line that holds the byte before
// off (off itself when that byte ends a line, or off is 0).
func lineStartBefore(f *os.File, off int64) int64 {
	for off > 0 {
		from := max(0, off-64<<10)
		b := readAtMost(f, from, int(off-from), nil)
		if len(b) == 0 {
			return 0
		}
		if b[len(b)-1] == '\n' && from+int64(len(b)) == off {
			return off
		}
		if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
			return from + int64(i) + 1
		}
		if from == 0 {
			return 0
		}
		off = from
	}
	return 0
}
