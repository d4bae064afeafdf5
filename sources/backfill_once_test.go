package sources

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/coworktop/coworktop/ingest"
)

// countingReaderAt counts every byte read through it.
type countingReaderAt struct {
	r io.ReaderAt
	n *atomic.Int64
}

func (c countingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.n.Add(int64(n))
	return n, err
}

func readFixture(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "logs", rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// onceLogs builds logs from the real-shaped fixtures: chatter without an app
// start (LF and CRLF lines, multi-line objects), and two app-start entries.
type onceLogs struct{ chatter, startLF, startCRLF string }

func newOnceLogs(t *testing.T) onceLogs {
	win := readFixture(t, "windows/main.log")
	return onceLogs{
		chatter:   readFixture(t, "macos/main.log") + strings.ReplaceAll(win, "Starting app {", "Starting ap {"),
		startLF:   readFixture(t, "macos/main1.log"),
		startCRLF: win,
	}
}

// fill returns exactly n bytes of chatter, ending with a newline: its last
// line may be cut short.
func (l onceLogs) fill(n int) string {
	if n <= 0 {
		return ""
	}
	s := strings.Repeat(l.chatter, n/len(l.chatter)+1)[:n-1]
	return s + "\n"
}

// wantBackfill is the plan's rule applied to whole files in memory, the
// reference the backfill must match: newest file first, the last app start
// within the byte budget, else the budget's first whole line.
func wantBackfill(files [][2]string, limit int) []string {
	budget, first, start := limit, 0, 0
	for i := len(files) - 1; i >= 0; i-- {
		data := files[i][1]
		lo := max(0, len(data)-budget)
		if j := ingest.LastAppStart([]byte(data[lo:]), lo == 0 || data[lo-1] == '\n'); j >= 0 {
			first, start = i, lo+j
			break
		}
		if lo > 0 || i == 0 {
			first, start = i, lo
			if lo > 0 && data[lo-1] != '\n' {
				start = lo + strings.IndexByte(data[lo:], '\n') + 1
			}
			break
		}
		if budget -= len(data); budget <= 0 {
			first = i
			break
		}
	}
	var out []string
	for i := first; i < len(files); i++ {
		data := files[i][1]
		if i == first {
			data = data[start:]
		}
		_, _ = ReadLines(strings.NewReader(data), func(line []byte) {
			out = append(out, files[i][0]+":"+string(line))
		})
	}
	return out
}

// The backfill reads each byte of its window once: the app-start scan's
// bytes are the ones sent, not read again (it read them twice before).
func TestBackfillReadsEachByteOnce(t *testing.T) {
	l := newOnceLogs(t)
	const limit = 8<<20 + 333
	type file = [2]string
	cases := []struct {
		name  string
		files []file
	}{
		{"no app start in the window", []file{{"main.log", l.startLF + l.fill(2*limit)}}},
		{"app start near the window's start", []file{{"main.log", l.fill(limit) + l.startCRLF + l.fill(limit-200<<10)}}},
		{"app start in a rotated generation", []file{{"main2.log", l.fill(1 << 20)},
			{"main1.log", l.fill(2<<20) + l.startLF + l.fill(3<<20)}, {"main.log", l.fill(4 << 20)}}},
		{"no app start across generations", []file{{"main2.log", l.fill(3 << 20)},
			{"main1.log", l.fill(3 << 20)}, {"main.log", l.fill(4 << 20)}}},
		{"a file shorter than the window", []file{{"main.log", l.fill(5000) + l.startLF + l.fill(7000)}}},
	}
	// An app-start line cut by each of the first three segment boundaries
	// (1, 3 and 7 MiB before the end), or starting just at or after one.
	for _, b := range []int{firstSegment, 3 * firstSegment, 7 * firstSegment} {
		for _, d := range []int{-1, 0, 1, 20, ingest.AppStartSpan - 1, ingest.AppStartSpan} {
			start := l.startLF
			if d%2 != 0 {
				start = l.startCRLF
			}
			cases = append(cases, struct {
				name  string
				files []file
			}{fmt.Sprintf("app start %d bytes before %d from the end", d, b),
				[]file{{"main.log", l.fill(64<<10) + start + l.fill(b+d-len(start))}}})
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			size := 0
			for _, f := range c.files {
				writeFile(t, filepath.Join(dir, f[0]), f[1])
				size += len(f[1])
			}
			var read atomic.Int64
			wrap := func(f *os.File) io.ReaderAt { return countingReaderAt{f, &read} }
			b, err := planner{limit: limit, start: appStarts, wrap: wrap}.plan(dir, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			got, _ := runBackfill(t, b, 0)
			want := wantBackfill(c.files, limit)
			if len(got) != len(want) || len(got) == 0 {
				t.Fatalf("%d lines, want %d", len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("line %d: %.80q, want %.80q", i, got[i], want[i])
				}
			}
			// A few single bytes may be read to learn whether a line
			// starts where a scan or the window begins.
			if n, window := read.Load(), int64(min(size, limit)); n > window+4 {
				t.Errorf("read %d bytes for a window of %d", n, window)
			}
		})
	}
}

// The first line sent after an app start found across a boundary is the
// app start itself.
func TestBackfillHeldStartsAtTheAppStart(t *testing.T) {
	l := newOnceLogs(t)
	dir := t.TempDir()
	body := l.fill(100) + l.startCRLF + l.fill(firstSegment+10-len(l.startCRLF))
	writeFile(t, filepath.Join(dir, "main.log"), body)
	b, err := PlanBackfill(dir, nil, appStarts)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if len(b.Parts) != 1 || len(b.Parts[0].held) != 2 || b.Parts[0].Start != 100 {
		t.Fatalf("parts %+v", b.Parts)
	}
	got, _ := runBackfill(t, b, 0)
	first := strings.TrimRight(l.startCRLF[:bytes.IndexByte([]byte(l.startCRLF), '\n')], "\r")
	expect(t, "first line", got[0], "main.log:"+first)
}

// Lines the app writes between the plan and Run are read from the file,
// after the held bytes, and the cut line between them is whole.
func TestBackfillHeldThenGrown(t *testing.T) {
	l := newOnceLogs(t)
	dir := t.TempDir()
	p := filepath.Join(dir, "main.log")
	writeFile(t, p, l.startLF+l.fill(2<<20)+"2026-09-30 10:00:00 [info] half")
	b, err := PlanBackfill(dir, nil, appStarts)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := appendBytes(p, []byte(" and half\n2026-09-30 10:00:01 [info] last\n")); err != nil {
		t.Fatal(err)
	}
	got, _ := runBackfill(t, b, 0)
	tail := strings.Join(got[len(got)-2:], "|")
	expect(t, "tail", tail, "main.log:2026-09-30 10:00:00 [info] half and half|main.log:2026-09-30 10:00:01 [info] last")
	if fi, err := os.Stat(p); err != nil || b.Follow[0].StartAt != fi.Size() {
		t.Fatalf("handoff at %d, size %v %v", b.Follow[0].StartAt, fi, err)
	}
}
