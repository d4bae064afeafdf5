package follow

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// gen is one generation of a followed log: one file, known by its identity
// (device and inode, or the file ID on Windows) whatever name it carries,
// and how far it has been read. A rotated generation read to its end is
// closed (see closeDrained): only its identity, offset and the bytes that
// tell it from a newcomer are kept, and it is reopened only if it grows.
type gen struct {
	f     *os.File  // nil while closed
	id    FileID    // identity, taken from the open handle
	mtime time.Time // last write at the last look
	name  string    // base name when first met
	at    string    // base name at the last listing that found it
	off   int64     // next byte of f to read
	size  int64     // size at the last look
	sp    *Splitter // nil once read to the end of a rotated file
	line  int64     // the next line's number while sp is nil; 0 if unknown
	hist  []byte    // last bytes read, ending at off: dedupes a crop's rewritten tail
	head  []byte    // first bytes of f
	// marks, crc, crcOff: checksums of read prefixes (follow_marks.go)
	marks  []mark
	crc    uint32
	crcOff int64

	current   bool      // it carries the family's current name at this check
	listed    bool      // seen in this check's listing
	gone      bool      // retired: deleted, or its identity went to another file
	missing   int       // trusted listings in a row that lacked it
	quiet     time.Time // when it last grew or was last current
	cropWait  int
	cropSince time.Time
}

func (g *gen) close() {
	if g.f != nil {
		g.f.Close()
		g.f = nil
	}
}

// adopt makes f a generation, positioned at start (-1: its end, on a line
// boundary), with its line numbers counted as from the file's start.
func (w *follower) adopt(f *os.File, name string, start int64) (*gen, error) {
	st, err := StatHandle(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("follow %q: %w", w.cfg.Path, err)
	}
	size := st.size
	if start < 0 || start > size {
		start = size
	}
	g := &gen{f: f, id: st.id, mtime: st.mtime, name: name, at: name, off: start, size: size, sp: w.splitter(), quiet: w.lastCheck}
	g.sp.Reset(start)
	g.head = readAtMost(f, 0, headLen, nil)
	if start == 0 {
		if hdr := cropHeaderLen(g.head); hdr > 0 {
			// Met after a crop: the marker and the cut line after it
			// are the writer's repair, not lines.
			start, g.off = int64(hdr), int64(hdr)
			g.sp.Reset(start)
			g.sp.Skipping = true
			g.sp.line = 2
		}
	}
	from := max(0, start-histMax)
	g.hist = readAtMost(f, from, int(start-from), nil)
	if start > 0 {
		g.sp.line = 1 + g.trackFile(f, start)
		if len(g.hist) == 0 || g.hist[len(g.hist)-1] != '\n' {
			g.sp.Skipping = true // we begin inside a line written before us
		}
	}
	return g, nil
}

// baseline makes g, just opened, a generation that was there before us and
// is taken as read (a rotated file at start-up, which the backfill read or
// left out), and closes it: only what identifies it is kept.
func (w *follower) baseline(g *gen) {
	w.release(g)
	g.off = g.size
	g.line = 0
	g.hist = readAtMost(g.f, max(0, g.off-tailCheckLen), int(min(g.off, tailCheckLen)), nil)
	g.close()
}

// closeIdle is how long a drained rotated generation stays open without
// growing before it is closed: one safety poll.
const closeIdle = SafetyPoll

// closeDrained closes g if it is a rotated generation read to its end that
// has not grown for closeIdle. On Windows, holding it would make the app's
// next rotation fail, since a rename onto a file another process holds is
// refused even with share-delete (platforms audit, W1); everywhere it saves
// a descriptor per generation. Its identity and offset stay in the follower,
// so a later listing still knows it and reopens it only if it grew.
func (w *follower) closeDrained(g *gen) {
	if g.f == nil || g.current || g.sp != nil || g.off < g.size || g.cropWait > 0 {
		return
	}
	if w.lastCheck.Sub(g.quiet) < w.closeIdle {
		return
	}
	k := min(len(g.hist), tailCheckLen)
	g.hist = append([]byte(nil), g.hist[len(g.hist)-k:]...)
	g.marks, g.crc, g.crcOff = nil, 0, 0 // recomputed if it ever grows
	g.close()
}

