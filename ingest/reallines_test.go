package ingest

import (
	"testing"

	"github.com/coworktop/coworktop/event"
)

// Every line of claude-logs.md §7 (real lines from public bug reports), with
// the full prefix the app writes, and the event it must give. Reporters
// elided ids; the app writes a whole local_<uuid>.
const (
	u  = "local_7bebc33c-5f0e-4d7a-9d4e-2b1f0c9a8e11"
	p7 = "2026-10-05 09:12:01 [info] "
)

func code(n int) *int { return &n }

var realLines = []struct {
	source string
	file   string
	lines  []string
	want   []event.Event
}{
	// §7.1 tags and spacing
	{"#95302", "main.log", []string{p7 + "[CCD] Pausing session " + u + " (governor_evict)"},
		[]event.Event{{Kind: event.KindPause, Session: u, Reason: event.ReasonGovernorEvict}}},
	{"#87777", "main.log", []string{p7 + "[CCD] Pausing session " + u + " (idle_timeout)"},
		[]event.Event{{Kind: event.KindPause, Session: u, Reason: event.ReasonIdleTimeout}}},
	{"forensics note", "main.log", []string{p7 + "[CCD] Pausing session " + u + " due to idle"},
		[]event.Event{{Kind: event.KindPause, Session: u, Reason: event.ReasonIdleTimeout}}},
	{"forensics note", "main.log", []string{p7 + "[IdleManager:session] Idle timeout reached, disconnecting " + u},
		[]event.Event{{Kind: event.KindIdleTimeout, Session: u, Lifecycle: "session"}}},
	{"#95491", "main.log", []string{p7 + "[CCD] Warming session " + u},
		[]event.Event{{Kind: event.KindWarming, Session: u}}},
	{"#73512", "main.log", []string{"2026-06-20 11:02:13 [info]  [WarmLifecycle:session] Warming up session " + u},
		[]event.Event{{Kind: event.KindWarming, Session: u, Lifecycle: "session"}}},
	{"#82023", "main.log", []string{p7 + "[CCD] Skipping pause for session " + u + " - remote control is active (startup-policy bridge)"},
		[]event.Event{{Kind: event.KindPauseSkipped, Session: u, Reason: event.ReasonRemoteControl, Detail: &event.EventDetail{Bridge: "startup-policy"}}}},
	{"#92010", "main.log", []string{p7 + "[CCD] Skipping pause for session " + u + " - remote control is active (explicit bridge)"},
		[]event.Event{{Kind: event.KindPauseSkipped, Session: u, Reason: event.ReasonRemoteControl, Detail: &event.EventDetail{Bridge: "explicit"}}}},
	{"#87777", "main.log", []string{p7 + "[WarmLifecycle:session] Session " + u + " has declined 8 consecutive idle pauses — its process is not being reaped"},
		[]event.Event{{Kind: event.KindPauseDeclined, Session: u, Count: 8, Lifecycle: "session"}}},
	{"#75226", "main.log", []string{"2026-07-08 14:20:33 [warn] [event-loop-stall] main process blocked for  784ms (total 1,  cumulative   784ms, rss 205MB)"},
		[]event.Event{{Kind: event.KindStall, DurationMs: 784}}},

	// §7.2 ends, crashes, resumes
	{"#95302", "main.log", []string{
		p7 + "[CliGovernor] pressure evicting " + u + " (idle 286s)",
		p7 + "[CCD] Pausing session " + u + " (governor_evict)",
		p7 + "Session " + u + " query iterator completed"},
		[]event.Event{
			{Kind: event.KindPressureEvict, Session: u, IdleS: 286, Reason: event.ReasonPressure},
			{Kind: event.KindPause, Session: u, Reason: event.ReasonGovernorEvict},
			{Kind: event.KindQueryDone, Session: u}}},
	{"#95302", "main.log", []string{p7 + "Resuming session " + u},
		[]event.Event{{Kind: event.KindResume, Session: u}}},
	{"#73512", "main.log", []string{"2026-06-20 11:40:02 [error] Session " + u + " query error: Claude Code process terminated by signal SIGKILL"},
		[]event.Event{{Kind: event.KindCrash, Session: u, Detail: &event.EventDetail{Signal: "SIGKILL"}}}},
	{"#62202", "main.log", []string{
		"2026-05-30 18:03:44 [error] Session " + u + " query error: Claude Code process exited with code 143 {",
		"  stack: 'Error: Claude Code process exited with code 143\\n' +",
		"    '    at ChildProcess.<anonymous> (/Applications/Claude.app/Contents/Resources/app.asar/.vite/build/index.js:1:1)'",
		"}"},
		[]event.Event{{Kind: event.KindCrash, Session: u, Detail: &event.EventDetail{ExitCode: code(143)}}}},
	{"#90007", "main.log", []string{p7 + "[CCD] Session " + u + " torn down with 1 live background task(s) — settling as stopped (exited)"},
		[]event.Event{{Kind: event.KindTornDown, Session: u, Count: 1}}},
	{"#68625", "main.log", []string{p7 + "[CCD CycleHealth] unhealthy cycle for " + u + " (135s, hadFirstResponse=false, reason=app_quit)"},
		[]event.Event{{Kind: event.KindCycleHealth, Session: u, Reason: event.ReasonOther, Health: event.HealthUnhealthy, DurationMs: 135000, Detail: &event.EventDetail{ReasonText: "app_quit", NoResponse: true}}}},

	// §7.3 updates and relaunches
	{"#95364", "main.log", []string{p7 + "[updater] Update downloaded and ready to install { releaseName: 'Claude 2.2553.1' }"},
		[]event.Event{{Kind: event.KindUpdateReady, Detail: &event.EventDetail{Version: "2.2553.1"}}}},
	{"#95364", "main.log", []string{p7 + "[stealth-update] Triggering stealth update after idle timeout"},
		[]event.Event{{Kind: event.KindUpdateRestart, Reason: event.ReasonIdleTimeout}}},
	{"#95364", "main.log", []string{p7 + "[CCD] Stopping 3 active session(s) on quit"},
		[]event.Event{{Kind: event.KindStopAll, Count: 3}}},
	{"#92010", "main.log", []string{p7 + "[updater] Version changed since last launch: 1.46388.1 → 1.46388.2"},
		[]event.Event{{Kind: event.KindAppUpdated, Detail: &event.EventDetail{From: "1.46388.1", To: "1.46388.2"}}}},
	{"#92010", "main.log", []string{p7 + "[stealth-relaunch] Restoring navigation (50 entries, active=49, dropped=0)"},
		[]event.Event{{Kind: event.KindRelaunch}}},
	{"claude-driver", "main.log", []string{p7 + "[CCD] Relaunch auto-resume: ran — warmed 2 of 2 eligible (2 marked)"},
		[]event.Event{{Kind: event.KindRelaunchResume, Count: 2, Detail: &event.EventDetail{Eligible: 2, Marked: 2}}}},
	{"codeium#347", "main.log", []string{p7 + "Main webview render process gone: { reason: 'oom', exitCode: -536870904 }"},
		[]event.Event{{Kind: event.KindRendererGone, Reason: event.ReasonOOM, Detail: &event.EventDetail{ExitCode: code(-536870904)}}}},

	// §7.4 Remote Control
	{"#94049", "main.log", []string{p7 + "Enabling remote control for session " + u},
		[]event.Event{{Kind: event.KindRemoteControl, Session: u}}},
	{"#91915", "main.log", []string{p7 + `Remote control enabled: "https://claude.ai/code/session_01AbCdEf"`},
		[]event.Event{{Kind: event.KindRemoteState, Reason: event.ReasonEnabled}}},
	{"#91915", "main.log", []string{p7 + "[rcAutoEnable] verdict: enable=true source=explicit_pref trigger=cold_resume"},
		[]event.Event{{Kind: event.KindRemoteState, Reason: event.ReasonAutoEnable, Text: "enable=true source=explicit_pref trigger=cold_resume"}}},
	{"#94049", "main.log", []string{p7 + "[rcAutoEnable] verdict: enable=true source=explicit_pref trigger=first_turn"},
		[]event.Event{{Kind: event.KindRemoteState, Reason: event.ReasonAutoEnable, Text: "enable=true source=explicit_pref trigger=first_turn"}}},
	{"#94049", "main.log", []string{p7 + `[remote-control] bridge_state: "connected"`},
		[]event.Event{{Kind: event.KindRemoteState, Reason: event.ReasonBridgeState, Text: "connected"}}},
	{"#94049", "main.log", []string{p7 + `[remote-control] bridge_state: "ready"`},
		[]event.Event{{Kind: event.KindRemoteState, Reason: event.ReasonBridgeState, Text: "ready"}}},

	// §7.6 other files
	{"#40392", "cowork-service.log", []string{
		`2026/03/28 22:32:15.329630 [HCS] Calling HcsCreateComputeSystem with id=cowork-vm-b98b58b7`,
		`2026/03/28 22:32:15.329630 [HCS] Config JSON:`,
		`{"Owner":"cowork-vm-b98b58b7","SchemaVersion":{"Major":2,"Minor":2},"VirtualMachine":{"ComputeTopology":{"Memory":{"AllowOvercommit":true,"SizeInMB":4096},"Processor":{"Count":2}},"Devices":{}}}`,
		`2026/03/28 22:32:16.899491 [VM] VM started successfully`},
		// The document is a configuration, not a boot (§7.9).
		[]event.Event{{Kind: event.KindVMConfig, Detail: &event.EventDetail{MemoryMB: 4096, CPUs: 2}}, {Kind: event.KindVMReady}}},
	{"#49099", "cowork-service.log", []string{
		`2026/04/15 10:51:52.451533 Service stop requested`,
		`2026/04/15 10:51:52.469624 Service stopped.`,
		`2026/04/15 10:52:22.537323 Starting CoworkVMService as Windows service`,
		`2026/04/15 10:52:22.708138 Claude VM Service starting...`,
		`2026/04/14 10:40:16.228159 Service ready. Listening on \\.\pipe\cowork-vm-service`},
		[]event.Event{{Kind: event.KindServiceStop}, {Kind: event.KindServiceStart}, {Kind: event.KindServiceReady}}},
	{"public repository", "cowork_vm_node.log", []string{p7 + "[cleanupVMBundleIfUnsupported] yukonSilver not supported (status=unsupported)"},
		[]event.Event{{Kind: event.KindVMUnsupported, Text: "yukonSilver not supported (status=unsupported)"}}}, // a refusal, not a failed boot (§7.9)
}

