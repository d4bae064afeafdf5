package ingest

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// An interned name must be what Sanitize gives for every caller's cap.
func TestNamesMatchSanitize(t *testing.T) {
	n := newNames()
	for _, s := range []string{"warm", "governor_evict", "a-rather-long-reason-of-thirty-chars", "bad\x1b[31m", "local_x", ""} {
		for _, max := range []int{40, 20, 64, 5} {
			if got, want := n.get([]byte(s), max), governor.Sanitize([]byte(s), max); got != want {
				t.Errorf("get(%q, %d) = %q, want %q", s, max, got, want)
			}
		}
	}
}

// A file's name is as untrusted as its lines: it reaches every event.
func TestFileNameIsSanitised(t *testing.T) {
	var evs []governor.Event
	asm := NewAssembler("x\x1b[31mred\u202e.log", time.UTC, func(e *Entry) { evs = Parse(e, evs) })
	asm.Feed([]byte("2026-09-30 10:00:00 [info] [CliGovernor] at cap=8; would evict local_a (idle 5s) for warm spawn"))
	asm.Flush()
	if len(evs) != 1 || evs[0].File != "x?[31mred?.log" {
		t.Fatalf("events %+v", evs)
	}
}
