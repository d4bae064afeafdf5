package ingest

import (
	"bytes"

	"github.com/coworktop/coworktop/event"
)

// A new line shape of main.log (and of the VM logs, whose bodies share its
// parser) takes one entry in shapes and its parser in a parse_*.go file,
// nothing else. Everything that must know the shapes is derived from this
// table: the dispatch (routes.go: parseText hands a body to the parser of
// the first head, in table order, that it starts with), the head table that
// turns away the lines that are no event (dispatch.go), the rule of which
// entries keep their continuation lines (contFirst, wantsContinuation), and
// the tests (shapes_test.go), which hold the dispatch and the fast paths of
// entry.go to it and say what is wrong with an entry: a head listed twice,
// one shadowed by an earlier head it starts with, one not 4 to 32 bytes
// long, an example that its parser gives no event of or that the dispatch
// takes elsewhere. The daemon's and the VM service's logs have parsers of
// their own (parse_daemon.go, parse_service.go), picked by their stamp.

// bodyParser reads a whole body (from its head on) into events appended to
// out. The dispatch calls it only for a body that starts with one of its
// shape's heads.
type bodyParser func(e *entry, b []byte, out []event.Event) []event.Event

// shape is one line shape.
type shape struct {
	// heads are how its body starts (after the spaces parseText skips):
	// tags such as "[CliGovernor] ", or the first words of an untagged
	// line, 4 to 32 bytes. A body that starts with none of any shape's heads
	// is no event; one that starts with several is read by the first in
	// table order, so a head goes before any other that starts with it.
	heads []string
	// kinds are the events it gives.
	kinds []event.Kind
	// wraps: what follows its tag is read as any untagged shape (kinds is
	// then theirs).
	wraps bool
	// cont: its entry keeps its continuation lines, and is parsed when they
	// are in (at Flush). Only the bodies that start with a cont shape's head
	// pay for keeping them.
	cont bool
	// parse is the parser parseText calls for a body that starts with one
	// of heads.
	parse bodyParser
	// examples are bodies it reads, each giving at least one event.
	examples []string
}

