package ingest

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// markAlphabet is heavy in the bytes the kernel looks for, so random data
// holds 429s, 529s, _e pairs and newlines at every position of a chunk.
const markAlphabet = "\n\r9245_ex "

func randomMarkData(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = markAlphabet[rng.Intn(len(markAlphabet))]
	}
	return b
}

func TestMarkKernelMatchesGo(t *testing.T) {
	if !haveMarkKernel {
		t.Skip("no mark kernel on this machine")
	}
	rng := rand.New(rand.NewSource(1))
	for trial := 0; trial < 300; trial++ {
		data := randomMarkData(rng, 64*(3+rng.Intn(20))+rng.Intn(64))
		from := 64 * (1 + rng.Intn(2))
		chunks := (len(data) - 1 - from) / 64
		if chunks <= 0 {
			continue
		}
		got := make([]uint64, 2*chunks)
		markKernel(data, from, chunks, got)
		for k := 0; k < chunks; k++ {
			nl, cand := marksOf(data, from+64*k)
			if got[2*k] != nl || got[2*k+1] != cand {
				t.Fatalf("trial %d chunk %d: kernel nl=%064b cand=%064b\n                        want nl=%064b cand=%064b", trial, k, got[2*k], got[2*k+1], nl, cand)
			}
		}
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

func walkEvents(data []byte, marked bool) ([]governor.Event, int, int) {
	var evs []governor.Event
	asm := NewAssembler("main.log", time.UTC, func(e *Entry) { evs = Parse(e, evs) })
	var lines, cut int
	if marked {
		lines, cut = feedLinesMarked(data, asm)
	} else {
		lines, cut = feedLinesIndexed(data, asm, SignalLines(data, nil))
	}
	asm.Flush()
	return evs, lines, cut
}

func TestMarkedAndIndexedSplitsAgree(t *testing.T) {
	if !haveMarkKernel {
		t.Skip("no mark kernel on this machine")
	}
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
		want, wl, wc := walkEvents(data, false)
		got, gl, gc := walkEvents(data, true)
		if gl != wl || gc != wc {
			t.Fatalf("input %d: lines/cut %d/%d, want %d/%d", i, gl, gc, wl, wc)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("input %d: %d events, want %d", i, len(got), len(want))
		}
	}
}

func FuzzMarkedSplit(f *testing.F) {
	f.Add([]byte("2026-09-30 10:00:00 [info] HTTP 429\n  status: 529\n\r\n_e"))
	f.Add(hostileLog(1, 1<<10))
	f.Fuzz(func(t *testing.T, data []byte) {
		if !haveMarkKernel {
			t.Skip("no mark kernel on this machine")
		}
		want, wl, wc := walkEvents(data, false)
		got, gl, gc := walkEvents(data, true)
		if gl != wl || gc != wc || !reflect.DeepEqual(got, want) {
			t.Fatalf("marked split differs: %d/%d lines, %d/%d cut, %d/%d events", gl, wl, gc, wc, len(got), len(want))
		}
	})
}

// BenchmarkFeedLines splits and assembles the macOS fixture repeated to one
// block, both ways: ns/line is report's cost per line once it is in memory.
func BenchmarkFeedLines(b *testing.B) {
	fixture, err := os.ReadFile(filepath.Join("..", "testdata", "logs", "macos", "main.log"))
	if err != nil {
		b.Fatal(err)
	}
	var data []byte
	for len(data) < blockSize {
		data = append(data, fixture...)
	}
	for _, way := range []struct {
		name   string
		marked bool
	}{{"marked", true}, {"indexed", false}} {
		b.Run(way.name, func(b *testing.B) {
			if way.marked && !haveMarkKernel {
				b.Skip("no mark kernel on this machine")
			}
			var evs []governor.Event
			asm := NewSinkAssembler("main.log", time.UTC, nil)
			var signals []int
			b.SetBytes(int64(len(data)))
			lines := 0
			for i := 0; i < b.N; i++ {
				evs = evs[:0]
				asm.Reset(&evs)
				if way.marked {
					lines, _ = feedLinesMarked(data, asm)
				} else {
					signals = SignalLines(data, signals)
					lines, _ = feedLinesIndexed(data, asm, signals)
				}
				asm.Flush()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/line")
		})
	}
}
