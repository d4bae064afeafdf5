package ingest

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// markAlphabet is heavy in the bytes the kernels look for, so random data
// holds 429s, 529s, _e pairs and newlines at every position of a chunk;
// highAlphabet adds their high-bit twins and the bytes around 0x00 and
// 0x80, where a kernel that tests bytes arithmetically would slip.
const (
	markAlphabet = "\n\r9245_ex "
	highAlphabet = markAlphabet + "\x8a\xb9\xb2\xb4\xb5\xdf\xe5\x80\xff\x00\x7f\x01\x34\x35"
)

func randomMarkData(rng *rand.Rand, n int) []byte {
	return randomFrom(rng, n, markAlphabet)
}

func randomFrom(rng *rand.Rand, n int, alphabet string) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.Intn(len(alphabet))]
	}
	return b
}

// kernelsOrSkip are the mark kernels this machine runs.
func kernelsOrSkip(t testing.TB) map[string]markFunc {
	ks := markKernels()
	if len(ks) == 0 {
		t.Skip("no mark kernel on this machine")
	}
	return ks
}

func TestMarkKernelsMatchGo(t *testing.T) {
	for name, kernel := range kernelsOrSkip(t) {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(1))
			for trial := 0; trial < 600; trial++ {
				alphabet := markAlphabet
				if trial%2 == 1 {
					alphabet = highAlphabet
				}
				data := randomFrom(rng, 64*(3+rng.Intn(20))+rng.Intn(64), alphabet)
				checkKernel(t, kernel, data, 64*(1+rng.Intn(2)))
			}
		})
	}
}

// checkKernel holds kernel to marksOf on every full chunk of data from from
// that has the byte after it.
func checkKernel(t *testing.T, kernel markFunc, data []byte, from int) {
	t.Helper()
	chunks := (len(data) - 1 - from) / 64
	if chunks <= 0 {
		return
	}
	got := make([]uint64, 2*chunks)
	kernel(data, from, chunks, got)
	for k := 0; k < chunks; k++ {
		nl, cand := marksOf(data, from+64*k)
		if got[2*k] != nl || got[2*k+1] != cand {
			t.Fatalf("%q from %d chunk %d: kernel nl=%064b cand=%064b\n                        want nl=%064b cand=%064b", data, from, k, got[2*k], got[2*k+1], nl, cand)
		}
	}
}

// Every byte value at every position, next to each byte of the patterns:
// what random data over a small alphabet would take long to reach.
func TestMarkKernelsEveryByte(t *testing.T) {
	for name, kernel := range kernelsOrSkip(t) {
		t.Run(name, func(t *testing.T) {
			for v := 0; v < 256; v++ {
				for _, pat := range []string{"429", "529", "_e", "\n", "9", "2", "4", "5", "_", "e"} {
					data := bytes.Repeat([]byte{byte(v)}, 64*4)
					for at := 64 - len(pat); at < 128+len(pat); at += 3 {
						copy(data[at:], pat)
					}
					checkKernel(t, kernel, data, 64)
				}
			}
		})
	}
}

// The mark rule must never miss a line with a real rate-limit signal.
func TestMarksCoverEverySignal(t *testing.T) {
	lines := []string{
		"status: 429", "HTTP 529", "x 429 Too Many Requests", `{"type":"rate_limit_error"}`, "overloaded_error",
	}
	for _, l := range lines {
		for pad := 0; pad < 70; pad++ {
			data := append(bytes.Repeat([]byte("a"), pad), l...)
			var any uint64
			for off := 0; off < len(data); off += 64 {
				_, cand := marksOf(data, off)
				any |= cand
			}
			if any == 0 {
				t.Fatalf("%q at offset %d: no candidate marked", l, pad)
			}
		}
	}
}

// randomSignalLog strings together entry starts, line ends and the pieces of
// rate-limit signals, so that real signals land at every chunk position.
func randomSignalLog(rng *rand.Rand, n int) []byte {
	pieces := []string{
		"2026-09-30 10:00:00 [info] ", "2026-09-30 10:00:01 [error] ", "\n", "\r\n", " ", "x", "status: ", "HTTP ",
		"429", "529", "4", "29", "_error", "rate_limit", "overloaded", " Too Many Requests", "_e", "9",
	}
	var b []byte
	for len(b) < n {
		b = append(b, pieces[rng.Intn(len(pieces))]...)
	}
	return b
}

