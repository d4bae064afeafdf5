package ingest

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// familySeeds holds one seed per line-parser family, each with the event
// kind it must produce. FuzzParseFamilies starts from them, so the fuzzer
// mutates inputs that already reach each parser's inner branches rather than
// stopping at the prefix check; TestFamilySeedsReachTheirParser keeps the
// seeds honest when a parser changes.
var familySeeds = []struct {
	file string // the file name decides which parsers run
	line string
	want event.Kind
}{
	{"main.log", "2026-09-30 10:11:02 [info] [CliGovernor] acquire(warm) effective=7/8", event.KindAcquire},
	{"main.log", "2026-09-30 10:13:16 [info] [CliGovernor] at cap=8; evicting local_5c1e2d3f-4a5b-4c6d-8e7f-901234567abc (idle 671s) for warm spawn", event.KindAtCap},
	{"main.log", "2026-09-30 10:11:02 [info] [CliGovernor] at cap; yielding warm spawn", event.KindYield},
	{"main.log", "2026-09-30 10:14:10 [warn] [CliGovernor] memory pressure (warning): would evict 2 idle session(s), 8 effective", event.KindPressure},
	{"main.log", "2026-09-30 10:15:12 [info] [CliGovernor] pressure evicting local_2d4e6f80-1a3c-4e5f-8a9b-0c1d2e3f4a5b (idle 412s)", event.KindPressureEvict},
	{"main.log", "2026-09-30 10:19:00 [info] [CliGovernor] something new entirely", event.KindGovernorUnknown},
	{"main.log", "2026-09-30 10:07:01 [info] Starting local session local_2d4e6f80-1a3c-4e5f-8a9b-0c1d2e3f4a5b in /Users/alice/projects/infra", event.KindSessionStart},
	{"main.log", "2026-09-30 10:07:01 [info] [CCD] LocalSessions.setFocusedSession: sessionId=local_2d4e6f80-1a3c-4e5f-8a9b-0c1d2e3f4a5b", event.KindFocus},
	{"main.log", "2026-09-30 10:11:02 [info] Warming session local_0a235fb9-a681-41bd-89cd-98453ef18aa1", event.KindWarming},
	{"main.log", "2026-09-30 10:07:02 [info] [WarmLifecycle:session] Starting idle timeout for local_9b8a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d: 900s", event.KindIdleTimer},
	{"main.log", "2026-09-30 10:17:03 [info] [WarmLifecycle:session] Idle timeout reached, disconnecting local_0a235fb9-a681-41bd-89cd-98453ef18aa1", event.KindIdleTimeout},
	{"main.log", "2026-09-30 10:18:40 [info] Pausing session local_1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e (governor_evict)", event.KindPause},
	{"main.log", "2026-09-30 10:08:20 [info] [Stop hook] Query completed for session local_2d4e6f80-1a3c-4e5f-8a9b-0c1d2e3f4a5b", event.KindTurnEnd},
	{"main.log", "2026-09-30 10:09:09 [info] [process-memory] trigger=interval tree_rss_sum=2410MB tree_footprint_sum=990MB electron(5)=640MB children(44)=1770MB top=[electron_main:4120:270MB] sys_free=1530MB/24576MB sys_free_raw=429MB", event.KindMemorySample},
	{"main.log", "2026-08-30 20:35:17 [info] Starting app {\n  appVersion: '1.40609.0',\n  platform: 'win32',\n  arch: 'x64'\n}", event.KindAppStart},
	{"main.log", "2026-09-30 10:08:15 [error] API Error: 429 {\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\"}}", event.KindRateLimit},
	{"cowork_vm_node.log", "2026-08-18 06:24:21 [info] [VM:steps] load_swift_api completed (1ms)", event.KindVMStep},
	{"cowork_vm_node.log", "2026-08-18 06:24:21 [info] [VM:start] memory=4GB tier=flat", event.KindVMBoot},
	{"cowork_vm_node.log", "2026-08-18 06:28:30 [error] [VM:start] Startup failed: Error: VM did not respond", event.KindVMFailed},
	{"cowork_vm_node.log", "2026-08-18 06:29:30 [info] [VM:start] Startup complete, total time: 5766ms", event.KindVMReady},
	{"cowork_vm_swift.log", "[VM] 2026-08-18 10:49:22 [info]   - CPUs: 4", event.KindVMConfig},
	{"cowork_vm_swift.log", "[VM] 2026-08-18 10:49:22 [info] VM startup step: vm_boot started", event.KindVMStep},
	{"cowork_vm_swift.log", "[VM] 2026-09-30 09:58:21 [info] startVM called for /Users/alice/vm.bundle with memoryGB=4 cpuCount=auto", event.KindVMBoot},
	{"main.log", "2026-10-06 09:41:00 [info] [CCD] Pausing session local_c3d2e4f6-3333-4c4d-8e5f-7a8b9c0d1e23 (governor_evict)", event.KindPause},
	{"main.log", "2026-10-06 09:52:00 [error] Session local_a1f0c2d4-1111-4a2b-8c3d-5e6f7a8b9c01 query error: Claude Code process terminated by signal SIGKILL", event.KindCrash},
	{"main.log", "2026-10-06 09:40:00 [info] [CCD] Skipping pause for session local_b2e1d3c5-2222-4b3c-9d4e-6f7a8b9c0d12 - remote control is active (explicit bridge)", event.KindPauseSkipped},
	{"main.log", "2026-10-06 10:20:30 [info] [updater] Version changed since last launch: 2.19675.0 → 2.26454.0", event.KindAppUpdated},
	{"main.log", "2026-10-06 10:20:35 [info] [CCD] Relaunch auto-resume: ran — warmed 2 of 2 eligible (2 marked)", event.KindRelaunchResume},
	{"cowork-service.log", "2026/09/04 06:40:20.329630 [HCS] Config JSON:\n{\"ComputeTopology\":{\"Memory\":{\"SizeInMB\":4096},\"Processor\":{\"Count\":2}}}", event.KindVMConfig},
	{"cowork-service.log", "2026/09/04 07:12:05.469624 Service stopped.", event.KindServiceStop},
}

