package ingest

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// FuzzSplitLine holds the assembler's shortcut to splitEntry: whatever
// lines came before, a line splits the same way.
func FuzzSplitLine(f *testing.F) {
	for _, seed := range []string{
		"2026-09-30 10:13:16 [info] a\n2026-09-30 10:13:17 [warn] b\n2026-09-30 10:13:1x [info] c\n2026-09-30 10:13:18 [verbose] d",
		"2026/04/15 10:52:22 [info] a\n2026/04/15 10:52:23 [info] b\n2026-04-15 10:52:24 [info] c",
		"[VM] 2026-08-18 10:49:22 [info] a\n2026-08-18 10:49:23 [debug]  b\n2026-08-18 10:49:2 [info] c",
		"2026-09-30T10:00:00.123Z [info] a\n2026-09-30T10:00:01 [error] b\n2026-09-30 10:00:02 [error]c",
		"[2026-08-05T23:58:34.350Z] [bg] a\n2026-08-05T23:58:35 [info] b\n2026-08-05 23:58:36 [info]",
		"2026-09-30 10:13:16 [info] a\n2026-09-30 10:13:99 [info] b\n  continued\n2026-09-30 10:13:17:[info] c",
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00:00 [info] [CliGovernor] at cap; yielding warm spawn",
		"2000-01-01 00:00:00 [info] [CliGovernor] at cap; yielding warm spawn\n2000-01-01 00:00:99 [info] x",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a := newAssembler("main.log", time.UTC, func(*entry) {})
		for _, line := range bytes.Split(data, []byte("\n")) {
			ws, wl, wb, wok := splitEntry(line)
			gs, gl, gb, gok := a.splitLine(line)
			if gok != wok || gl != wl || !bytes.Equal(gs, ws) || !bytes.Equal(gb, wb) {
				t.Fatalf("%q: splitLine %q %q %q %v, splitEntry %q %q %q %v", line, gs, gl, gb, gok, ws, wl, wb, wok)
			}
		}
	})
}

// A line that starts with sixteen NULs is no entry: the minute caches
// start at a real minute, not at zero bytes (found in review).
func TestNulMinuteIsNoStamp(t *testing.T) {
	var evs []event.Event
	a := newSinkAssembler("main.log", time.UTC, &evs)
	a.FeedLine([]byte(strings.Repeat("\x00", 16)+":00 [info] [CliGovernor] at cap; yielding warm spawn"), false)
	a.Flush()
	if len(evs) != 0 || a.Entries() != 0 {
		t.Fatalf("a NUL stamp was read as an entry: %d entries, events %+v", a.Entries(), evs)
	}
}
