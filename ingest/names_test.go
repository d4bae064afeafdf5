package ingest

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// An interned name must be what Sanitize gives for every caller's cap.
func TestNamesMatchSanitize(t *testing.T) {
	n := newNames()
	for _, s := range []string{"warm", "governor_evict", "a-rather-long-reason-of-thirty-chars", "bad\x1b[31m", "local_x", ""} {
		for _, max := range []int{40, 20, 64, 5} {
			if got, want := n.get([]byte(s), max), vocab.Sanitize([]byte(s), max); got != want {
				t.Errorf("get(%q, %d) = %q, want %q", s, max, got, want)
			}
		}
	}
}

// The recent-name and recent-id slots give what the table and a fresh
// scan give, whatever shared the slot before: names of one length, first
// and last byte, one unsafe; an id that is a prefix of the next.
func TestNamesSlotsMatchSanitize(t *testing.T) {
	n := newNames()
	for range 2 {
		for _, s := range []string{"warm", "w\x01rm", "warm", "wbrm", "w\u00e9rm", "warm", ""} {
			if got, want := n.get([]byte(s), 20), vocab.Sanitize([]byte(s), 20); got != want {
				t.Errorf("get(%q) = %q, want %q", s, got, want)
			}
		}
	}
	for range 2 {
		for _, line := range []string{
			"local_aaaaaaaaaaaaaaaa (idle 5s)", "local_aaaaaaaaaaaaaaaab (idle 5s)", "local_aaaaaaaaaaaaaaaa",
			"local_aaaaaaaaaaaaaaaa:x", "local_aaaaaaaaaaaaaaa\x1b (idle)", "local_aaaaaaaaaaaaaaa\x1b (idle)",
			"local_aaaaaaaaaaaaaaaa)", "local_aaaaaaaaaaaaaaaa-b c",
		} {
			b := []byte(line)
			w, wantRest := idStops.word(b)
			got, rest := sessionID(n, b)
			if want := vocab.Sanitize(w, 64); got != want || string(rest) != string(wantRest) {
				t.Errorf("sessionID(%q) = %q, %q; want %q, %q", line, got, rest, want, wantRest)
			}
		}
	}
}

// A file's name is as untrusted as its lines: it reaches every event.
func TestFileNameIsSanitised(t *testing.T) {
	var evs []event.Event
	asm := newAssembler("x\x1b[31mred\u202e.log", time.UTC, func(e *entry) { evs = parse(e, evs) })
	asm.Feed([]byte("2026-09-30 10:00:00 [info] [CliGovernor] at cap=8; would evict local_a (idle 5s) for warm spawn"))
	asm.Flush()
	if len(evs) != 1 || evs[0].File != "x?[31mred?.log" {
		t.Fatalf("events %+v", evs)
	}
}