var familyFiles = []string{"main.log", "cowork_vm_node.log", "cowork_vm_swift.log", "cowork-service.log", "mcp.log"}

func TestFamilySeedsReachTheirParser(t *testing.T) {
	for _, s := range familySeeds {
		evs := parseLines(t, s.file, splitLines(s.line)...)
		found := false
		for _, e := range evs {
			found = found || e.Kind == s.want
		}
		if !found {
			t.Errorf("%s %q: no %s event, got %+v", s.file, s.line, s.want, evs)
		}
	}
}

func splitLines(s string) []string {
	var out []string
	for _, l := range bytes.Split([]byte(s), []byte("\n")) {
		out = append(out, string(l))
	}
	return out
}

// FuzzParseFamilies mutates one entry of each parser family, in the file
// whose parsers it reaches. Every event must carry clean, capped text, and
// parsing must be deterministic: the same entry parsed twice (the second
// time from a fresh assembler) gives the same events, which catches parsers
// that keep state between calls.
func FuzzParseFamilies(f *testing.F) {
	for _, s := range familySeeds {
		for i, name := range familyFiles {
			if name == s.file {
				f.Add(uint8(i), []byte(s.line))
			}
		}
	}
	f.Add(uint8(0), []byte("2026-09-30 10:00:00 [info] [CliGovernor] at cap=\x9b2J; evicting local_\u202e (idle 99999999999999999999s) for \x1b]52;c;eA==\x07 spawn"))
	f.Add(uint8(2), []byte("[VM] 2026-09-30 09:58:21 [info]   - Memory: 184467440737095516160GB"))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		file := familyFiles[int(which)%len(familyFiles)]
		lines := splitLines(string(data))
		first := parseLines(t, file, lines...)
		checkEvents(t, first)
		for _, e := range first {
			if e.Kind == 0 || e.File != file || e.Line < 1 {
				t.Fatalf("event without kind, file or line: %+v", e)
			}
		}
		again := parseLines(t, file, lines...)
		if !reflect.DeepEqual(first, again) {
			t.Fatalf("parsing is not deterministic:\n%+v\n%+v", first, again)
		}
		// The state accepts whatever the parsers produce.
		s := governor.New(governor.Limits{Outcomes: 4, Evictions: 4, LogLines: 4, MemorySamples: 4, HostSamples: 4, EndedSessions: 4})
		applyAll(s, first)
		_ = s.Snapshot(time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC))
	})
}
