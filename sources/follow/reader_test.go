package follow

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
)

func collect(t *testing.T, r io.Reader) ([]string, ReadStats) {
	t.Helper()
	var got []string
	st, err := ReadLines(r, func(l []byte) { got = append(got, string(l)) })
	if err != nil {
		t.Fatalf("ReadLines: %v", err)
	}
	return got, st
}

func TestReadLinesShapes(t *testing.T) {
	long := strings.Repeat("x", MaxLineBytes)
	cases := []struct {
		name string
		in   string
		want []string
		cut  int
	}{
		{"empty", "", nil, 0},
		{"one", "a\n", []string{"a"}, 0},
		{"no final newline", "a\nb", []string{"a", "b"}, 0},
		{"crlf", "a\r\nb\r\n", []string{"a", "b"}, 0},
		{"lone cr kept inside", "a\rb\n", []string{"a\rb"}, 0},
		{"final cr stripped", "a\r", []string{"a"}, 0},
		{"blank lines", "\n\n", []string{"", ""}, 0},
		{"nul and invalid utf8", "a\x00b\xff\xfe\n", []string{"a\x00b\xff\xfe"}, 0},
		{"exactly max", long + "\n", []string{long}, 0},
		{"exactly max crlf", long + "\r\n", []string{long}, 0},
		{"max plus one", long + "y\nz\n", []string{long, "z"}, 1},
		{"max plus one unterminated", long + "y", []string{long}, 1},
		{"far too long", long + strings.Repeat("y", 3*readChunk) + "\nz\n", []string{long, "z"}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, mode := range []string{"whole", "onebyte", "half"} {
				var r io.Reader = strings.NewReader(c.in)
				switch mode {
				case "onebyte":
					if len(c.in) > 1<<20 {
						continue
					}
					r = iotest.OneByteReader(r)
				case "half":
					r = iotest.HalfReader(r)
				}
				got, st := collect(t, r)
				if strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
					t.Fatalf("%s: got %d lines %.40q, want %d %.40q", mode, len(got), got, len(c.want), c.want)
				}
				if st.CutLines != c.cut || st.Lines != len(c.want) || st.Bytes != int64(len(c.in)) {
					t.Fatalf("%s: stats %+v, want cut %d lines %d bytes %d", mode, st, c.cut, len(c.want), len(c.in))
				}
			}
		})
	}
}

// endless yields n bytes of one long line without ever holding them.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	if e.n <= 0 {
		return 0, io.EOF
	}
	k := int64(len(p))
	if k > e.n {
		k = e.n
	}
	for i := range p[:k] {
		p[i] = 'q'
	}
	e.n -= k
	return int(k), nil
}

func TestReadLinesHugeLineBoundedMemory(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r := io.MultiReader(&endless{n: 20 << 20}, strings.NewReader("\nafter\n"))
	var lens []int
	st, err := ReadLines(r, func(l []byte) { lens = append(lens, len(l)) })
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if len(lens) != 2 || lens[0] != MaxLineBytes || lens[1] != len("after") || st.CutLines != 1 {
		t.Fatalf("lines %v stats %+v", lens, st)
	}
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 4<<20 {
		t.Fatalf("allocated %d bytes for a 20 MB line; want the buffer only", grown)
	}
}

func TestReadLinesReportsReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("a\nb"), iotest.ErrReader(boom))
	var got []string
	_, err := ReadLines(r, func(l []byte) { got = append(got, string(l)) })
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want wrapped boom", err)
	}
	if strings.Join(got, ",") != "a,b" {
		t.Fatalf("got %q", got)
	}
}

func TestSplitterConsumedOffset(t *testing.T) {
	s := NewSplitter()
	r := strings.NewReader("ab\ncd\nef")
	for {
		if _, err := s.Fill(r); err != nil {
			break
		}
		s.Emit(func([]byte) {})
	}
	if s.Consumed != 6 || s.carried() != 2 {
		t.Fatalf("consumed %d carried %d, want 6 and 2", s.Consumed, s.carried())
	}
}

// benchLog is a realistic mix: mostly long non-governor lines, some governor
// lines, a multi-line entry.
func benchLog(size int) []byte {
	mix := "2026-08-30 20:35:14 [info] [process-memory] sys_free=1234MB total=16384MB sys_free_raw=429MB tree_rss=2048MB children=7\n" +
		"2026-08-30 20:35:15 [info] [CliGovernor] acquire(warm) effective=3/6\n" +
		"2026-08-30 20:35:16 [info] Starting app {\n  appVersion: '1.40609.0',\n  platform: 'darwin'\n}\n" +
		"2026-08-30 20:35:17 [warn] [CCD] LocalSessions.setFocusedSession: sessionId=local_0b7a2c1e-7a4e-4d0c-9a44-3d1f3e9b1c2a\n"
	var b bytes.Buffer
	for b.Len() < size {
		b.WriteString(mix)
	}
	return b.Bytes()
}

func BenchmarkReadLines(b *testing.B) {
	data := benchLog(64 << 20)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		if _, err := ReadLines(bytes.NewReader(data), func(l []byte) { n += len(l) }); err != nil {
			b.Fatal(err)
		}
	}
}

// A splitter sized to a small file grows when a line outgrows it, so it
// cuts and counts as the full-size one does (the backfill of a rotated
// generation that grew after planning).
func TestSplitterSizedToFitTakesAnyLine(t *testing.T) {
	long := strings.Repeat("x", MaxLineBytes+5000)
	in := "a\n" + long + "\nb\n" + strings.Repeat("y", 9000) + "\nc"
	var want, got []string
	ws := NewSplitter()
	gs := NewSplitterFor(10)
	if len(gs.buf) != 4<<10 {
		t.Fatalf("buffer for 10 bytes is %d bytes", len(gs.buf))
	}
	for _, c := range []struct {
		s   *Splitter
		out *[]string
	}{{ws, &want}, {gs, &got}} {
		r := strings.NewReader(in)
		for {
			_, err := c.s.Fill(r)
			c.s.Emit(func(l []byte) { *c.out = append(*c.out, fmt.Sprintf("%d:%.3s", len(l), l)) })
			if err == io.EOF {
				break
			}
		}
		c.s.Flush(func(l []byte) { *c.out = append(*c.out, fmt.Sprintf("%d:%.3s", len(l), l)) })
	}
	if strings.Join(got, " ") != strings.Join(want, " ") || gs.stats != ws.stats {
		t.Fatalf("sized to fit: %v %+v\nfull size:   %v %+v", got, gs.stats, want, ws.stats)
	}
}
