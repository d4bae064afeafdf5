package ingest

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
)

// parseLines assembles and parses lines as one file would be.
func parseLines(t testing.TB, file string, lines ...string) []event.Event {
	t.Helper()
	var evs []event.Event
	asm := newAssembler(file, time.UTC, func(e *entry) { evs = parse(e, evs) })
	for _, l := range lines {
		asm.Feed([]byte(l))
	}
	asm.Flush()
	return evs
}

func one(t *testing.T, line string) event.Event {
	t.Helper()
	evs := parseLines(t, "main.log", line)
	if len(evs) != 1 {
		t.Fatalf("%q: want 1 event, got %d: %+v", line, len(evs), evs)
	}
	return evs[0]
}

func TestParseGovernorShapes(t *testing.T) {
	const p = "2026-10-02 13:41:24 [info] "
	cases := []struct {
		line string
		want event.Event
	}{
		{"2026-10-02 13:41:24 [debug] [CliGovernor] acquire(warm) effective=7/8",
			event.Event{Kind: event.KindAcquire, Level: event.LevelDebug, Reason: event.ReasonWarm, Effective: 7, Cap: 8}},
		{p + "[CliGovernor] at cap=27; would evict local_y (idle 1s) for warm spawn",
			event.Event{Kind: event.KindAtCap, Cap: 27, Verb: event.VerbWouldEvict, Session: "local_y", IdleS: 1, Reason: event.ReasonWarm}},
		{p + "[CliGovernor] at cap=8; evicting local_0a235fb9-a681-41bd-89cd-98453ef18aa1 (idle 671s) for warm spawn",
			event.Event{Kind: event.KindAtCap, Cap: 8, Verb: event.VerbEvicting, Session: "local_0a235fb9-a681-41bd-89cd-98453ef18aa1", IdleS: 671, Reason: event.ReasonWarm}},
		{p + "[CliGovernor] at cap; yielding warm spawn", event.Event{Kind: event.KindYield, Reason: event.ReasonWarm}},
		{"2026-07-03 15:50:48 [warn] [CliGovernor] memory pressure (critical): would evict 0 idle session(s), 1 effective",
			event.Event{Kind: event.KindPressure, Level: event.LevelWarn, Pressure: host.PressureCritical, Count: 0, Effective: 1}},
		{p + "[CliGovernor] pressure evicting local_abc (idle 89s)",
			event.Event{Kind: event.KindPressureEvict, Session: "local_abc", IdleS: 89, Reason: event.ReasonPressure}},
		{p + "[CliGovernor] getFreeMemoryRatio failed; treating memory pressure as clear",
			event.Event{Kind: event.KindRatioFailed, Text: "getFreeMemoryRatio failed; treating memory pressure as clear"}},
		{p + "[CliGovernor] evicts 0 of 0 idle sessions", event.Event{Kind: event.KindGovernorUnknown, Text: "evicts 0 of 0 idle sessions"}},
		{p + "[CliGovernor] at cap=x; evicting", event.Event{Kind: event.KindGovernorUnknown, Text: "at cap=x; evicting"}},
	}
	for _, c := range cases {
		got := one(t, c.line)
		if c.want.Level == event.LevelNone {
			c.want.Level = event.LevelInfo
		}
		got.Time, got.File, got.Line = time.Time{}, "", 0
		if got.Kind != c.want.Kind || got.Reason != c.want.Reason || got.Cap != c.want.Cap || got.Effective != c.want.Effective ||
			got.Session != c.want.Session || got.IdleS != c.want.IdleS || got.Verb != c.want.Verb || got.Pressure != c.want.Pressure ||
			got.Count != c.want.Count || got.Text != c.want.Text || got.Level != c.want.Level {
			t.Errorf("%s\n got %+v\nwant %+v", c.line, got, c.want)
		}
	}
}

