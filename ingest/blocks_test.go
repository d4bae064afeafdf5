package ingest

import (
	"bytes"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/sources/follow"
)

// sequentialEvents is the reference: one reader, one assembler.
func sequentialEvents(t *testing.T, data []byte) ([]event.Event, follow.ReadStats, int) {
	t.Helper()
	var evs []event.Event
	asm := newAssembler("main.log", time.UTC, func(e *entry) { evs = parse(e, evs) })
	stats, err := follow.ReadLines(bytes.NewReader(data), asm.Feed)
	if err != nil {
		t.Fatal(err)
	}
	asm.Flush()
	return evs, stats, asm.Orphans()
}

// blockEvents runs the parallel block parser.
func blockEvents(t *testing.T, data []byte, workers int) ([]event.Event, int, int, int) {
	t.Helper()
	var evs []event.Event
	lines, cut, orphans := 0, 0, 0
	err := parseBlocks(bytes.NewReader(data), "main.log", time.UTC, workers, textsAll, func(r *blockResult) {
		for i := range r.events {
			evs = append(evs, *r.event(i))
		}
		lines += r.lines
		cut += r.cut
		orphans += r.orphans
	})
	if err != nil {
		t.Fatal(err)
	}
	return evs, lines, cut, orphans
}

// hostileLog mixes ordinary entries with the shapes that stress block cuts:
// entries longer than a block, lines longer than a block, CRLF endings,
// orphan lines at the start and a last line without a newline.
func hostileLog(seed int64, size int) []byte {
	rng := rand.New(rand.NewSource(seed))
	var b strings.Builder
	b.WriteString("orphan continuation from a rotated file\n")
	t0 := time.Date(2026, 9, 30, 10, 0, 0, 0, time.UTC)
	for i := 0; b.Len() < size; i++ {
		ts := t0.Add(time.Duration(i) * time.Second).Format("2006-01-02 15:04:05")
		switch rng.Intn(14) {
		case 0:
			fmt.Fprintf(&b, "%s [info] [CliGovernor] at cap=8; evicting local_%d (idle %ds) for warm spawn\n", ts, i, i%900)
		case 1:
			fmt.Fprintf(&b, "%s [info] Pausing session local_%d (governor_evict)\r\n", ts, i)
		case 2: // an entry longer than a block, quoting governor text
			fmt.Fprintf(&b, "%s [error] Failed {\n", ts)
			for j := 0; j < 30000; j++ {
				b.WriteString("    at '[CliGovernor] at cap=1; evicting local_x (idle 5s) for warm spawn' status: 429\n")
			}
		case 3: // a line longer than a block, with an error type past the cut
			fmt.Fprintf(&b, "%s [info] [CliGovernor] %s overloaded_error\n", ts, strings.Repeat("x", 3<<20))
		case 6:
			fmt.Fprintf(&b, "%s [error] request failed {\n  error: { type: 'rate_limit_error' },\n  note: 'overloaded_error'\n}\n", ts)
		case 7:
			fmt.Fprintf(&b, "%s [warn] [CCD CycleHealth] local_%d api_error (overloaded): {\"type\":\"overloaded_error\"}\n", ts, i)
		case 4:
			fmt.Fprintf(&b, "%s [info] Starting app {\n  appVersion: '1.%d',\n  platform: 'darwin'\n}\n", ts, i)
		case 5: // the commonest entry: [info], no event, no signal
			fmt.Fprintf(&b, "%s [info] Received permission response for 7d1f: once (tool: Bash)\n", ts)
		case 9: // an entry that is no event, at another level
			fmt.Fprintf(&b, "%s [debug] [ipc] handled claude.settings.get in 2ms\n", ts)
		case 8: // the same, with a signal on a continuation line
			fmt.Fprintf(&b, "%s [info] [MCP] Using MCP server command {\n  message: 'x',\n  status: 429\n}\n", ts)
		default:
			fmt.Fprintf(&b, "%s [info] [process-memory] trigger=interval sys_free=%dMB/16384MB sys_free_raw=429MB\n", ts, i%5000)
		}
	}
	b.WriteString("2026-09-30 23:59:59 [info] [CliGovernor] at cap; yielding warm spawn") // no newline
	return []byte(b.String())
}