// countLines counts the line ends in f before off.
func countLines(f *os.File, off int64) int64 {
	buf := make([]byte, 64<<10)
	var n int64
	for at := int64(0); at < off; {
		k, err := f.ReadAt(buf[:min(int64(len(buf)), off-at)], at)
		n += int64(bytes.Count(buf[:k], []byte{'\n'}))
		at += int64(k)
		if err != nil || k == 0 {
			break
		}
	}
	return n
}

// catchUp reads g to its end, after checking that what was already read is
// still there (a crop rewrites the file in place). final says g will not
// grow again, so a crop's rewrite is not waited for. It returns g's fstat,
// nil if that failed.
func (w *follower) catchUp(g *gen, final bool) (os.FileInfo, error) {
	fi, err := g.f.Stat()
	if err != nil {
		w.readErr = err.Error()
		return nil, nil
	}
	if !w.sameHandle(g) {
		return nil, nil // readOne reopens it where the listing found it
	}
	g.size, g.mtime = fi.Size(), fi.ModTime()
	if g.size == g.off && g.cropWait == 0 {
		return fi, nil // nothing new: an idle log costs one fstat per check
	}
	if g.sp == nil {
		g.sp = w.splitter() // a straggling write to a rotated file
		g.sp.Reset(g.off)
		g.sp.line = g.line
		if g.line == 0 {
			g.sp.line = 1 + countLines(g.f, g.off)
		}
	}
	if g.size < g.off || (g.size > g.off && !g.intact()) || g.cropWait > 0 {
		if !w.resync(g, final) {
			return fi, nil // give the rewrite a moment to land
		}
	}
	w.switchTo(g)
	r := &atReader{f: g.f, off: &g.off}
	for {
		got, err := g.sp.Fill(r)
		g.remember(got)
		g.trackRead(got)
		w.readTotal += int64(len(got))
		g.sp.Emit(w.collect)
		if w.sendErr != nil {
			return fi, w.sendErr
		}
		if errors.Is(err, io.EOF) {
			return fi, nil
		}
		if err != nil {
			w.readErr = err.Error()
			return fi, nil
		}
	}
}

// sameHandle reports whether g's descriptor still reads g. On a FUSE folder
// written from outside the mount (bindfs) a descriptor follows the name,
// not the file: after the writer renames main.log away, the descriptor the
// follower holds reads the new main.log. The identity its handle reports
// then changes; the follower closes it, and the listing, which knows where
// g's identity went, reopens it there and reads on from g's offset.
func (w *follower) sameHandle(g *gen) bool {
	st, err := StatHandle(g.f)
	if err != nil || st.id == g.id {
		return true
	}
	g.close()
	w.drifted++
	return false
}

// finish delivers a carried partial line of a generation that will not be
// appended to again, and lets go of its buffers.
func (w *follower) finish(g *gen) {
	if g.sp != nil {
		w.switchTo(g)
		g.sp.Flush(w.collect)
		w.release(g)
	}
}

// splitter returns a splitter for a generation, reusing the one a finished
// generation left: each is a megabyte, and the app rotates for good.
func (w *follower) splitter() *Splitter {
	sp := w.spare
	if sp == nil {
		return NewSplitter()
	}
	w.spare = nil
	sp.Reset(0)
	sp.line = 1
	return sp
}

// release takes back the splitter of a generation done with it.
func (w *follower) release(g *gen) {
	if g.sp == nil {
		return
	}
	g.line = g.sp.line
	if w.spare == nil { // collect copied every line out of it
		w.spare = g.sp
	}
	g.sp = nil
}

