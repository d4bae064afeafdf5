package ingest

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
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
	want   []event.Event
}{
	{"#92196", "main.log", p77 + "[updater] Deferring auto-restart after 74 hours: Claude is working",
		[]event.Event{{Kind: event.KindUpdateDeferred, Text: "Claude is working", Detail: &event.EventDetail{PendingS: 74 * 3600}}}},
	{"#94691", "main.log", p77 + "[updater] Auto-restarting app after update pending for 101 hours",
		[]event.Event{{Kind: event.KindUpdateRestart, Reason: event.ReasonUpdate, Detail: &event.EventDetail{PendingS: 101 * 3600}}}},
	{"#92196", "main.log", p77 + "[updater] Staged version 2.110.0 is still current (latest: 2.110.0, lastTarget: 2.110.0)",
		[]event.Event{{Kind: event.KindUpdateStaged, Detail: &event.EventDetail{Version: "2.110.0"}}}},
	{"ref 69761825967", "main.log", p77 + "beforeQuitForUpdate handler fired, going down for update",
		[]event.Event{{Kind: event.KindUpdateRestart, Reason: event.ReasonUpdate}}},
	{"ref 69761825967", "main.log", p77 + "[CCD] Killing 5 PTY process tree(s) on quit",
		[]event.Event{{Kind: event.KindPTYKill, Count: 5}}},
	{"ref 69761825967", "main.log", p77 + "second-instance: suppressing duplicate argv",
		[]event.Event{{Kind: event.KindSecondInstance}}},
	{"#92933", "main.log", p77 + "Not main instance, returning early from app ready",
		[]event.Event{{Kind: event.KindSecondInstance}}},
	{"#85413", "main.log", p77 + "[update-restart] Detected nav-restore marker, launching normally",
		[]event.Event{{Kind: event.KindRestartMarker}}},
	{"#85413", "main.log", p77 + "[stealth-relaunch] Restoring navigation (50 entries, active=49)",
		[]event.Event{{Kind: event.KindRelaunch}}},
	{"#84764", "main.log", w77 + "[pty-host] worker exited (1073807364) with 2 live PTY(s); refork on demand",
		[]event.Event{{Kind: event.KindPTYHostExit, Count: 2, Detail: &event.EventDetail{ExitCode: code(1073807364)}}}},
	{"#84764", "main.log", e77 + "Session " + u + " query error: Claude Code process exited with code 1073807364",
		[]event.Event{{Kind: event.KindCrash, Session: u, Detail: &event.EventDetail{ExitCode: code(1073807364)}}}},
	{"#58898", "main.log", w77 + "[LocalMcpServerManager] mimir disconnected",
		[]event.Event{{Kind: event.KindMCPGone, Text: "mimir"}}},
	{"#58898", "main.log", p77 + "[LocalMcpServerManager] Closing mimir",
		[]event.Event{{Kind: event.KindMCPGone, Text: "mimir"}}},

	// cowork_vm_node.log (#79270)
	{"#79270", "cowork_vm_node.log", vm77 + `[VM:start] Beginning startup, bundlePath=C:\Users\<user>\AppData\Roaming\Claude\vm_bundles\claudevm.bundle`,
		[]event.Event{{Kind: event.KindVMBoot}}},
	{"#79270", "cowork_vm_node.log", vm77 + "[VM:start] Bundle version: 1.0.47",
		[]event.Event{{Kind: event.KindVMNote, Detail: &event.EventDetail{Version: "1.0.47"}}}},
	{"#79270", "cowork_vm_node.log", vm77 + "[VM:start] Still waiting for guest connection... 50749ms elapsed, 101 polls",
		[]event.Event{{Kind: event.KindVMNote, DurationMs: 50749}}},
	{"#79270", "cowork_vm_node.log", "2026-07-21 11:04:12 [error] Dispatching startup error: Error: guest connection timed out",
		[]event.Event{{Kind: event.KindVMFailed, Text: "Error: guest connection timed out"}}},
	{"#79270", "cowork_vm_node.log", vm77 + "[VM:start] Skipping auto-reinstall (already attempted once)",
		[]event.Event{{Kind: event.KindVMNote}}},
	{"#79270", "cowork_vm_node.log", vm77 + "[KernelBugMonitor] State reset",
		[]event.Event{{Kind: event.KindVMNote, Text: "[KernelBugMonitor] State reset"}}},

	// cowork-service.log (#93633): a tagged ready line, seconds-only stamps
	{"#93633", "cowork-service.log", `2026/09/10 23:05:02 [Server] Service ready. Listening on \\.\pipe\cowork-vm-service`,
		[]event.Event{{Kind: event.KindServiceReady}}},
	{"#93633", "cowork-service.log", `2026/09/10 23:05:02.118734 [Server] Service ready. Listening on \\.\pipe\cowork-vm-service`,
		[]event.Event{{Kind: event.KindServiceReady}}},
	{"#93633", "cowork-service.log", `2026/09/10 23:05:01 Warning: failed to configure recovery actions (a crashed service will stay down until reboot): Access is denied.`,
		[]event.Event{{Kind: event.KindServiceWarning}}},

	// daemon.log
	{"#87891", "daemon.log", d77 + "[supervisor] binary at /home/<user>/.local/share/claude/versions/2.1.233 changed (2.1.233 → 2.1.235) — self-restarting for upgrade",
		[]event.Event{{Kind: event.KindDaemonUpgrade, Detail: &event.EventDetail{From: "2.1.233", To: "2.1.235"}}}},
	{"ref 54701053506", "daemon.log", d77 + "[supervisor] another daemon won the lock race (pid=48211) — exiting",
		[]event.Event{{Kind: event.KindDaemonLockRace}}},
	{"ref 63111430887", "daemon.log", d77 + "[bg] bg orphan-spare reap: 1",
		[]event.Event{{Kind: event.KindDaemonReap, Count: 1}}},
	{"ref 63111430887", "daemon.log", d77 + "[bg] bg: post-takeover prewarm burst — respawned 0/1 stale workers, 1 refused in 0s",
		[]event.Event{{Kind: event.KindDaemonPrewarm, Count: 1, Detail: &event.EventDetail{Eligible: 1}}}},
	{"#77649", "daemon.log", d77 + "[bg] bg spare spawned host pid=90211",
		[]event.Event{{Kind: event.KindDaemonSpare}}},
}

