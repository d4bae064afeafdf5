// Command genlog writes a large, realistic main.log for benchmarks: the
// macOS fixture's governor, session and memory lines mixed with the ordinary
// chatter that makes up most of a real log (MCP, oauth, permission, IPC
// lines), with timestamps that keep increasing. It is a benchmark tool, not
// part of coworktop.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"
)

// noise is what most of a real main.log is: lines no monitor cares about.
var noise = []string{
	"[info] [MCP] Using MCP server command: /usr/local/bin/node with path: /Users/dev/.nvm/versions/node/v22.3.0/bin",
	"[info] Received permission response for 7d1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b: once (tool: Bash)",
	"[info] [oauth] refreshed access token, expires in 28800s",
	"[debug] [ipc] handled claude.settings.get in 2ms",
	"[info] [WorktreePool] Released worktree wt-42 to pool (was leased by local_0a235fb9-a681-41bd-89cd-98453ef18aa1)",
	"[info] [CCD start-timing] local_0a235fb9-a681-41bd-89cd-98453ef18aa1 preflight=12ms worktree=80ms | ccd_overhead=140ms total_to_init=820ms total_to_assistant=2210ms cache_hit=true worktree=true mcp_count=4",
	"[info] [remote-control] bridge_state: \"connected\"",
	"[warn] [CCD] Binary preflight: .verified marker missing but binary exists. Proceeding with spawn.",
}

// signal is the fixture's interesting lines, without their timestamps.
var signal = []string{
	"[info] Starting local session local_5c1e2d3f-4a5b-4c6d-8e7f-901234567abc in /Users/dev/projects/web-frontend",
	"[info] [CCD] LocalSessions.setFocusedSession: sessionId=local_5c1e2d3f-4a5b-4c6d-8e7f-901234567abc",
	"[info] [WarmLifecycle:session] Starting idle timeout for local_0a235fb9-a681-41bd-89cd-98453ef18aa1: 900s",
	"[info] [process-memory] trigger=interval tree_rss_sum=2410MB tree_footprint_sum=990MB electron(5)=640MB children(44)=1770MB top=[electron_main:4120:270MB child:4410:200MB child:4520:190MB child:4601:180MB electron_renderer:4188:170MB] sys_free=1530MB/24576MB sys_free_raw=429MB",
	"[info] [CliGovernor] at cap=8; would evict local_5c1e2d3f-4a5b-4c6d-8e7f-901234567abc (idle 537s) for warm spawn",
	"[info] [CliGovernor] at cap; yielding warm spawn",
	"[info] [CliGovernor] at cap=8; evicting local_5c1e2d3f-4a5b-4c6d-8e7f-901234567abc (idle 671s) for warm spawn",
	"[info] Pausing session local_5c1e2d3f-4a5b-4c6d-8e7f-901234567abc (governor_evict)",
	"[warn] [CliGovernor] memory pressure (warning): would evict 2 idle session(s), 8 effective",
	"[info] [Stop hook] Query completed for session local_0a235fb9-a681-41bd-89cd-98453ef18aa1",
}

// The fixture's two session ids, replaced in signal lines by -ids.
const (
	idA = "local_5c1e2d3f-4a5b-4c6d-8e7f-901234567abc"
	idB = "local_0a235fb9-a681-41bd-89cd-98453ef18aa1"
)

func main() {
	out := flag.String("out", "main.log", "file to write")
	size := flag.Int64("mb", 1024, "approximate size in MiB")
	every := flag.Float64("every", 10, "one interesting entry per this many entries (2.6 is a dense log)")
	ids := flag.Int("ids", 0, "a new session id every this many entries (0: the fixture's two ids throughout)")
	real := flag.String("real", "", "write a realistic month of logs into this folder instead (main.log, its VM logs, daemon.log): see real.go")
	goos := flag.String("os", "darwin", "with -real: darwin, win32 (CRLF) or linux")
	appEvery := flag.Float64("app-every", 4, "with -real: MiB of main.log between app starts, on average")
	rotate := flag.Int64("rotate", 0, "with -real: MiB at which main.log rotates to main1.log, main2.log… (0: never)")
	seed := flag.Int64("seed", 1, "with -real: the random seed (the same seed writes the same logs)")
	start := flag.String("start", "", "with -real: the month's first day, 2006-01-02 (default 2026-09-01)")
	flag.Parse()
	if *real != "" {
		if *every < 1 || *ids < 0 || *appEvery <= 0 || (*goos != "darwin" && *goos != "win32" && *goos != "linux") {
			fmt.Fprintln(os.Stderr, "genlog: -every must be at least 1, -ids at least 0, -app-every above 0, -os darwin, win32 or linux")
			os.Exit(2)
		}
		o := realOpts{dir: *real, mb: *size, every: *every, ids: *ids, goos: *goos, appEvery: *appEvery, rotate: *rotate, seed: *seed}
		if *start != "" {
			t, err := time.Parse(time.DateOnly, *start)
			if err != nil {
				fmt.Fprintln(os.Stderr, "genlog: -start:", err)
				os.Exit(2)
			}
			o.start = t.Add(8 * time.Hour)
		}
		if err := runReal(o); err != nil {
			fmt.Fprintln(os.Stderr, "genlog:", err)
			os.Exit(1)
		}
		return
	}
	if *every < 1 || *ids < 0 {
		fmt.Fprintln(os.Stderr, "genlog: -every must be at least 1 and -ids at least 0")
		os.Exit(2)
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "genlog:", err)
		os.Exit(1)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	t := time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC)
	var written int64
	for i, k := 0, 0; written < *size<<20; i++ {
		var line string
		if int(float64(i+1) / *every) > int(float64(i) / *every) { // the k-th of every N entries
			line = signal[k%len(signal)]
			k++
			if *ids > 0 {
				line = withID(line, i / *ids)
			}
		} else {
			line = noise[i%len(noise)]
		}
		if i%40 == 0 { // a multi-line object now and then, quoting governor text
			line += " {\n  message: '[CliGovernor] at cap=8; evicting local_x (idle 1s) for warm spawn',\n  status: 'sys_free_raw=429MB'\n}"
		}
		s := t.Format("2006-01-02 15:04:05") + " " + line + "\n"
		w.WriteString(s)
		written += int64(len(s))
		if i%7 == 0 {
			t = t.Add(time.Second)
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "genlog:", err)
		os.Exit(1)
	}
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "genlog:", err)
		os.Exit(1)
	}
}

// withID puts session n's id, as long as the fixture's, in place of both of
// the fixture's ids.
func withID(line string, n int) string {
	id := fmt.Sprintf("local_%08x-4a5b-4c6d-8e7f-%012x", uint32(n), n)
	return strings.ReplaceAll(strings.ReplaceAll(line, idA, id), idB, id)
}
