package ingest

import (
	"testing"

	"github.com/coworktop/coworktop/event"
)

// The lines of claude-logs.md §7.9 (what a line proves, and more real
// lines), each with the event it must give.
var realLines79 = []struct {
	source string
	file   string
	lines  []string
	want   []event.Event
}{
	// A process that exited with code 1 at start never answered: the
	// cycle says so, and it is no return (governor.ProvesReturn).
	{"#49957", "main.log", []string{p7 + "[CCD CycleHealth] unhealthy cycle for " + u + " (0s, hadFirstResponse=false, reason=no_response)"},
		[]event.Event{{Kind: event.KindCycleHealth, Session: u, Health: event.HealthUnhealthy, Reason: event.ReasonOther,
			Detail: &event.EventDetail{ReasonText: "no_response", NoResponse: true}}}},
	{"bundle source", "main.log", []string{p7 + "[CCD CycleHealth] healthy cycle for " + u + " (12s, hadFirstResponse=true)"},
		[]event.Event{{Kind: event.KindCycleHealth, Session: u, Health: event.HealthGood, DurationMs: 12000}}},

	// Written before the quit: no relaunch. After it, the relaunch.
	{"2.x", "main.log", []string{p7 + "[stealth-relaunch] Saved navigation history (50 entries, active=49)"}, nil},
	{"2.x", "main.log", []string{p7 + "[stealth-relaunch] otherAppFullScreen=false"}, nil},
	{"2.x", "main.log", []string{p7 + "[stealth-relaunch] Detected via marker file"}, []event.Event{{Kind: event.KindRelaunch}}},
	// The count of sessions the update stopped.
	{"2.9939.2", "main.log", []string{p7 + "[CCD] CLI exit before update: 3 of 4 exited within 2000ms"},
		[]event.Event{{Kind: event.KindStopAll, Count: 4}}},
	// The VM: a reinstall that keeps the session data, a download, an
	// unsupported type.
	{"2.x", "cowork_vm_node.log", []string{p7 + "[deleteVMBundle] Deleting reinstall files from C:\\Users\\kim\\AppData\\Roaming\\Claude\\vm_bundles"},
		[]event.Event{{Kind: event.KindVMNote}}},
	{"2.x", "cowork_vm_node.log", []string{p7 + "[deleteVMBundle] Reinstall files deleted (sessiondata.img and rootfs.img.zst preserved)"},
		[]event.Event{{Kind: event.KindVMReinstall, Text: "Reinstall files deleted (sessiondata.img and rootfs.img.zst preserved)"}}},
	{"2.x", "cowork_vm_node.log", []string{p7 + "Reinstall files deleted (sessiondata.img and rootfs.img.zst preserved)"},
		[]event.Event{{Kind: event.KindVMReinstall}}},
	{"2.x", "cowork_vm_node.log", []string{p7 + "[downloadVM] Download already in progress, waiting..."},
		[]event.Event{{Kind: event.KindVMDownload, Text: "Download already in progress, waiting..."}}},
	{"public repository", "cowork_vm_node.log", []string{p7 + "[cleanupVMBundleIfUnsupported] yukonSilver not supported (status=unsupported)"},
		[]event.Event{{Kind: event.KindVMUnsupported}}},
	// The daemon: a failed respawn, an exit for an upgrade.
	{"#89987", "daemon.log", []string{"[2026-10-05T09:12:01.000Z] [supervisor] upgrade self-respawn failed to spawn: EACCES: permission denied — bg workers may be orphan-reaped ~60s after this process exits unless a client restarts the daemon (run `claude agents`)"},
		[]event.Event{{Kind: event.KindDaemonRespawnFail}}},
	{"#84827", "daemon.log", []string{"[2026-10-05T09:12:01.000Z] [supervisor] binary at /home/kim/.local/bin/claude was deleted (was /home/kim/.local/share/claude/versions/2.1.330) — exiting for upgrade"},
		[]event.Event{{Kind: event.KindDaemonShutdown, Reason: event.DaemonCauseUpgrade}}},
}

func TestRealLinesOfSection79(t *testing.T) {
	for _, c := range realLines79 {
		got := parseLines(t, c.file, c.lines...)
		if len(got) != len(c.want) {
			t.Errorf("%s %q: got %d events %+v, want %+v", c.source, c.lines[0], len(got), got, c.want)
			continue
		}
		for i := range got {
			if !same(got[i], c.want[i]) {
				t.Errorf("%s %q event %d:\n got %+v %+v\nwant %+v %+v", c.source, c.lines[0], i, got[i], got[i].Details(), c.want[i], c.want[i].Details())
			}
		}
	}
}