func TestParseLifecycleShapes(t *testing.T) {
	const p = "2026-09-02 20:30:13 [info] "
	cases := []struct {
		line    string
		kind    event.Kind
		session string
		check   func(event.Event) bool
	}{
		{p + "Starting local session local_a in /Users/u/projects/billing", event.KindSessionStart, "local_a", func(e event.Event) bool { return e.Cwd == "/Users/u/projects/billing" }},
		{p + `Starting local session local_w in C:\Users\bob\src\app`, event.KindSessionStart, "local_w", func(e event.Event) bool { return e.Cwd == `C:\Users\bob\src\app` }},
		{p + "[CCD] LocalSessions.setFocusedSession: sessionId=local_b", event.KindFocus, "local_b", nil},
		{p + "Warming session local_c", event.KindWarming, "local_c", nil},
		{p + "[WarmLifecycle:preview] Warming up session local_c", event.KindWarming, "local_c", func(e event.Event) bool { return e.Lifecycle == "preview" }},
		{p + "[WarmLifecycle:session] Starting idle timeout for local_d: 900s", event.KindIdleTimer, "local_d", func(e event.Event) bool { return e.TimeoutS == 900 && e.Lifecycle == "session" }},
		{p + "[WarmLifecycle:session] Idle timeout reached, disconnecting local_e", event.KindIdleTimeout, "local_e", nil},
		{p + "Pausing session local_f (governor_evict)", event.KindPause, "local_f", func(e event.Event) bool { return e.Reason == event.ReasonGovernorEvict }},
		{p + "Pausing session local_f (idle_timeout)", event.KindPause, "local_f", func(e event.Event) bool { return e.Reason == event.ReasonIdleTimeout }},
		{p + "Skipping pause for local_g: remote control is active", event.KindPauseSkipped, "local_g", nil},
		{p + "Enabling remote control for session local_h", event.KindRemoteControl, "local_h", nil},
		{p + "[Stop hook] Query completed for session local_i", event.KindTurnEnd, "local_i", nil},
		{p + "[CCD CycleHealth] healthy cycle for local_j (12s, hadFirstResponse=true)", event.KindCycleHealth, "local_j", func(e event.Event) bool { return e.Health == event.HealthGood && e.DurationMs == 12000 }},
		{p + "[CCD CycleHealth] unhealthy cycle for local_j (3s, hadFirstResponse=false, reason=app_quit)", event.KindCycleHealth, "local_j", func(e event.Event) bool {
			return e.Health == event.HealthUnhealthy && e.Reason == event.ReasonOther && e.ReasonText() == "app_quit"
		}},
		{p + "[CCD] Stopping 3 active session(s) on quit", event.KindStopAll, "", func(e event.Event) bool { return e.Count == 3 }},
		{p + "[event-loop-stall] main process blocked for 1840ms (task ipc=1700ms)", event.KindStall, "", func(e event.Event) bool { return e.DurationMs == 1840 }},
		{p + "GPU process gone: { type: 'GPU', reason: 'crashed', exitCode: 101457950, serviceName: 'GPU' }", event.KindRendererGone, "", nil},
		{p + "Main webview is unresponsive, will kill and reload", event.KindUnresponsive, "", nil},
		{p + "beforeQuit: handler fired, going down", event.KindAppQuit, "", nil},
		{p + "Starting app { appVersion: '1.46388.2', isPackaged: true, platform: 'linux', arch: 'x64' }", event.KindAppStart, "", func(e event.Event) bool {
			return e.Details().Version == "1.46388.2" && e.Details().Platform == "linux" && e.Details().Arch == "x64"
		}},
	}
	for _, c := range cases {
		got := one(t, c.line)
		if got.Kind != c.kind || got.Session != c.session || (c.check != nil && !c.check(got)) {
			t.Errorf("%s\n got %+v", c.line, got)
		}
	}
	if evs := parseLines(t, "main.log", p+"[CCD] LocalSessions.setFocusedSession: sessionId=null"); len(evs) != 0 {
		t.Errorf("focus on null is not a session: %+v", evs)
	}
}

