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

// A reader may skip every line MayHaveSignal rejects, and SignalLines must
// name every line with a real signal (and no line MayHaveSignal rejects).
func TestSignalPrefiltersNeverMissASignal(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	pieces := []string{"status: ", "HTTP ", "429", "529", "_error", "rate_limit", "overloaded", " Too Many Requests", "x", " ", "4", "29", "_", "e", "\n"}
	for trial := 0; trial < 3000; trial++ {
		var b []byte
		for n := rng.Intn(12); n >= 0; n-- {
			b = append(b, pieces[rng.Intn(len(pieces))]...)
		}
		starts := SignalLines(b, nil)
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
			if rateLimitSignal(line) && (!MayHaveSignal(line) || !named) {
				t.Fatalf("%q: a real signal, MayHaveSignal=%v, named by SignalLines=%v", line, MayHaveSignal(line), named)
			}
			if named && !MayHaveSignal(line) {
				t.Fatalf("%q: named by SignalLines but MayHaveSignal rejects it", line)
			}
			off += end + 1
		}
		if len(starts) > 0 {
			t.Fatalf("%q: SignalLines named offsets that start no line: %v", b, starts)
		}
	}
}