func TestRealLinesOfSection77(t *testing.T) {
	for _, c := range realLines77 {
		for _, via := range []string{"assembler", "block reader"} {
			var got []event.Event
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
func readAll(t *testing.T, file string, lines ...string) []event.Event {
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
	var evs []event.Event
	if _, err := ReadEach(strings.NewReader(b.String()), file, time.UTC, func(e *event.Event) { evs = append(evs, *e) }); err != nil {
		t.Fatal(err)
	}
	return evs
}

// The §7.7 shapes of main.log read the same with and without a [CCD] tag,
// with runs of spaces.
func TestSection77WithAndWithoutTags(t *testing.T) {
	bodies := map[string]event.Kind{
		"Killing 2 PTY process tree(s) on quit":                             event.KindPTYKill,
		"Not main instance, returning early from app ready":                 event.KindSecondInstance,
		"second-instance: suppressing duplicate argv":                       event.KindSecondInstance,
		"beforeQuitForUpdate handler fired, going down for update":          event.KindUpdateRestart,
		"[updater] Deferring auto-restart after 3 hours: Claude is working": event.KindUpdateDeferred,
		"[updater] Auto-restarting app after update pending for 9 hours":    event.KindUpdateRestart,
		"[updater] Staged version 2.1.0 is still current (latest: 2.1.0)":   event.KindUpdateStaged,
		"[update-restart] Detected nav-restore marker, launching normally":  event.KindRestartMarker,
		"[pty-host] worker exited (1) with 1 live PTY(s); refork on demand": event.KindPTYHostExit,
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
	st, err := ReadEach(strings.NewReader(log), "main.log", time.UTC, func(*event.Event) { n++ })
	if err != nil {
		t.Fatal(err)
	}
	first, last := time.Date(2026, 9, 12, 2, 2, 31, 0, time.UTC), time.Date(2026, 9, 12, 2, 6, 51, 0, time.UTC)
	if n != 1 || st.Entries != 6 || !st.First.Equal(first) || !st.Last.Equal(last) {
		t.Errorf("events %d, entries %d, span %v → %v; want 1, 6, %v → %v", n, st.Entries, st.First, st.Last, first, last)
	}
}
