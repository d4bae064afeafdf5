package governor_test

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
)

// TestVMOutageAfterAFailedBoot: the VM's first boot fails, the repair
// deletes its reinstall files and keeps the session data, the bundle is
// downloaded again (booting, never "stalled" however long it takes), and
// the VM runs: how long Cowork was unusable is said, and no data is lost.
func TestVMOutageAfterAFailedBoot(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	for _, e := range parseLines(t, "cowork_vm_node.log",
		at(0)+" [info] [VM:start] Beginning startup, bundlePath=C:\\vm",
		at(1)+" [info] [VM:steps] download_and_sdk_prepare started",
		at(60)+" [error] [VM:start] Startup failed: Error: guest connection timed out",
		at(61)+" [info] [deleteVMBundle] Deleting reinstall files from C:\\vm",
		at(62)+" [info] [deleteVMBundle] Reinstall files deleted (sessiondata.img and rootfs.img.zst preserved)",
		at(63)+" [info] [VM:start] Beginning startup, bundlePath=C:\\vm",
		at(64)+" [info] [VM:steps] download_and_sdk_prepare started",
		at(65)+" [info] [downloadVM] Download already in progress, waiting...",
	) {
		s.Apply(e)
	}
	if v := s.Snapshot(t0.Add(400 * time.Second)).VM; v.State != event.VMBooting || !v.Downloading {
		t.Fatalf("downloading for 335 s: %s (downloading %v), want booting", v.State, v.Downloading)
	}
	for _, e := range parseLines(t, "cowork_vm_node.log", at(460)+" [info] [VM:start] Startup complete, total time: 397000ms") {
		s.Apply(e)
	}
	snap := s.Snapshot(t0.Add(500 * time.Second))
	o := snap.VM.LastOutage
	if snap.VM.State != event.VMRunning || o == nil || o.Seconds() != 400 || !o.Downloaded || o.DataLost || snap.Counts.VMBundleDeleted != 0 {
		t.Fatalf("vm %+v outage %+v", snap.VM, o)
	}
	if txt := words.VMOutageText(*o); !strings.Contains(txt, "Cowork was unusable for 6m40s") || !strings.Contains(txt, "kept the session data, not data loss") || !strings.Contains(txt, "downloaded again") {
		t.Fatalf("outage text %q", txt)
	}
}

// TestVMUnsupportedIsNoFailedBoot: an unsupported VM type is a refusal.
func TestVMUnsupportedIsNoFailedBoot(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	for _, e := range parseLines(t, "cowork_vm_node.log", at(0)+" [info] [cleanupVMBundleIfUnsupported] yukonSilver not supported (status=unsupported)") {
		s.Apply(e)
	}
	snap := s.Snapshot(t0.Add(10 * time.Second))
	if snap.VM.State != event.VMStopped || snap.VM.Unsupported == "" || snap.VM.LastFailure != "" || snap.Counts.VMFailures != 0 || snap.Counts.VMBoots != 0 {
		t.Fatalf("vm %+v, boot failures %d", snap.VM, snap.Counts.VMFailures)
	}
}

// TestDaemonWorkersAtRisk: a failed upgrade respawn, and a shutdown for an
// upgrade that no start follows, put the daemon's workers at risk; a start
// ends it.
func TestDaemonWorkersAtRisk(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	apply := func(lines ...string) {
		for _, e := range parseLines(t, "daemon.log", lines...) {
			s.Apply(e)
		}
	}
	apply("[2026-09-30T10:00:00.000Z] [supervisor] ─── daemon start ─── version=2.1.330 pid=10 origin=transient",
		"[2026-09-30T10:05:00.000Z] [supervisor] upgrade self-respawn failed to spawn: EACCES: permission denied — bg workers may be orphan-reaped ~60s after this process exits unless a client restarts the daemon (run `claude agents`)")
	if d := s.Daemon(); d.AtRisk != governor.DaemonRespawnFailedText || s.Snapshot(t0).Counts.DaemonRespawnFailed != 1 {
		t.Fatalf("after EACCES: %+v", d)
	}
	apply("[2026-09-30T10:06:00.000Z] [supervisor] ─── daemon start ─── version=2.1.332 pid=11 origin=transient",
		"[2026-09-30T11:00:00.000Z] [supervisor] shutting down (cause=upgrade, uptime=60s, leases=2, live_workers=2)")
	if d := s.Daemon(); d.AtRisk != governor.DaemonNoRespawnText {
		t.Fatalf("after an upgrade shutdown with no start: %+v", d)
	}
	apply("[2026-09-30T11:00:02.000Z] [supervisor] ─── daemon start ─── version=2.1.333 pid=12 origin=transient")
	if d := s.Daemon(); d.AtRisk != "" {
		t.Fatalf("a daemon runs again: %+v", d)
	}
}