// walkEvents splits data with kernel's masks, or the indexed way if kernel
// is nil (the reference: it shares nothing with the masks), and parses it.
func walkEvents(data []byte, kernel markFunc) ([]event.Event, int, int) {
	var evs []event.Event
	asm := newAssembler("main.log", time.UTC, func(e *entry) { evs = parse(e, evs) })
	var lines, cut int
	if kernel != nil {
		lines, cut = feedLinesMarked(data, asm, kernel)
	} else {
		lines, cut = feedLinesIndexed(data, asm, errorTypeLines(data, nil))
	}
	asm.Flush()
	return evs, lines, cut
}

func TestMarkedAndIndexedSplitsAgree(t *testing.T) {
	kernels := kernelsOrSkip(t)
	rng := rand.New(rand.NewSource(2))
	inputs := [][]byte{nil, []byte("\n"), []byte("no newline"), hostileLog(3, 2<<20)}
	for i := 0; i < 200; i++ {
		// Real entries cut at random points and padded so that signals and
		// line ends fall on every chunk position.
		src := hostileLog(int64(i), 4<<10)
		from := rng.Intn(len(src) / 2)
		chunk := append(bytes.Repeat([]byte{' '}, rng.Intn(64)), src[from:]...)
		inputs = append(inputs, chunk, randomMarkData(rng, rng.Intn(2000)), randomSignalLog(rng, rng.Intn(3000)))
	}
	for i, data := range inputs {
		want, wl, wc := walkEvents(data, nil)
		for name, kernel := range kernels {
			got, gl, gc := walkEvents(data, kernel)
			if gl != wl || gc != wc {
				t.Fatalf("%s, input %d: lines/cut %d/%d, want %d/%d", name, i, gl, gc, wl, wc)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, input %d: %d events, want %d", name, i, len(got), len(want))
			}
		}
	}
}

func FuzzMarkedSplit(f *testing.F) {
	f.Add([]byte("2026-09-30 10:00:00 [info] HTTP 429\n  status: 529\n\r\n_e"))
	f.Add(hostileLog(1, 1<<10))
	f.Fuzz(func(t *testing.T, data []byte) {
		kernels := kernelsOrSkip(t)
		want, wl, wc := walkEvents(data, nil)
		for name, kernel := range kernels {
			if len(data) > 67 {
				checkKernel(t, kernel, data, 2+len(data)%62)
			}
			got, gl, gc := walkEvents(data, kernel)
			if gl != wl || gc != wc || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s split differs: %d/%d lines, %d/%d cut, %d/%d events", name, gl, wl, gc, wc, len(got), len(want))
			}
		}
	})
}

// fixtureBlock is the macOS fixture repeated to fill one block.
func fixtureBlock(b *testing.B) []byte {
	b.Helper()
	fixture, err := os.ReadFile(filepath.Join("..", "testdata", "logs", "macos", "main.log"))
	if err != nil {
		b.Fatal(err)
	}
	var data []byte
	for len(data) < blockSize {
		data = append(data, fixture...)
	}
	return data
}

// BenchmarkFeedLines splits and assembles the macOS fixture repeated to one
// block, each way: ns/line is report's cost per line once it is in memory.
func BenchmarkFeedLines(b *testing.B) {
	data := fixtureBlock(b)
	ways := map[string]markFunc{"indexed": nil} // the split of CPUs without a kernel
	for name, k := range markKernels() {
		ways[name] = k
	}
	for name, kernel := range ways {
		b.Run(name, func(b *testing.B) {
			var evs []event.Event
			asm := newSinkAssembler("main.log", time.UTC, nil)
			b.SetBytes(int64(len(data)))
			lines := 0
			for i := 0; i < b.N; i++ {
				evs = evs[:0]
				asm.Reset(&evs)
				if kernel != nil {
					lines, _ = feedLinesMarked(data, asm, kernel)
				} else {
					lines, _ = feedLinesIndexed(data, asm, errorTypeLines(data, nil))
				}
				asm.Flush()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/line")
		})
	}
}

// BenchmarkMarkKernel is the vector pass alone over the same block.
func BenchmarkMarkKernel(b *testing.B) {
	data := fixtureBlock(b)
	for name, kernel := range kernelsOrSkip(b) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			out := make([]uint64, 2*markBatch)
			for i := 0; i < b.N; i++ {
				for c := 1; c+markBatch < (len(data)-1)/64; c += markBatch {
					kernel(data, 64*c, markBatch, out)
				}
			}
		})
	}
}

// goKernel is marksOf as a markFunc: the marked walk on any machine.
func goKernel(data []byte, from, chunks int, out []uint64) {
	for i := 0; i < chunks; i++ {
		out[2*i], out[2*i+1] = marksOf(data, from+64*i)
	}
}

