package ingest

import (
	"fmt"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// benchLines is the realistic mix: mostly chatter nobody parses, one line
// in ten a governor, session or memory line.
var benchLines = func() [][]byte {
	noise := []string{
		"[info] [MCP] Using MCP server command: /usr/local/bin/node with path: /Users/dev/.nvm/versions/node/v22.3.0/bin",
		"[info] Received permission response for 7d1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b: once (tool: Bash)",
		"[info] [oauth] refreshed access token, expires in 28800s",
		"[debug] [ipc] handled claude.settings.get in 2ms",
		"[info] [WorktreePool] Released worktree wt-42 to pool (was leased by local_0a235fb9-a681-41bd-89cd-98453ef18aa1)",
		"[info] [CCD start-timing] local_0a235fb9 preflight=12ms worktree=80ms | ccd_overhead=140ms total_to_init=820ms cache_hit=true mcp_count=4",
		"[info] [remote-control] bridge_state: \"connected\"",
		"[info] [CliGovernor] at cap=8; would evict local_5c1e2d3f-4a5b-4c6d-8e7f-901234567abc (idle 537s) for warm spawn",
		"[info] [process-memory] trigger=interval tree_rss_sum=2410MB tree_footprint_sum=990MB electron(5)=640MB children(44)=1770MB sys_free=1530MB/24576MB sys_free_raw=429MB",
		"[info] Pausing session local_5c1e2d3f-4a5b-4c6d-8e7f-901234567abc (governor_evict)",
	}
	var out [][]byte
	for i := 0; i < 1000; i++ {
		out = append(out, []byte(fmt.Sprintf("2026-09-30 10:%02d:%02d %s", i/60%60, i%60, noise[i%len(noise)])))
	}
	return out
}()

func BenchmarkAssembleParseApply(b *testing.B) {
	n := 0
	for _, l := range benchLines {
		n += len(l) + 1
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s := governor.New(governor.DefaultLimits())
		var evs []event.Event
		asm := newAssembler("main.log", time.UTC, func(e *entry) {
			evs = parse(e, evs[:0])
			for _, ev := range evs {
				s.Apply(ev)
			}
		})
		for _, l := range benchLines {
			asm.Feed(l)
		}
		asm.Flush()
	}
}

func BenchmarkRateLimitSignal(b *testing.B) {
	for i := 0; i < b.N; i++ {
		for _, l := range benchLines {
			rateLimitSignal(l[20:])
		}
	}
}