func TestParseProcessMemory(t *testing.T) {
	e := one(t, "2026-08-30 20:35:19 [info] [process-memory] trigger=stall tree_rss_sum=554MB tree_footprint_sum=193MB electron(4)=434MB children(2)=121MB top=[electron_main:32288:193MB child:26508:85MB] sys_free=5637MB/32453MB sys_free_raw=429MB")
	m := e.Memory
	want := event.MemorySample{Trigger: "stall", TreeRSSMB: 554, TreeFootprintMB: 193, ElectronCount: 4, ElectronMB: 434, ChildCount: 2, ChildrenMB: 121, SysFreeMB: 5637, TotalMB: 32453, SysFreeRawMB: 429}
	if e.Kind != event.KindMemorySample || m == nil || *m != want {
		t.Fatalf("got %+v %+v", e, m)
	}
	// A repeated key: the first one counts.
	if e := one(t, "2026-08-30 20:35:19 [info] [process-memory] trigger=stall sys_free=10MB/20MB trigger=interval sys_free=1MB/2MB"); e.Memory.Trigger != "stall" || e.Memory.SysFreeMB != 10 {
		t.Errorf("repeated keys: got %+v", e.Memory)
	}
	// The top list names processes: a figure inside it is not the sample's,
	// and the figures after it are read.
	if e := one(t, "2026-08-30 20:35:19 [info] [process-memory] trigger=stall top=[child:1:2MB sys_free=9MB/9MB] sys_free=10MB/20MB"); e.Memory.SysFreeMB != 10 || e.Memory.TotalMB != 20 {
		t.Errorf("top list: got %+v", e.Memory)
	}
}

func TestParseVMShapes(t *testing.T) {
	node := parseLines(t, "cowork_vm_node.log",
		"2026-08-18 06:24:21 [info] [VM:steps] load_swift_api completed (1ms)",
		"2026-08-18 06:24:21 [info] [VM:start] memory=4GB tier=flat",
		"2026-08-18 06:25:22 [info] [VM:steps] guest_vsock_connect started",
		"2026-08-18 06:28:22 [warn] [VM:start] Connection timeout, last completed step: vm_boot",
		"2026-08-18 06:28:30 [error] [VM:start] Startup failed: Error: VM did not respond",
		"2026-08-18 06:29:30 [info] [VM:start] Startup complete, total time: 5766ms",
	)
	kinds := []event.Kind{event.KindVMStep, event.KindVMBoot, event.KindVMConfig, event.KindVMStep, event.KindVMFailed, event.KindVMFailed, event.KindVMReady}
	if len(node) != len(kinds) {
		t.Fatalf("node: got %d events: %+v", len(node), node)
	}
	for i, k := range kinds {
		if node[i].Kind != k {
			t.Errorf("node event %d: got %s want %s", i, node[i].Kind, k)
		}
	}
	if node[0].Details().Step != "load_swift_api" || node[0].Details().Phase != "completed" || node[0].DurationMs != 1 || node[2].Details().MemoryGB != 4 {
		t.Errorf("node fields: %+v %+v", node[0], node[2])
	}
	swift := parseLines(t, "cowork_vm_swift.log",
		"[VM] 2026-08-18 10:49:22 [info]   - CPUs: 4",
		"2026-08-18 10:49:22 [info]   - Memory: 4GB", // the [VM] prefix is optional
		"[VM] 2026-08-18 10:49:22 [info] VM startup step: vm_boot started",
		"[VM] 2026-08-18 10:49:22 [info] Linux VM started successfully",
	)
	if len(swift) != 4 || swift[0].Details().CPUs != 4 || swift[1].Details().MemoryGB != 4 || swift[2].Details().Step != "vm_boot" || swift[3].Kind != event.KindVMReady {
		t.Fatalf("swift: %+v", swift)
	}
}

