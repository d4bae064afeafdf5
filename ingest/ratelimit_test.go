package ingest

import (
	"bytes"
	"math/rand"
	"testing"
)

func TestRateLimitSignal(t *testing.T) {
	yes := []string{
		`[CCD CycleHealth] local_1 api_error (rate_limit): API Error: 429 {"type":"error","error":{"type":"rate_limit_error"}}`,
		`API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
		`request failed status=429`,
		`  status: 429,`,
		`HTTP 529 from upstream`,
		`got 429 Too Many Requests`,
		`"statusCode":429`,
	}
	no := []string{
		`[process-memory] trigger=interval sys_free=429MB/16384MB sys_free_raw=429MB`,
		`[event-loop-stall] main process blocked for 429ms`,
		`child:14290:85MB electron_renderer:4291:96MB`,
		`Received permission response for 1429-abc: once`,
		`exitCode: 5429`,
		`12:29:05 idle 429s`,
	}
	for _, s := range yes {
		if !rateLimitSignal([]byte(s)) {
			t.Errorf("missed rate-limit signal: %s", s)
		}
	}
	for _, s := range no {
		if rateLimitSignal([]byte(s)) {
			t.Errorf("false rate-limit signal: %s", s)
		}
	}
}

// A reader may skip every line mayHoldSignal rejects, and the indexed
// split's prefilter (errorTypeLines, then mayHaveStatus) and the marked
// walk's (candidatesHold) must pass every line with a real signal, and no
// line mayHoldSignal rejects.
func TestSignalPrefiltersNeverMissASignal(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	pieces := []string{"status: ", "HTTP ", "429", "529", "_error", "rate_limit", "overloaded", " Too Many Requests", "x", " ", "4", "29", "_", "e", "\n",
		"2026-09-29 14:29:09 [info] ", "2026-09-01 00:00:00 "}
	for trial := 0; trial < 5000; trial++ {
		var b []byte
		for n := rng.Intn(12); n >= 0; n-- {
			b = append(b, pieces[rng.Intn(len(pieces))]...)
		}
		starts := errorTypeLines(b, nil)
		for off := 0; off < len(b); {
			end := bytes.IndexByte(b[off:], '\n')
			if end < 0 {
				end = len(b) - off
			}
			line := b[off : off+end]
			named := len(starts) > 0 && starts[0] == off
			if named {
				starts = starts[1:]
			}
			passed := named || mayHaveStatus(line)
			if rateLimitSignal(line) && (!mayHoldSignal(line) || !passed) {
				t.Fatalf("%q: a real signal, mayHoldSignal=%v, passed by the indexed prefilter=%v", line, mayHoldSignal(line), passed)
			}
			if rateLimitSignal(line) && !markedHolds(b, off, off+end) {
				t.Fatalf("%q: a real signal, but candidatesHold drops its marks", line)
			}
			if passed && !mayHoldSignal(line) {
				t.Fatalf("%q: passed by the indexed prefilter but mayHoldSignal rejects it", line)
			}
			off += end + 1
		}
		if len(starts) > 0 {
			t.Fatalf("%q: errorTypeLines named offsets that start no line: %v", b, starts)
		}
	}
}

// markedHolds is the marked walk's test of one line, b[start:end]: the
// kernel's candidates in it (marksOf, chunk by chunk) passed to
// candidatesHold.
func markedHolds(b []byte, start, end int) bool {
	for base := start &^ 63; base < end; base += 64 {
		_, cand := marksOf(b, base)
		for k := 0; k < 64; k++ { // only the bits inside the line
			if i := base + k; i < start || i >= end {
				cand &^= 1 << k
			}
		}
		if cand != 0 && candidatesHold(b, base, cand, start) {
			return true
		}
	}
	return false
}

// The walk's candidate filter passes real signals (above) and drops the
// traps that fill a dense log: a 429 inside a longer number, a word_e.
func TestCandidatesHoldDropsTraps(t *testing.T) {
	for _, s := range []string{
		`  status: 'sys_free_raw=429MB'`,
		`[process-memory] trigger=interval sys_free=1429MB/16384MB`,
		`Pausing session local_1 (governor_evict)`,
		`child:14290:85MB`,
	} {
		if markedHolds([]byte(s), 0, len(s)) || mayHaveStatus([]byte(s)) {
			t.Errorf("%s: a prefilter keeps a line with no signal", s)
		}
	}
	for _, s := range []string{"status: 429", `"type":"rate_limit_error"`, "x overloaded_error", "429"} {
		if !markedHolds([]byte(s), 0, len(s)) {
			t.Errorf("%s: candidatesHold drops a real signal", s)
		}
	}
}
