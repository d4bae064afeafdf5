package ingest

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// Every line of claude-logs.md §7.7, one row each, with the full prefix its
// source shows and the typed event it must give.
const (
	p77  = "2026-09-12 03:14:07 [info] "
	w77  = "2026-09-12 03:14:07 [warn] "
	e77  = "2026-09-12 03:14:07 [error] "
	vm77 = "2026-07-21 11:02:40 [info] "
	d77  = "[2026-08-20T14:03:11.204Z] "
)

var realLines77 = []struct {
	source string
	file   string
	line   string
	want   []governor.Event
}{
	{"#92196", "main.log", p77 + "[updater] Deferring auto-restart after 74 hours: Claude is working",
		[]governor.Event{{Kind: governor.KindUpdateDeferred, Text: "Claude is working", Detail: &governor.EventDetail{PendingS: 74 * 3600}}}},
	{"#94691", "main.log", p77 + "[updater] Auto-restarting app after update pending for 101 hours",
		[]governor.Event{{Kind: governor.KindUpdateRestart, Reason: governor.ReasonUpdate, Detail: &governor.EventDetail{PendingS: 101 * 3600}}}},
	{"#92196", "main.log", p77 + "[updater] Staged version 2.110.0 is still current (latest: 2.110.0, lastTarget: 2.110.0)",
		[]governor.Event{{Kind: governor.KindUpdateStaged, Detail: &governor.EventDetail{Version: "2.110.0"}}}},
	{"ref 69761825967", "main.log", p77 + "beforeQuitForUpdate handler fired, going down for update",
		[]governor.Event{{Kind: governor.KindUpdateRestart, Reason: governor.ReasonUpdate}}},
	{"ref 69761825967", "main.log", p77 + "[CCD] Killing 5 PTY process tree(s) on quit",
		[]governor.Event{{Kind: governor.KindPTYKill, Count: 5}}},
	{"ref 69761825967", "main.log", p77 + "second-instance: suppressing duplicate argv",
		[]governor.Event{{Kind: governor.KindSecondInstance}}},
	{"#92933", "main.log", p77 + "Not main instance, returning early from app ready",
		[]governor.Event{{Kind: governor.KindSecondInstance}}},
	{"#85413", "main.log", p77 + "[update-restart] Detected nav-restore marker, launching normally",
		[]governor.Event{{Kind: governor.KindRestartMarker}}},
	{"#85413", "main.log", p77 + "[stealth-relaunch] Restoring navigation (50 entries, active=49)",
		[]governor.Event{{Kind: governor.KindRelaunch}}},
	{"#84764", "main.log", w77 + "[pty-host] worker exited (1073807364) with 2 live PTY(s); refork on demand",
		[]governor.Event{{Kind: governor.KindPTYHostExit, Count: 2, Detail: &governor.EventDetail{ExitCode: code(1073807364)}}}},
	{"#84764", "main.log", e77 + "Session " + u + " query error: Claude Code process exited with code 1073807364",
		[]governor.Event{{Kind: governor.KindCrash, Session: u, Detail: &governor.EventDetail{ExitCode: code(1073807364)}}}},
	{"#58898", "main.log", w77 + "[LocalMcpServerManager] mimir disconnected",
		[]governor.Event{{Kind: governor.KindMCPGone, Text: "mimir"}}},
	{"#58898", "main.log", p77 + "[LocalMcpServerManager] Closing mimir",
		[]governor.Event{{Kind: governor.KindMCPGone, Text: "mimir"}}},

	// cowork_vm_node.log (#79270)
	{"#79270", "cowork_vm_node.log", vm77 + `[VM:start] Beginning startup, bundlePath=C:\Users\<user>\AppData\Roaming\Claude\vm_bundles\claudevm.bundle`,
		[]governor.Event{{Kind: governor.KindVMBoot}}},
	{"#79270", "cowork_vm_node.log", vm77 + "[VM:start] Bundle version: 1.0.47",
		[]governor.Event{{Kind: governor.KindVMNote, Detail: &governor.EventDetail{Version: "1.0.47"}}}},
	{"#79270", "cowork_vm_node.log", vm77 + "[VM:start] Still waiting for guest connection... 50749ms elapsed, 101 polls",
		[]governor.Event{{Kind: governor.KindVMNote, DurationMs: 50749}}},
	{"#79270", "cowork_vm_node.log", "2026-07-21 11:04:12 [error] Dispatching startup error: Error: guest connection timed out",
		[]governor.Event{{Kind: governor.KindVMFailed, Text: "Error: guest connection timed out"}}},
	{"#79270", "cowork_vm_node.log", vm77 + "[VM:start] Skipping auto-reinstall (already attempted once)",
		[]governor.Event{{Kind: governor.KindVMNote}}},
	{"#79270", "cowork_vm_node.log", vm77 + "[KernelBugMonitor] State reset",
		[]governor.Event{{Kind: governor.KindVMNote, Text: "[KernelBugMonitor] State reset"}}},

	// cowork-service.log (#93633): a tagged ready line, seconds-only stamps
	{"#93633", "cowork-service.log", `2026/09/10 23:05:02 [Server] Service ready. Listening on \\.\pipe\cowork-vm-service`,
		[]governor.Event{{Kind: governor.KindServiceReady}}},
	{"#93633", "cowork-service.log", `2026/09/10 23:05:02.118734 [Server] Service ready. Listening on \\.\pipe\cowork-vm-service`,
		[]governor.Event{{Kind: governor.KindServiceReady}}},
	{"#93633", "cowork-service.log", `2026/09/10 23:05:01 Warning: failed to configure recovery actions (a crashed service will stay down until reboot): Access is denied.`,
		[]governor.Event{{Kind: governor.KindServiceWarning}}},

	// daemon.log
	{"#87891", "daemon.log", d77 + "[supervisor] binary at /home/<user>/.local/share/claude/versions/2.1.233 changed (2.1.233 → 2.1.235) — self-restarting for upgrade",
		[]governor.Event{{Kind: governor.KindDaemonUpgrade, Detail: &governor.EventDetail{From: "2.1.233", To: "2.1.235"}}}},
	{"ref 54701053506", "daemon.log", d77 + "[supervisor] another daemon won the lock race (pid=48211) — exiting",
		[]governor.Event{{Kind: governor.KindDaemonLockRace}}},
	{"ref 63111430887", "daemon.log", d77 + "[bg] bg orphan-spare reap: 1",
		[]governor.Event{{Kind: governor.KindDaemonReap, Count: 1}}},
	{"ref 63111430887", "daemon.log", d77 + "[bg] bg: post-takeover prewarm burst — respawned 0/1 stale workers, 1 refused in 0s",
		[]governor.Event{{Kind: governor.KindDaemonPrewarm, Count: 1, Detail: &governor.EventDetail{Eligible: 1}}}},
	{"#77649", "daemon.log", d77 + "[bg] bg spare spawned host pid=90211",
		[]governor.Event{{Kind: governor.KindDaemonSpare}}},
}