func TestContinuationIsNeverAnEvent(t *testing.T) {
	evs := parseLines(t, "main.log",
		"2026-09-30 10:02:30 [error] Failed to get commands from temporary query { error: Error: spawn failed",
		"    message: '[CliGovernor] at cap=8; evicting local_x (idle 999s) for warm spawn'",
		"2026-09-30 10:02:30 [info] [CliGovernor] at cap=8; evicting local_x (idle 999s) for warm spawn",
		"Starting local session local_fake in /tmp",
		"[VM] not a timestamp",
	)
	if len(evs) != 1 || evs[0].Kind != event.KindAtCap || evs[0].Line != 3 {
		t.Fatalf("want only the line-3 eviction, got %+v", evs)
	}
}

func TestAssemblyKeepsAppStartObject(t *testing.T) {
	evs := parseLines(t, "main.log",
		"orphan line from before a rotation",
		"2026-08-30 20:35:17 [info] Starting app {",
		"  appVersion: '1.40609.0',",
		"  isPackaged: true,",
		"  platform: 'win32',",
		"  arch: 'x64',",
		"}",
	)
	if len(evs) != 1 || evs[0].Details().Version != "1.40609.0" || evs[0].Details().Platform != "win32" || evs[0].Details().Arch != "x64" || evs[0].Line != 2 {
		t.Fatalf("got %+v", evs)
	}
	want := time.Date(2026, 8, 30, 20, 35, 17, 0, time.UTC)
	if !evs[0].Time.Equal(want) {
		t.Fatalf("time %v want %v", evs[0].Time, want)
	}
}

func TestStampFormats(t *testing.T) {
	loc := time.FixedZone("UTC+4", 4*3600)
	var got []time.Time
	asm := newAssembler("mcp.log", loc, func(e *entry) { got = append(got, e.Time()) })
	asm.Feed([]byte("2026-08-30T16:35:14.745Z [info] [CliGovernor] at cap; yielding warm spawn"))
	asm.Feed([]byte("2026-08-30 20:35:14 [info] [CliGovernor] at cap; yielding warm spawn"))
	asm.Flush()
	if len(got) != 2 || !got[0].Equal(got[1].Add(745*time.Millisecond)) {
		t.Fatalf("UTC mcp stamp and local main stamp should be the same instant (+745ms): %v", got)
	}
	// Digits past nanoseconds are dropped, not carried into the seconds.
	if got, want := parseStamp([]byte("2026-08-30T16:35:14.123456789987Z"), loc), time.Date(2026, 8, 30, 16, 35, 14, 123456789, time.UTC); !got.Equal(want) {
		t.Errorf("12 fractional digits: %v, want %v", got, want)
	}
}

func TestParseSanitisesHostileText(t *testing.T) {
	evs := parseLines(t, "main.log",
		"2026-09-30 10:00:00 [info] [CliGovernor] \x1b]52;c;cGF3bmVk\x07weird \x1b[2J shape \u202e",
		"2026-09-30 10:00:01 [info] Starting local session local_\x1b[31mred in /tmp/\x1b]0;title\x07x",
	)
	for _, e := range evs {
		for _, s := range []string{e.Text, e.Session, e.Cwd} {
			if strings.ContainsAny(s, "\x1b\x07\u202e") {
				t.Errorf("unsanitised text reached an event: %q", s)
			}
		}
	}
}

// An event's level is an integer; an uncommon one keeps its text.
func TestParseLevels(t *testing.T) {
	for _, c := range []struct {
		level string
		want  event.Level
	}{{"info", event.LevelInfo}, {"warn", event.LevelWarn}, {"error", event.LevelError}, {"debug", event.LevelDebug}, {"verbose", event.LevelOther}} {
		e := one(t, "2026-08-30 20:35:19 ["+c.level+"] [CliGovernor] at cap; yielding warm spawn")
		if e.Level != c.want || e.LevelText() != c.level {
			t.Errorf("[%s]: level %d %q", c.level, e.Level, e.LevelText())
		}
	}
}