// shapes is every shape parseText reads, tagged first.
var shapes = []shape{
	{heads: []string{"[CliGovernor] "}, kinds: []event.Kind{event.KindAcquire, event.KindAtCap, event.KindYield, event.KindPressure, event.KindRatioFailed, event.KindPressureEvict, event.KindGovernorUnknown},
		parse: func(e *entry, b []byte, out []event.Event) []event.Event {
			return append(out, parseGovernor(e.names, b[len("[CliGovernor] "):]))
		},
		examples: []string{"[CliGovernor] acquire(warm) effective=3/8", "[CliGovernor] at cap; yielding warm spawn", "[CliGovernor] at cap=8; evicting local_a (idle 600s) for warm spawn",
			"[CliGovernor] memory pressure (warning): would evict 2 idle session(s), 8 effective", "[CliGovernor] pressure evicting local_a (idle 99s)", "[CliGovernor] something new"}},
	// "[CCD] " is read as any untagged shape after it; dispatch.go's
	// ccdMayBeEvent stands for it in the head table.
	{heads: []string{"[CCD] "}, wraps: true, parse: func(e *entry, b []byte, out []event.Event) []event.Event {
		return parseCCD(e, b[len("[CCD] "):], out)
	},
		examples: []string{"[CCD] LocalSessions.setFocusedSession: sessionId=local_a", "[CCD] Stopping 3 active session(s) on quit"}},
	{heads: []string{"[CCD CycleHealth] "}, kinds: []event.Kind{event.KindCycleHealth},
		parse: func(e *entry, b []byte, out []event.Event) []event.Event {
			return append(out, parseCycleHealth(e.names, trimSpaces(b[len("[CCD CycleHealth] "):])))
		},
		examples: []string{"[CCD CycleHealth] healthy cycle for local_a (12s, hadFirstResponse=true)"}},
	{heads: []string{"[WarmLifecycle:", "[IdleManager:"}, wraps: true, parse: parseLifecycleTagged,
		examples: []string{"[WarmLifecycle:session] Starting idle timeout for local_a: 900s", "[IdleManager:session] Idle timeout reached, disconnecting local_a"}},
	{heads: []string{"[process-memory] "}, kinds: []event.Kind{event.KindMemorySample},
		parse: func(e *entry, b []byte, out []event.Event) []event.Event {
			return append(out, parseProcessMemory(e.names, b[len("[process-memory] "):]))
		},
		examples: []string{"[process-memory] trigger=interval sys_free=1MB/2MB"}},
	{heads: []string{"[pty-host] "}, kinds: []event.Kind{event.KindPTYHostExit}, parse: func(_ *entry, b []byte, out []event.Event) []event.Event {
		return parsePTYHost(trimSpaces(b[len("[pty-host] "):]), out)
	}, examples: []string{"[pty-host] worker exited (1073807364) with 2 live PTY(s); refork on demand"}},
	{heads: []string{"[LocalMcpServerManager] "}, kinds: []event.Kind{event.KindMCPGone}, parse: func(e *entry, b []byte, out []event.Event) []event.Event {
		return parseMCPManager(e.names, b[len("[LocalMcpServerManager] "):], out)
	}, examples: []string{"[LocalMcpServerManager] mimir disconnected"}},
	{heads: []string{"[KernelBugMonitor] "}, kinds: []event.Kind{event.KindVMNote}, parse: parseKernelBug, examples: []string{"[KernelBugMonitor] State reset"}},
	{heads: []string{"[event-loop-stall] "}, kinds: []event.Kind{event.KindStall}, parse: parseStall,
		examples: []string{"[event-loop-stall] main process blocked for 900ms"}},
	{heads: []string{"[Stop hook] "}, kinds: []event.Kind{event.KindTurnEnd}, parse: parseStopHook,
		examples: []string{"[Stop hook] Query completed for session local_a"}},
	{heads: []string{"[ScheduledTasks]"}, kinds: []event.Kind{event.KindHeartbeat}, parse: parseScheduledTasks,
		examples: []string{"[ScheduledTasks] tick: 0 due, next in 60s"}},
	{heads: []string{"[VM:"}, kinds: []event.Kind{event.KindVMConfig, event.KindVMStep, event.KindVMFailed, event.KindVMReady, event.KindVMBoot}, parse: func(e *entry, b []byte, out []event.Event) []event.Event { return parseVMNode(e.names, b, out) },
		examples: []string{"[VM:steps] boot started", "[VM:start] memory=4GB"}},
	{heads: []string{"[updater] "}, kinds: []event.Kind{event.KindAppUpdated, event.KindUpdateReady, event.KindUpdateDeferred, event.KindUpdateStaged, event.KindUpdateRestart}, parse: parseAppTagged,
		examples: []string{"[updater] Version changed since last launch: 1.1 → 1.2", "[updater] Update downloaded and ready to install { releaseName: 'Claude 2.2553.1' }"}},
	{heads: []string{"[update-restart] "}, kinds: []event.Kind{event.KindRestartMarker}, parse: parseAppTagged,
		examples: []string{"[update-restart] Detected nav-restore marker, launching normally"}},
	{heads: []string{"[stealth-update] "}, kinds: []event.Kind{event.KindUpdateRestart}, parse: parseAppTagged,
		examples: []string{"[stealth-update] Triggering stealth update after idle timeout"}},
	{heads: []string{"[stealth-relaunch] "}, kinds: []event.Kind{event.KindRelaunch}, parse: parseAppTagged,
		examples: []string{"[stealth-relaunch] Restoring navigation (50 entries, active=49, dropped=0)"}},
	{heads: []string{"[remote-control] ", "[rcAutoEnable] "}, kinds: []event.Kind{event.KindRemoteState}, parse: parseAppTagged,
		examples: []string{"[rcAutoEnable] verdict: enable=true source=explicit_pref", "[remote-control] bridge_state: \"connected\""}},
	{heads: []string{"[quit-cleanup] "}, kinds: []event.Kind{event.KindAppQuit}, parse: parseAppTagged,
		examples: []string{"[quit-cleanup] previous quit: {"}},
	{heads: []string{"[deleteVMBundle] ", "[startVM] ", "[postConnect] ", "[Keepalive] ", "[downloadVM] ", "Reinstall files deleted"},
		kinds: []event.Kind{event.KindVMBundleDeleted, event.KindVMReady, event.KindVMNote, event.KindVMDownload, event.KindVMReinstall}, parse: parseVMLayer,
		examples: []string{"[deleteVMBundle] Deleted rootfs.vhdx", "[startVM] VM already connected", "[postConnect] Installing SDK: 0.2.1", "[Keepalive] Already running",
			"[downloadVM] Download already in progress, waiting...", "Reinstall files deleted (sessiondata.img and rootfs.img.zst preserved)"}},
	{heads: []string{"[cleanupVMBundleIfUnsupported] "}, kinds: []event.Kind{event.KindVMUnsupported}, parse: parseCleanupVMBundle,
		examples: []string{"[cleanupVMBundleIfUnsupported] yukonSilver not supported (status=unsupported)"}},

	// Untagged, also read after "[CCD] ", "[WarmLifecycle:…] " and
	// "[IdleManager:…] " (claude-logs.md §7.1).
	{heads: []string{"Starting app"}, kinds: []event.Kind{event.KindAppStart}, cont: true, parse: parseS,
		examples: []string{"Starting app { appVersion: '1.0' }"}},
	{heads: []string{"Session ", "Starting ", "Startup failed: ", "Skipping pause", "Stopping ", "Successfully run onQuitCleanup"},
		kinds: []event.Kind{event.KindCrash, event.KindQueryDone, event.KindTornDown, event.KindPauseDeclined, event.KindSessionStart,
			event.KindPauseSkipped, event.KindIdleTimer, event.KindStopAll, event.KindAppQuit, event.KindVMFailed},
		parse: parseS,
		examples: []string{"Starting local session local_a in /p", "Skipping pause for local_a: remote control is active", "Startup failed: boom",
			"Session local_a query error: Claude Code process terminated by signal SIGKILL", "Session local_a query iterator completed",
			"Session local_a torn down with 1 live background task(s)", "Session local_a has declined 8 consecutive idle pauses",
			"Successfully run onQuitCleanup: cowork-vm-shutdown", "Starting idle timeout for local_a: 900s", "Stopping 1 active session(s) on quit"}},
	{heads: []string{"Pausing session "}, kinds: []event.Kind{event.KindPause},
		parse:    func(e *entry, b []byte, out []event.Event) []event.Event { return parsePausing(e.names, b, out) },
		examples: []string{"Pausing session local_a (governor_evict)"}},
	{heads: []string{"Warming "}, kinds: []event.Kind{event.KindWarming}, parse: parseWarming,
		examples: []string{"Warming session local_a", "Warming up session local_a"}},
	{heads: []string{"Idle timeout reached"}, kinds: []event.Kind{event.KindIdleTimeout}, parse: parseIdleTimeout,
		examples: []string{"Idle timeout reached, disconnecting local_a"}},
	{heads: []string{"healthy cycle for ", "unhealthy cycle for "}, kinds: []event.Kind{event.KindCycleHealth}, parse: parseCycleLine,
		examples: []string{"healthy cycle for local_a (3s, hadFirstResponse=true)", "unhealthy cycle for local_a (3s, hadFirstResponse=false)"}},
	{heads: []string{"Enabling remote control"}, kinds: []event.Kind{event.KindRemoteControl}, parse: parseEnablingRemote,
		examples: []string{"Enabling remote control for session local_a"}},
	{heads: []string{"Resuming session ", "Remote control enabled", "Relaunch auto-resume: "},
		kinds: []event.Kind{event.KindResume, event.KindRemoteState, event.KindRelaunchResume}, parse: parseR,
		examples: []string{"Resuming session local_a", "Remote control enabled: \"https://claude.ai/code/session_x\"", "Relaunch auto-resume: ran — warmed 1 of 1 eligible (1 marked)"}},
	{heads: []string{"GPU process gone", "Main webview "}, kinds: []event.Kind{event.KindRendererGone, event.KindUnresponsive},
		parse:    func(_ *entry, b []byte, out []event.Event) []event.Event { return parseRenderer(b, out) },
		examples: []string{"GPU process gone", "Main webview render process gone", "Main webview is unresponsive, will kill and reload"}},
	{heads: []string{"beforeQuit", "willQuit: handler"}, kinds: []event.Kind{event.KindAppQuit, event.KindUpdateRestart},
		parse:    func(_ *entry, b []byte, out []event.Event) []event.Event { return parseQuit(b, out) },
		examples: []string{"beforeQuit: handler fired", "willQuit: handler", "beforeQuitForUpdate handler fired, going down for update"}},
	{heads: []string{"LocalSessions."}, kinds: []event.Kind{event.KindFocus}, parse: parseFocusLine,
		examples: []string{"LocalSessions.setFocusedSession: sessionId=local_a"}},
	{heads: []string{"VM startup step: ", "- CPUs: ", "- Memory: ", "startVM called for ", "Using bundle at ", "Linux VM started successfully"},
		kinds:    []event.Kind{event.KindVMConfig, event.KindVMStep, event.KindVMReady, event.KindVMBoot},
		parse:    func(e *entry, b []byte, out []event.Event) []event.Event { return parseVMSwift(e.names, b, out) },
		examples: []string{"VM startup step: boot started", "- CPUs: 4", "- Memory: 4GB", "startVM called for x memoryGB=4", "Using bundle at /x", "Linux VM started successfully"}},
	{heads: []string{"CLI exit before update: "}, kinds: []event.Kind{event.KindStopAll}, parse: parseCLIExit,
		examples: []string{"CLI exit before update: 3 of 4 exited within 2000ms"}},
	{heads: []string{"Killing "}, kinds: []event.Kind{event.KindPTYKill}, parse: func(_ *entry, b []byte, out []event.Event) []event.Event { return parseKilling(b, out) },
		examples: []string{"Killing 2 PTY process tree(s) on quit"}},
	{heads: []string{"Not main instance", "second-instance:"}, kinds: []event.Kind{event.KindSecondInstance},
		parse:    func(_ *entry, b []byte, out []event.Event) []event.Event { return parseSecondInstance(b, out) },
		examples: []string{"Not main instance, returning early from app ready", "second-instance: suppressing duplicate argv"}},
	{heads: []string{"Dispatching startup error: "}, kinds: []event.Kind{event.KindVMFailed}, parse: parseDispatchError, examples: []string{"Dispatching startup error: Error: guest connection timed out"}},
}

// contFirst says which first bytes of a body may begin a shape that keeps
// its continuation lines: entry.go's fast paths test it before
// wantsContinuation, so the common entry pays one lookup. contHeads are
// the heads of the shapes that keep their continuation lines. Both are
// read-only once loadTables has made them (contTables).
var (
	contFirst [256]bool
	contHeads [][]byte
)

// contTables makes contFirst and contHeads from the shape table.
func contTables() (first [256]bool, hs [][]byte) {
	for _, s := range shapes {
		for _, h := range s.heads {
			first[h[0]] = first[h[0]] || s.cont
			if s.cont {
				hs = append(hs, []byte(h))
			}
		}
	}
	return first, hs
}

// wantsContinuation says whether an entry whose body is body keeps its
// continuation lines (its shape is a cont one).
func wantsContinuation(body []byte) bool {
	for _, h := range contHeads {
		if bytes.HasPrefix(body, h) {
			return true
		}
	}
	return false
}

// allHeads are the heads of every shape, in table order.
func allHeads() []string {
	var hs []string
	for _, s := range shapes {
		hs = append(hs, s.heads...)
	}
	return hs
}