func TestRealLinesOfSection77(t *testing.T) {
	for _, c := range realLines77 {
		for _, via := range []string{"assembler", "block reader"} {
			var got []governor.Event
			if via == "assembler" {
				got = parseLines(t, c.file, c.line)
			} else {
				got = readAll(t, c.file, c.line)
			}
			if len(got) != len(c.want) {
				t.Errorf("%s %s %q: got %d events %+v, want %+v", via, c.source, c.line, len(got), got, c.want)
				continue
			}
			for i := range got {
				if !same(got[i], c.want[i]) {
					t.Errorf("%s %s %q event %d:\n got %+v %+v\nwant %+v %+v", via, c.source, c.line, i, got[i], got[i].Details(), c.want[i], c.want[i].Details())
				}
			}
		}
	}
}

// readAll reads lines through ReadEach, the block reader with its fast
// paths (the head table, the lazy plain entry), after a run of plain lines
// of the same minute so the lazy path is warm.
func readAll(t *testing.T, file string, lines ...string) []governor.Event {
	t.Helper()
	var b strings.Builder
	if strings.HasSuffix(file, "main.log") {
		for range 3 {
			b.WriteString(p77 + "[oauth] token cache ok\n")
		}
	}
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	var evs []governor.Event
	if _, err := ReadEach(strings.NewReader(b.String()), file, time.UTC, func(e *governor.Event) { evs = append(evs, *e) }); err != nil {
		t.Fatal(err)
	}
	return evs
}

