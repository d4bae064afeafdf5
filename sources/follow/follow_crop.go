package follow

import (
	"bytes"
)

// resync re-anchors the follower after the current file shrank or its
// content changed under us. electron-log's crop fallback truncates the file
// and writes "[log cropped]" plus the last part of the old content, so the
// start of that tail is something we already delivered: we find the longest
// prefix of the tail that ends our read history and resume right after it.
// A truncation without the marker is a fresh start: everything in the file
// is new. It returns false to wait a tick, because the rewrite may still be
// landing (the file is empty, or the marker and tail are only half there).
func (w *follower) resync(g *gen, final bool) bool {
	now := w.now()
	if g.cropWait == 0 {
		g.cropSince = now
	}
	waitMore := !final && (g.cropWait < cropRetriesLimit || now.Sub(g.cropSince) < cropGrace)
	if g.cropWait == 0 && waitMore {
		g.cropWait = 1
		return false
	}
	data := readAtMost(g.f, 0, len(cropHeader)+2+len(g.hist), nil)
	hdr := cropHeaderLen(data)
	if hdr < 0 && waitMore {
		g.cropWait++
		return false
	}
	var off int
	if hdr > 0 {
		m := overlap(g.hist, data[hdr:])
		if m > 0 && m < minOverlap && data[hdr+m-1] != '\n' {
			// A few bytes matching inside a line is more likely chance
			// than our position: treat it as no overlap. An overlap
			// ending at a line end is safe either way, since skipping
			// the tail's first fragment lands on the same line start.
			m = 0
		}
		if m == 0 && waitMore {
			g.cropWait++
			return false
		}
		w.switchTo(g)
		if m > 0 {
			off = hdr + m
			g.sp.rebase(int64(off)) // the stream continues, carry included
			g.sp.line = 1 + int64(bytes.Count(data[:off], []byte{'\n'}))
		} else {
			// We were further behind than the kept tail: the rest of a
			// carried line was cropped away, and the tail starts inside
			// a line whose head was cropped too. Both are the writer's
			// removal, not ours to repair.
			off = hdr
			g.sp.Reset(int64(off))
			g.sp.Skipping = true
			g.sp.line = 2 // after the marker, the cut line is skipped
		}
		w.setNote("cropped")
		g.marks, g.crc, g.crcOff = g.marks[:0], 0, 0 // the content before off changed
		g.trackFile(g.f, int64(off))
	} else {
		// Cut to a smaller size (or rewritten) without the marker: what
		// is left of what was read is kept, what follows it is new.
		w.switchTo(g)
		keep := lineStartBefore(g.f, g.keptPrefix(g.size))
		if keep < g.sp.Consumed {
			g.sp.Flush(w.collect) // the carried line was cut away: deliver its head
		}
		g.sp.Reset(keep)
		g.sp.line = 1 + countLines(g.f, keep)
		g.retrack(g.f, keep)
		w.setNote("truncated")
		off = int(keep)
	}
	g.cropWait = 0
	g.off = int64(off)
	from := max(0, g.off-histMax)
	g.hist = readAtMost(g.f, from, int(g.off-from), g.hist[:0])
	g.head = append(g.head[:0], data[:min(headLen, len(data))]...)
	return true
}

// minOverlap is the shortest overlap inside a line taken as our position.
const minOverlap = 32

// cropHeaderLen returns the length of a leading crop marker with its line
// end, 0 when there is none, and -1 when data is too short to tell.
func cropHeaderLen(data []byte) int {
	for _, h := range [...]string{cropHeader + "\n", cropHeader + "\r\n"} {
		if bytes.HasPrefix(data, []byte(h)) {
			return len(h)
		}
	}
	if len(data) < len(cropHeader)+2 {
		for _, h := range [...]string{cropHeader + "\n", cropHeader + "\r\n"} {
			if bytes.HasPrefix([]byte(h), data) {
				return -1
			}
		}
	}
	return 0
}

// overlap returns the largest m such that rest[:m] is a suffix of hist, in
// linear time (Knuth–Morris–Pratt over the candidate prefix).
func overlap(hist, rest []byte) int {
	p := rest[:min(len(rest), len(hist))]
	if len(p) == 0 {
		return 0
	}
	fail := make([]int32, len(p))
	for i, k := 1, int32(0); i < len(p); i++ {
		for k > 0 && p[i] != p[k] {
			k = fail[k-1]
		}
		if p[i] == p[k] {
			k++
		}
		fail[i] = k
	}
	q := int32(0)
	for _, c := range hist[len(hist)-len(p):] {
		for q > 0 && (int(q) == len(p) || c != p[q]) {
			q = fail[q-1]
		}
		if c == p[q] {
			q++
		}
	}
	return int(q)
}
