package sources

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"
)

// readLog counts, per file and per pass (the plan's scan, then Run's
// forward read), how often each byte was read.
type readLog struct {
	mu       sync.Mutex
	pass     int
	counts   map[string]*[2][]int // path -> per pass, per byte
	mappable bool                 // the scan may map the files (it reads them otherwise)
}

type countedFile struct {
	f   *os.File
	log *readLog
}

// mappedFile is a countedFile the scan may map: what it scans that way it
// does not read, so a byte read twice is read twice through ReadAt.
type mappedFile struct{ countedFile }

func (m mappedFile) mappable() *os.File { return m.f }

func (c countedFile) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.f.ReadAt(p, off)
	c.log.mu.Lock()
	defer c.log.mu.Unlock()
	cs := c.log.counts[c.f.Name()]
	if cs == nil {
		cs = new([2][]int)
		c.log.counts[c.f.Name()] = cs
	}
	row := &cs[c.log.pass]
	for i := range n {
		at := int(off) + i
		for len(*row) <= at {
			*row = append(*row, 0)
		}
		(*row)[at]++
	}
	return n, err
}

func (l *readLog) via(f *os.File) io.ReaderAt {
	if l.mappable && canMap {
		return mappedFile{countedFile{f: f, log: l}}
	}
	return countedFile{f: f, log: l}
}

// checkReads fails unless the forward read of path read exactly its bytes
// from start to size once, and the scan read no byte more than once and
// none at or after start that the forward read did not need (the scan
// stops at the chunk holding start).
func (l *readLog) checkReads(t *testing.T, path string, start, size int64) {
	t.Helper()
	cs := l.counts[path]
	if cs == nil {
		cs = new([2][]int)
	}
	for at := range size {
		scan, fwd := count(cs[0], at), count(cs[1], at)
		if want := b2i(at >= start); fwd != want {
			t.Fatalf("%s byte %d: forward read %d times, want %d (start %d)", filepath.Base(path), at, fwd, want, start)
		}
		if scan > 1 {
			t.Fatalf("%s byte %d: scanned %d times", filepath.Base(path), at, scan)
		}
	}
	if n := len(cs[0]) + len(cs[1]); n > 2*int(size) {
		t.Fatalf("%s: read past its end", filepath.Base(path))
	}
}

// scanReads is how many bytes of path the scan read (not mapped).
func (l *readLog) scanReads(path string) int {
	n := 0
	if cs := l.counts[path]; cs != nil {
		for _, c := range cs[0] {
			n += c
		}
	}
	return n
}

func count(row []int, at int64) int {
	if int(at) < len(row) {
		return row[at]
	}
	return 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// filler is a log of whole lines of exactly n bytes, none an app start.
func filler(n int) string {
	const line = "2026-08-30 10:00:00 [info] [process-memory] sys_free=1234MB total=16384MB\n"
	var b strings.Builder
	for b.Len()+len(line) < n {
		b.WriteString(line)
	}
	if rest := n - b.Len(); rest > 0 {
		b.WriteString(strings.Repeat("p", rest-1) + "\n")
	}
	return b.String()
}

// backfilled is what a backfill of text sends: its lines, the last complete.
func backfilled(name, text string) []string {
	var out []string
	for l := range strings.Lines(text) {
		out = append(out, name+":"+strings.TrimSuffix(l, "\n"))
	}
	return out
}

// planCounted plans dir's backfill with every read counted; mapped lets the
// scan map the files where the system can.
func planCounted(t *testing.T, dir string, limit int64, mapped bool) (*Backfill, *readLog) {
	t.Helper()
	rl := &readLog{counts: map[string]*[2][]int{}, mappable: mapped}
	b, err := planBackfillVia(dir, nil, limit, appStarts, rl.via)
	if err != nil {
		t.Fatal(err)
	}
	rl.pass = 1
	return b, rl
}

// An app start whose line straddles a scan read's boundary, or begins just
// before or after it, in the current file or in a rotated generation: the
// backfill sends exactly the lines from it on, as a backfill started there
// would, and reads no byte twice in either pass; when the scan maps the
// file, it reads none, so no byte is read twice at all.
func TestBackfillStartAtAChunkBoundary(t *testing.T) {
	near := map[int][]int{ // offsets from a read's, and from a mapping's, boundary
		2 * scanChunk: {-len(appStart) - 1, -ingestSpan() - 1, -ingestSpan(), -ingestSpan() + 1, -20, -2, -1, 0, 1, 2},
		mapWindow:     {-ingestSpan(), -1, 0, 1},
	}
	for at, ds := range near {
		rotations := []bool{false, true}
		if at == mapWindow {
			rotations = rotations[:1]
		}
		for _, rotated := range rotations {
			for _, d := range ds {
				t.Run(fmt.Sprintf("at=%d/rotated=%v/d=%d", at, rotated, d), func(t *testing.T) {
					for _, mapped := range []bool{false, true} {
						startAtABoundary(t, at+d, rotated, mapped)
					}
				})
			}
		}
	}
}

func startAtABoundary(t *testing.T, at int, rotated bool, mapped bool) {
	t.Helper()
	dir := testfs.TempDir(t)
	head := filler(at)
	after := filler(scanChunk / 2)
	name, cur := "main.log", ""
	if rotated {
		name, cur = "main1.log", filler(3000)
		writeFile(t, filepath.Join(dir, "main.log"), cur)
	}
	path := filepath.Join(dir, name)
	writeFile(t, path, head+appStart+after)
	b, rl := planCounted(t, dir, BackfillMaxBytes, mapped)
	defer b.Close()
	got, _ := runBackfill(t, b, 0)
	want := append(backfilled(name, appStart+after), backfilled("main.log", cur)...)
	expect(t, "lines", strings.Join(got, "|"), strings.Join(want, "|"))
	rl.checkReads(t, path, int64(len(head)), int64(len(head+appStart+after)))
	if rotated {
		rl.checkReads(t, filepath.Join(dir, "main.log"), 0, int64(len(cur)))
	}
	if n := rl.scanReads(path); mapped && canMap && n > 0 {
		t.Fatalf("the scan read %d bytes of a file it could map", n)
	}
}

// With no app start in the window, the byte before it (which says whether
// the window begins inside a line) is read once, by the scan (or mapped),
// and the forward read begins at the window.
func TestBackfillWindowReadsOnce(t *testing.T) {
	for i, cut := range []int{0, 1, 17, 0, 1, 17} { // the window begins cut bytes into a line
		mapped := i >= 3
		dir := testfs.TempDir(t)
		text := filler(3*scanChunk + 12345)
		path := filepath.Join(dir, "main.log")
		writeFile(t, path, text)
		lo := strings.LastIndex(text[:2*scanChunk], "\n") + 1 + cut
		b, rl := planCounted(t, dir, int64(len(text)-lo), mapped)
		got, _ := runBackfill(t, b, 0)
		from := lo
		if cut > 0 {
			from += strings.IndexByte(text[lo:], '\n') + 1
		}
		expect(t, "lines", strings.Join(got, "|"), strings.Join(backfilled("main.log", text[from:]), "|"))
		rl.checkReads(t, path, int64(lo), int64(len(text)))
		if scan := count(rl.counts[path][0], int64(lo-1)); scan != b2i(!mapped || !canMap) {
			t.Fatalf("cut %d: the byte before the window scanned %d times", cut, scan)
		}
		b.Close()
	}
}

func ingestSpan() int { return appStarts.Span }