// The §7.7 shapes of main.log read the same with and without a [CCD] tag,
// with runs of spaces.
func TestSection77WithAndWithoutTags(t *testing.T) {
	bodies := map[string]governor.Kind{
		"Killing 2 PTY process tree(s) on quit":                             governor.KindPTYKill,
		"Not main instance, returning early from app ready":                 governor.KindSecondInstance,
		"second-instance: suppressing duplicate argv":                       governor.KindSecondInstance,
		"beforeQuitForUpdate handler fired, going down for update":          governor.KindUpdateRestart,
		"[updater] Deferring auto-restart after 3 hours: Claude is working": governor.KindUpdateDeferred,
		"[updater] Auto-restarting app after update pending for 9 hours":    governor.KindUpdateRestart,
		"[updater] Staged version 2.1.0 is still current (latest: 2.1.0)":   governor.KindUpdateStaged,
		"[update-restart] Detected nav-restore marker, launching normally":  governor.KindRestartMarker,
		"[pty-host] worker exited (1) with 1 live PTY(s); refork on demand": governor.KindPTYHostExit,
	}
	for body, kind := range bodies {
		for _, prefix := range []string{"", "[CCD] ", " ", "  [CCD]  "} {
			if evs := parseLines(t, "main.log", p77+prefix+body); len(evs) != 1 || evs[0].Kind != kind {
				t.Errorf("%q: got %+v, want one %s", prefix+body, evs, kind)
			}
			if evs := readAll(t, "main.log", p77+prefix+body); len(evs) != 1 || evs[0].Kind != kind {
				t.Errorf("block reader %q: got %+v, want one %s", prefix+body, evs, kind)
			}
		}
	}
}

// Every stamped line counts toward a log's span, said it anything or not:
// a file running 02:02:31–02:06:51 whose only event is at 02:02:51.
func TestStatsSpanCoversEveryStampedLine(t *testing.T) {
	log := "2026-09-12 02:02:31 [info] [oauth] loaded token cache\n" +
		"2026-09-12 02:02:40 [info] using oauth config {\n  a: 1\n}\n" +
		"2026-09-12 02:02:51 [info] [updater] Auto-restarting app after update pending for 101 hours\n" +
		"2026-09-12 02:05:00 [info] [oauth] refreshed\n" +
		"2026-09-12 02:06:40 [info] [oauth] refreshed\n" +
		"0000-00-00 00:00:00 [info] a line dated no real day\n" +
		"2026-09-12 02:06:51 [info] [oauth] refreshed\n" // the lazy plain entry: the last minute's
	var n int
	st, err := ReadEach(strings.NewReader(log), "main.log", time.UTC, func(*governor.Event) { n++ })
	if err != nil {
		t.Fatal(err)
	}
	first, last := time.Date(2026, 9, 12, 2, 2, 31, 0, time.UTC), time.Date(2026, 9, 12, 2, 6, 51, 0, time.UTC)
	if n != 1 || st.Entries != 6 || !st.First.Equal(first) || !st.Last.Equal(last) {
		t.Errorf("events %d, entries %d, span %v → %v; want 1, 6, %v → %v", n, st.Entries, st.First, st.Last, first, last)
	}
}