// same compares the fields a §7 line decides (the entry's time, file, line
// and level, and free text unless the case names it, are checked elsewhere).
func same(got, want event.Event) bool {
	if want.Text == "" {
		got.Text = ""
	}
	gd, wd := got.Details(), want.Details()
	if (gd.ExitCode == nil) != (wd.ExitCode == nil) || gd.ExitCode != nil && *gd.ExitCode != *wd.ExitCode {
		return false
	}
	gd.ExitCode, wd.ExitCode = nil, nil
	if want.Health == event.HealthNone { // checked only where the case names it
		got.Health = event.HealthNone
	}
	got.Time, got.File, got.Line, got.Level = want.Time, want.File, want.Line, want.Level
	got.Detail, want.Detail = nil, nil
	return got == want && gd == wd
}

func TestRealLinesOfSection7(t *testing.T) {
	for _, c := range realLines {
		got := parseLines(t, c.file, c.lines...)
		if len(got) != len(c.want) {
			t.Errorf("%s %q: got %d events %+v, want %+v", c.source, c.lines[0], len(got), got, c.want)
			continue
		}
		for i := range got {
			if !same(got[i], c.want[i]) {
				t.Errorf("%s %q event %d:\n got %+v\nwant %+v", c.source, c.lines[0], i, got[i], c.want[i])
			}
		}
	}
}

