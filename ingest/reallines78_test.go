package ingest

import (
	"testing"

	"github.com/coworktop/coworktop/event"
)

// The new public lines of claude-logs.md §7.8, one row each, with the full
// prefix their sources show and the typed event each must give.
const (
	p78 = "2026-12-04 13:44:31 [info] "
	w78 = "2026-12-04 13:44:31 [warn] "
	d78 = "[2026-08-05T23:59:34.476Z] "
	s78 = "2026/08/18 09:12:40.118734 "
)

var realLines78 = []struct {
	source string
	file   string
	line   string
	want   []event.Event
}{
	{"#95364", "main.log", p78 + "[stealth-update] Triggering stealth update after idle timeout",
		[]event.Event{{Kind: event.KindUpdateRestart, Reason: event.ReasonIdleTimeout}}},
	{"#68625", "main.log", w78 + "[CCD CycleHealth] unhealthy cycle for local_7f3a9c21-5b8e-4d2a-9c41-1e2f3a4b5c6d (1341s, hadFirstResponse=true, reason=app_quit)",
		[]event.Event{{Kind: event.KindCycleHealth, Session: "local_7f3a9c21-5b8e-4d2a-9c41-1e2f3a4b5c6d", Health: event.HealthUnhealthy,
			DurationMs: 1341000, Reason: event.ReasonOther, Detail: &event.EventDetail{ReasonText: "app_quit"}}}},
	// The daemon's upgrade line with full paths: the version is the last
	// path element (a 40-byte cut of the whole path left both sides alike).
	{"#84349", "daemon.log", d78 + "[supervisor] binary at ~/.local/bin/claude changed (/home/dev/.local/share/claude/versions/2.1.222 → /home/dev/.local/share/claude/versions/2.1.223) — self-restarting for upgrade",
		[]event.Event{{Kind: event.KindDaemonUpgrade, Detail: &event.EventDetail{From: "2.1.222", To: "2.1.223"}}}},
	{"#84349", "daemon.log", d78 + "[supervisor] binary at ~/.local/bin/claude changed (…/versions/2.1.222 → …/versions/2.1.223) — self-restarting for upgrade",
		[]event.Event{{Kind: event.KindDaemonUpgrade, Detail: &event.EventDetail{From: "2.1.222", To: "2.1.223"}}}},
	{"#75037", "daemon.log", d78 + "[bg] bg settled 5f2c9a1e (killed)",
		[]event.Event{{Kind: event.KindDaemonSettled, Session: "5f2c9a1e", Reason: event.ReasonWorkerKilled}}},
	{"#93385", "cowork_vm_node.log", p78 + "[VM:start] Startup failed: VM failed to start: session disk not found",
		[]event.Event{{Kind: event.KindVMFailed, Text: "VM failed to start: session disk not found"}}},
	{"#93385", "cowork_vm_node.log", p78 + "[deleteVMBundle] Deleted rootfs.vhdx",
		[]event.Event{{Kind: event.KindVMBundleDeleted, Text: "Deleted rootfs.vhdx"}}},
	{"#87556", "cowork-service.log", s78 + "Warning: failed to open service for recovery config: Access is denied.",
		[]event.Event{{Kind: event.KindServiceWarning, Text: "Warning: failed to open service for recovery config: Access is denied."}}},
	{"#78283", "main.log", p78 + "[startVM] VM already connected",
		[]event.Event{{Kind: event.KindVMReady}}},
	{"#78283", "main.log", p78 + "[postConnect] Installing SDK: 0.2.1",
		[]event.Event{{Kind: event.KindVMReady}, {Kind: event.KindVMNote, Text: "[postConnect] Installing SDK: 0.2.1"}}},
	{"#78283", "main.log", p78 + "[Keepalive] Already running",
		[]event.Event{{Kind: event.KindVMNote, Text: "[Keepalive] Already running"}}},
	{"#81698", "main.log", e78gpu,
		[]event.Event{{Kind: event.KindRendererGone, Reason: event.ReasonWorkerCrashed, Text: "GPU process gone: { type: 'GPU', reason: 'crashed', exitCode: 101457950 }",
			Detail: &event.EventDetail{ExitCode: intp(101457950)}}}},
}

const e78gpu = "2026-11-02 10:14:55 [error] GPU process gone: { type: 'GPU', reason: 'crashed', exitCode: 101457950 }"

func intp(n int) *int { return &n }

func TestRealLinesOfSection78(t *testing.T) {
	for _, c := range realLines78 {
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
