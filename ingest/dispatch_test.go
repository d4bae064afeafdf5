package ingest

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// One body for every shape parseBody knows.
var everyShape = []string{
	"[CliGovernor] acquire(warm) effective=3/8",
	"[CliGovernor] at cap; yielding warm spawn",
	"[CliGovernor] at cap=8; evicting local_a (idle 600s) for warm spawn",
	"[CliGovernor] memory pressure (warning): would evict 2 idle session(s), 8 effective",
	"[CliGovernor] getFreeMemoryRatio failed; treating memory pressure as clear",
	"[CliGovernor] pressure evicting local_a (idle 99s)",
	"[CliGovernor] something new",
	"[CCD] LocalSessions.setFocusedSession: sessionId=local_a",
	"[CCD] Stopping 3 active session(s) on quit",
	"[CCD CycleHealth] healthy cycle for local_a (12s, hadFirstResponse=true)",
	"[WarmLifecycle:session] Starting idle timeout for local_a: 900s",
	"[process-memory] trigger=interval sys_free=1MB/2MB",
	"[event-loop-stall] main process blocked for 900ms",
	"[Stop hook] Query completed for session local_a",
	"[ScheduledTasks] tick: 0 due, next in 60s",
	"[VM:steps] boot started",
	"[VM:start] memory=4GB",
	"Starting local session local_a in /p",
	"Starting app { appVersion: '1.0' }",
	"Skipping pause for local_a: remote control is active",
	"Startup failed: boom",
	"Pausing session local_a (governor_evict)",
	"Warming session local_a",
	"Enabling remote control for session local_a",
	"GPU process gone",
	"Main webview render process gone",
	"Main webview is unresponsive, will kill and reload",
	"beforeQuit: handler fired",
	"willQuit: handler",
	"VM startup step: boot started",
	"  - CPUs: 4",
	"startVM called for x memoryGB=4",
	"Using bundle at /x",
	"Linux VM started successfully",
	"  [WarmLifecycle:session] Warming up session local_a",
	"[IdleManager:session] Idle timeout reached, disconnecting local_a",
	"[CCD] Pausing session local_a due to idle",
	"[CCD] Relaunch auto-resume: ran — warmed 2 of 2 eligible (2 marked)",
	"Session local_a query error: Claude Code process terminated by signal SIGKILL",
	"Session local_a query iterator completed",
	"Session local_a torn down with 1 live background task(s)",
	"Session local_a has declined 8 consecutive idle pauses",
	"Resuming session local_a",
	"Remote control enabled: \"https://claude.ai/code/session_x\"",
	"Successfully run onQuitCleanup: cowork-vm-shutdown",
	"beforeQuitForUpdate handler fired, going down for update",
	"[updater] Version changed since last launch: 1.1 → 1.2",
	"[updater] Update downloaded and ready to install { releaseName: 'Claude 2.2553.1' }",
	"[stealth-update] Triggering stealth update after idle timeout",
	"[stealth-relaunch] Restoring navigation (50 entries, active=49, dropped=0)",
	"[rcAutoEnable] verdict: enable=true source=explicit_pref",
	"[remote-control] bridge_state: \"connected\"",
	"[quit-cleanup] previous quit: {",
	"[cleanupVMBundleIfUnsupported] yukonSilver not supported (status=unsupported)",
	"- Memory: 4GB",
	"Idle timeout reached, disconnecting local_a",
	"Starting idle timeout for local_a: 900s",
	"Warming up session local_a",
	"LocalSessions.setFocusedSession: sessionId=local_a",
	"Relaunch auto-resume: ran — warmed 1 of 1 eligible (1 marked)",
	"Stopping 1 active session(s) on quit",
	"healthy cycle for local_a (3s, hadFirstResponse=true)",
	"unhealthy cycle for local_a (3s, hadFirstResponse=false)",
}

func parsedEvents(body string) int {
	e := &entry{Body: []byte(body), loc: time.UTC}
	return len(parseBody(e, nil))
}

// mayBeEvent lets parseBody skip most lines without a call; it must never
// turn away a body parseBody would make an event of, whatever its first
// eight bytes are.
func TestMayBeEventAgreesWithParse(t *testing.T) {
	bodies := append([]string(nil), everyShape...)
	// And every entry of the fixture logs of all three systems.
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "logs", "*", "*.log"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if _, _, body, ok := splitEntry([]byte(strings.TrimRight(line, "\r"))); ok {
				bodies = append(bodies, string(body))
			}
		}
	}
	if len(bodies) < 100 {
		t.Fatalf("only %d bodies: the fixture logs were not found", len(bodies))
	}
	for _, body := range everyShape {
		if parsedEvents(body) == 0 {
			t.Errorf("%q: no event; the shape list is stale", body)
		}
	}
	// parseCCD reads every untagged shape after "[CCD] ", and parseText
	// skips leading spaces.
	for _, shape := range everyShape {
		if shape[0] != '[' {
			bodies = append(bodies, "[CCD] "+shape, "  "+shape, "[CCD]  "+shape)
		}
	}
	for _, body := range bodies {
		for c := 0; c < 256; c++ {
			for pos := 0; pos < 8 && pos < len(body); pos++ {
				b := []byte(body)
				b[pos] = byte(c)
				if parsedEvents(string(b)) > 0 && !mayBeEvent(b) {
					t.Fatalf("%q: parseBody makes an event of it, mayBeEvent turns it away", b)
				}
			}
		}
	}
}

// The dispatch turns away the chatter of a busy log that the two-byte one
// let through (found in report's profile), and each head has its own slot.
func TestMayBeEventTurnsAwayChatter(t *testing.T) {
	for _, body := range []string{
		`[WorktreePool] Released worktree wt-3 to pool (was leased by local_a)`,
		`[CCD start-timing] local_a preflight=12ms worktree=40ms`,
		`[CCD] Binary preflight: .verified marker missing but binary present`,
		`Received permission response for 7d1f0a2b: once (tool: Bash)`,
		`[MCP] Using MCP server command: /usr/local/bin/node`,
		`[oauth] refreshed access token, expires in 3600s`,
		`[ipc] handled claude.settings.get in 3ms`,
	} {
		if mayBeEvent([]byte(body)) {
			t.Errorf("%s: let through", body)
		}
	}
	for _, h := range heads() {
		k := binary.LittleEndian.Uint32([]byte(h))
		if eventHeads.slot[(k*eventHeads.mul)>>24] != k {
			t.Errorf("%q has no slot of its own", h)
		}
	}
}