func TestParseBlocksMatchesSequential(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		data := hostileLog(seed, 24<<20)
		want, stats, orphans := sequentialEvents(t, data)
		for _, workers := range []int{1, 2, 4} {
			got, lines, cut, gotOrphans := blockEvents(t, data, workers)
			if lines != stats.Lines || cut != stats.CutLines || gotOrphans != orphans {
				t.Fatalf("seed %d workers %d: lines %d/%d cut %d/%d orphans %d/%d",
					seed, workers, lines, stats.Lines, cut, stats.CutLines, gotOrphans, orphans)
			}
			if len(got) != len(want) {
				t.Fatalf("seed %d workers %d: %d events, sequential %d", seed, workers, len(got), len(want))
			}
			for i := range want {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Fatalf("seed %d workers %d: event %d differs:\n got %+v\nwant %+v", seed, workers, i, got[i], want[i])
				}
			}
		}
	}
}

func BenchmarkParseBlocks(b *testing.B) {
	data := hostileLog(9, 64<<20)
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		_ = parseBlocks(bytes.NewReader(data), "main.log", time.UTC, 2, textsAll, func(*blockResult) {})
	}
}

// TestPlainEntryKeepsEarlierEvents: an [info] entry whose first line is no
// event but whose continuation line holds a rate-limit signal yields that
// signal at its own time and line, and leaves the events before it in the
// block's sink as they were (a stale sink offset would restamp them), in
// the block reader as in the sequential one.
func TestPlainEntryKeepsEarlierEvents(t *testing.T) {
	data := []byte("2026-09-30 10:00:00 [info] [CliGovernor] at cap; yielding warm spawn\n" +
		"2026-09-30 10:00:01 [info] Received permission response for 7d1f: once (tool: Bash)\n" +
		"2026-09-30 10:00:02 [info] Received permission response for 7d1f: once (tool: Bash) {\n" +
		"  status: 429\n" +
		"}\n" +
		"2026-09-30 10:00:03 [info] [CliGovernor] at cap; yielding warm spawn\n")
	got := blockMatchesSequential(t, data)
	if len(got) != 3 || got[0].Kind != event.KindYield || got[1].Kind != event.KindRateLimit || got[1].Line != 3 {
		t.Fatalf("events: %+v", got)
	}
	for i, ev := range got {
		if wantSec := []int{0, 2, 3}[i]; ev.Time.Second() != wantSec {
			t.Errorf("event %d (%v) at second %d, want %d", i, ev.Kind, ev.Time.Second(), wantSec)
		}
	}
}

// TestPlainEntryAfterABadStamp: an entry after one whose stamp is no real
// time (second 61) is read afresh, so a signal on its continuation line
// counts, in the block reader as in the sequential one.
func TestPlainEntryAfterABadStamp(t *testing.T) {
	data := []byte("2026-09-30 10:00:00 [info] Received permission response for 7d1f: once (tool: Bash)\n" +
		"2026-09-30 10:00:61 [info] Received permission response for 7d1f: once (tool: Bash)\n" +
		"  status: 429\n" +
		"2026-09-30 10:00:02 [info] Received permission response for 7d1f: once (tool: Bash) {\n" +
		"  status: 429\n" +
		"}\n")
	if got := blockMatchesSequential(t, data); len(got) != 1 || got[0].Kind != event.KindRateLimit || got[0].Line != 4 {
		t.Fatalf("events: %+v", got)
	}
}

// blockMatchesSequential reads data with the block reader (one worker) and
// fails unless it gives the sequential reader's events; it returns them.
func blockMatchesSequential(t *testing.T, data []byte) []event.Event {
	t.Helper()
	want, _, _ := sequentialEvents(t, data)
	got, _, _, _ := blockEvents(t, data, 1)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("block reader:\n got %+v\nwant %+v", got, want)
	}
	return got
}