// intact reports whether the head of the file and the bytes just before our
// offset are still the ones we read.
func (g *gen) intact() bool {
	var buf [tailCheckLen]byte
	if h := readAtMost(g.f, 0, len(g.head), buf[:0]); string(h) != string(g.head) {
		return false
	}
	k := min(tailCheckLen, len(g.hist))
	t := readAtMost(g.f, g.off-int64(k), k, buf[:0])
	return string(t) == string(g.hist[len(g.hist)-k:])
}

func (g *gen) remember(got []byte) {
	if len(g.head) < headLen {
		g.head = readAtMost(g.f, 0, headLen, g.head[:0])
	}
	g.hist = appendHist(g.hist, got)
}

// appendHist appends got to hist and keeps from 320 KiB (histMax) to twice
// that of the newest bytes, in a buffer that never holds more than twice
// histMax: append's growth would round it up past that and keep it (a
// live view follows main.log all day).
func appendHist(hist, got []byte) []byte {
	if len(got) >= histMax {
		return append(hist[:0], got[len(got)-histMax:]...)
	}
	if len(hist)+len(got) > 2*histMax {
		n := copy(hist, hist[len(hist)-(histMax-len(got)):])
		hist = hist[:n]
	}
	if need := len(hist) + len(got); need > cap(hist) {
		grown := make([]byte, len(hist), min(max(2*cap(hist), need), 2*histMax))
		copy(grown, hist)
		hist = grown
	}
	return append(hist, got...)
}

// switchTo makes g the generation collected lines come from, sending what
// was collected from another one first.
func (w *follower) switchTo(g *gen) {
	if w.cur != g && len(w.ends) > 0 && w.sendErr == nil {
		w.sendErr = w.send(w.ctx, false)
	}
	w.cur = g
}

func (w *follower) collect(line []byte) {
	if w.sendErr != nil {
		return
	}
	n := w.cur.sp.line
	if len(w.ends) > 0 && n != w.line+int64(len(w.ends)) {
		// Not the next line (a crop moved us): a batch holds consecutive
		// lines only.
		if w.sendErr = w.send(w.ctx, false); w.sendErr != nil {
			return
		}
	}
	if len(w.ends) == 0 {
		w.line = n
	}
	w.arena = append(w.arena, line...)
	w.ends = append(w.ends, len(w.arena))
	if w.cur.sp.CutLast {
		w.cut++
	}
	if len(w.ends) >= w.cfg.MaxBatchLines || len(w.arena) >= MaxBatchBytes {
		w.partial = true
		w.sendErr = w.send(w.ctx, false)
	}
}

// send hands the collected lines (and the status) to the consumer. With
// force it sends even an empty batch.
func (w *follower) send(ctx context.Context, force bool) error {
	if len(w.ends) == 0 && !force {
		return nil
	}
	b := LineBatch{File: w.cfg.Path, Status: w.status, Lines: make([][]byte, len(w.ends)), Partial: w.partial, Cut: w.cut}
	w.cut = 0
	if len(w.ends) > 0 && w.cur != nil {
		b.Gen, b.Line = w.cur.at, w.line // its name when read: main1.log once rotated, as the saved file has it
		if b.Gen == "" {
			b.Gen = w.cur.name
		}
	}
	w.partial = false
	start := 0
	for i, e := range w.ends {
		b.Lines[i] = w.arena[start:e:e]
		start = e
	}
	// The next batch is likely the same size: allocate it once rather
	// than by doubling, which dominated a backfill's profile.
	w.arena, w.ends = make([]byte, 0, min(MaxBatchBytes+MaxLineBytes, len(w.arena)+len(w.arena)/8)), w.ends[:0]
	w.changed = false
	select {
	case w.out <- b:
		return nil
	default:
	}
	// The consumer is busy. While waiting, keep taking hold of the new
	// generations, or a busy spell longer than the app keeps one (three
	// rotations) would let it be deleted before it was ever opened.
	t := time.NewTicker(grabEvery)
	defer t.Stop()
	for {
		select {
		case w.out <- b:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			w.grab()
		}
	}
}

// grabEvery is how often a follower blocked on its consumer looks for new
// generations.
const grabEvery = 100 * time.Millisecond