// Each shape without its tag, and untagged shapes with one: the app added
// and renamed tags over the versions.
func TestShapesWithAndWithoutTags(t *testing.T) {
	bodies := map[string]event.Kind{
		"Pausing session " + u + " (governor_evict)": event.KindPause,
		"Warming session " + u:                       event.KindWarming,
		"Skipping pause for session " + u + " - remote control is active (explicit bridge)":          event.KindPauseSkipped,
		"Session " + u + " torn down with 2 live background task(s) — settling as stopped (exited)":  event.KindTornDown,
		"Session " + u + " has declined 3 consecutive idle pauses — its process is not being reaped": event.KindPauseDeclined,
		"Session " + u + " query error: Claude Code process terminated by signal SIGTERM":            event.KindCrash,
		"Session " + u + " query iterator completed":                                                 event.KindQueryDone,
		"Resuming session " + u:                                                                        event.KindResume,
		"Enabling remote control for session " + u:                                                     event.KindRemoteControl,
		"Idle timeout reached, disconnecting " + u:                                                     event.KindIdleTimeout,
		"LocalSessions.setFocusedSession: sessionId=" + u:                                              event.KindFocus,
		"Relaunch auto-resume: ran — warmed 1 of 3 eligible (1 marked)":                                event.KindRelaunchResume,
		"Stopping 2 active session(s) on quit":                                                         event.KindStopAll,
		"[Stop hook] Query completed for session " + u:                                                 event.KindTurnEnd,
		"[CliGovernor] at cap=8; evicting " + u + " (idle 61s) for warm spawn":                         event.KindAtCap,
		"[WarmLifecycle:session] Starting idle timeout for " + u + ": 900s":                            event.KindIdleTimer,
		"[IdleManager:session] Starting idle timeout for " + u + ": 900s":                              event.KindIdleTimer,
		"[CCD CycleHealth] healthy cycle for " + u + " (12s, hadFirstResponse=true)":                   event.KindCycleHealth,
		"[updater] Version changed since last launch: 2.1.0 -> 2.2.0":                                  event.KindAppUpdated,
		"[process-memory] trigger=interval tree_rss_sum=1MB sys_free=10MB/20MB":                        event.KindMemorySample,
		"[event-loop-stall] main process blocked for   1200ms (total 1, cumulative 1200ms, rss 300MB)": event.KindStall,
		"Starting idle timeout for " + u + ": 900s":                                                    event.KindIdleTimer,
		"Warming up session " + u:                                                                      event.KindWarming,
		"unhealthy cycle for " + u + " (135s, hadFirstResponse=false, reason=app_quit)":                event.KindCycleHealth,
	}
	for body, kind := range bodies {
		for _, prefix := range []string{"", "[CCD] ", "[WarmLifecycle:session] ", "[IdleManager:session] ", " ", "  [CCD]  "} {
			evs := parseLines(t, "main.log", p7+prefix+body)
			if len(evs) != 1 || evs[0].Kind != kind {
				t.Errorf("%q: got %+v, want one %s", prefix+body, evs, kind)
			}
		}
	}
	for body, kind := range map[string]event.Kind{
		"[CCD] LocalSessions.setFocusedSession: sessionId=" + u:               event.KindFocus,
		"[CCD] Relaunch auto-resume: ran — warmed 1 of 3 eligible (1 marked)": event.KindRelaunchResume,
		"[CCD] Stopping 2 active session(s) on quit":                          event.KindStopAll,
		"[IdleManager:session] Idle timeout reached, disconnecting " + u:      event.KindIdleTimeout,
		"[WarmLifecycle:preview] Idle timeout reached, disconnecting " + u:    event.KindIdleTimeout,
	} {
		if evs := parseLines(t, "main.log", p7+body); len(evs) != 1 || evs[0].Kind != kind {
			t.Errorf("%q: got %+v, want one %s", body, evs, kind)
		}
	}
}