// referenceEvents splits data by ReadLines' rules with no prefilter at all:
// each line, its CR stripped and cut at vocab.MaxLineBytes, is searched
// for a signal.
func referenceEvents(data []byte) []event.Event {
	var evs []event.Event
	asm := newAssembler("main.log", time.UTC, func(e *entry) { evs = parse(e, evs) })
	lines := bytes.Split(data, []byte("\n"))
	if len(data) > 0 && data[len(data)-1] == '\n' {
		lines = lines[:len(lines)-1]
	}
	for _, line := range lines {
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) > vocab.MaxLineBytes {
			line = line[:vocab.MaxLineBytes]
		}
		asm.FeedLine(line, true)
	}
	asm.Flush()
	return evs
}

// Both splits, with every kernel and with marksOf standing in for one,
// find what a split with no prefilter finds, where a signal ends a line
// cut at vocab.MaxLineBytes, ends with a CR, or touches the cut (found
// in review: the walk's test of a cut line's end could be deleted with
// every test passing).
func TestSplitsFindWhatNoPrefilterFinds(t *testing.T) {
	kernels := map[string]markFunc{"go": goKernel}
	for name, k := range markKernels() {
		kernels[name] = k
	}
	stamp := "2026-09-01 00:00:00 [info] "
	var inputs [][]byte
	for _, head := range []string{"", stamp} {
		for _, signal := range []string{"status: 429", "x rate_limit_error", "HTTP 529"} {
			for end := vocab.MaxLineBytes - 3; end <= vocab.MaxLineBytes+1; end++ {
				for _, after := range []string{"x", "9", "_", "\r", "", " Too Many Requests"} {
					pad := end - len(head) - len(signal)
					line := head + strings.Repeat(" ", pad) + signal + after
					inputs = append(inputs, []byte(stamp+"first\n"+line+"\n"+stamp+"last\n"), []byte(line))
				}
			}
		}
	}
	for i, data := range inputs {
		want := referenceEvents(data)
		got, _, _ := walkEvents(data, nil)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("indexed, input %d: %d events, want %d", i, len(got), len(want))
		}
		for name, kernel := range kernels {
			if got, _, _ := walkEvents(data, kernel); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, input %d: %d events, want %d", name, i, len(got), len(want))
			}
		}
	}
}

// TestKernelsMarkEverySignal: every signal of signalStatuses and
// signalErrorTypes, written as the app writes it, is read as a signal by
// rateLimitSignal and marked by marksOf and by every kernel this machine
// runs, at every offset in a chunk. A status or error type added to the
// lists that the kernels (marks_*.s), statusDigitsAt or isErrorType do not
// know fails here, by name.
func TestKernelsMarkEverySignal(t *testing.T) {
	var lines []string
	for _, s := range signalStatuses {
		lines = append(lines, "status: "+s, "HTTP "+s, "x "+s+" Too Many Requests")
		if n := len(s); n != 3 || !statusDigitsAt([]byte(s), 2) {
			t.Errorf("status %q: statusDigitsAt and the kernels know only 429 and 529 (marks_*.s must learn it)", s)
		}
	}
	for _, et := range signalErrorTypes {
		lines = append(lines, `{"type":"`+et+`_error"}`)
	}
	kernels := markKernels() // none on some machines: marksOf is checked still
	for _, l := range lines {
		if !rateLimitSignal([]byte(l)) {
			t.Errorf("%q: rateLimitSignal does not read it as a signal", l)
			continue
		}
		for pad := 0; pad < 130; pad++ {
			data := append(bytes.Repeat([]byte("a"), pad), l...)
			data = append(data, bytes.Repeat([]byte("\n"), 200)...)
			if !marksHit(data, len(l)+pad, func(from int) uint64 { _, c := marksOf(data, from); return c }) {
				t.Fatalf("%q at offset %d: marksOf marks no candidate", l, pad)
			}
			for name, k := range kernels {
				got := make([]uint64, 2*3)
				buf := append([]byte("\n\n"), data...)
				k(buf, 2, 3, got)
				if got[1]|got[3]|got[5] == 0 {
					t.Fatalf("%q at offset %d: the %s kernel marks no candidate (marks_*.s must learn the signal)", l, pad, name)
				}
			}
		}
	}
}

// marksHit says whether marks, given a chunk's offset, marks a candidate in
// the chunks covering data[:end].
func marksHit(data []byte, end int, marks func(from int) uint64) bool {
	for off := 0; off < end; off += 64 {
		if marks(off) != 0 {
			return true
		}
	}
	return false
}
