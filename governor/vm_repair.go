package governor

import (
	"github.com/coworktop/coworktop/event"
	"time"
)

// The Cowork VM after a failed boot, and the daemon's failed respawn
// (claude-logs.md §7.9): how long Cowork was unusable (the repair, the
// download), what the repair deleted or kept, a VM type the app refuses,
// and a daemon whose upgrade respawn failed or that shut down with no
// respawn.

// Words every output uses for these.
const (
	VMUnsupportedText       = "the app refuses to start this VM type (not a failed boot)"
	DaemonRespawnFailedText = "its upgrade self-respawn failed: background workers may be orphan-reaped about 60 s after it exits unless a client restarts the daemon (run `claude agents`)"
	DaemonNoRespawnText     = "it shut down for an upgrade and no new daemon started: background sessions are not dispatched until one does (run `claude agents`)"
)

// VMOutage is a stretch when Cowork could not be used: from a failed boot to
// the VM running again, with what the repair did.
type VMOutage struct {
	From time.Time `json:"-"`
	To   time.Time `json:"-"`
	// UnusableS is To − From in seconds (words.VMOutageText says the
	// outage in words).
	UnusableS int64 `json:"unusable_s"`
	// Repair says what the repair deleted or kept, as logged ("Reinstall
	// files deleted (sessiondata.img and rootfs.img.zst preserved)").
	Repair string `json:"repair,omitempty"`
	// Downloaded: the VM's bundle was fetched again meanwhile.
	Downloaded bool `json:"downloaded,omitempty"`
	// DataLost: the repair deleted the VM's disk ([deleteVMBundle] Deleted …).
	DataLost bool `json:"data_lost,omitempty"`
}

// Seconds is how long Cowork was unusable.
func (o VMOutage) Seconds() int64 { return o.UnusableS }

// vmOutage is an outage in progress.
type vmOutage struct {
	from       time.Time
	repair     string
	downloaded bool
	dataLost   bool
}

// applyVMRepair folds the §7.9 VM lines and the outage they describe;
// applyVM calls it for every VM event.
func (s *State) applyVMRepair(e *event.Event) {
	o := &s.vmOut
	switch e.Kind {
	case event.KindVMFailed:
		if o.from.IsZero() {
			o.from = e.Time
		}
	case event.KindVMDownload:
		s.vm.Downloading = true
		o.downloaded = !o.from.IsZero() || o.downloaded
		if s.vm.State != event.VMRunning && s.vmDecides(e) {
			s.vm.State = event.VMBooting
		}
	case event.KindVMReinstall:
		o.repair, s.vm.Repair = e.Text, e.Text
	case event.KindVMBundleDeleted:
		o.repair, o.dataLost = e.Text, true
	case event.KindVMUnsupported:
		s.vm.Unsupported = e.Text
		if s.vmDecides(e) {
			s.vm.State, s.vm.OpenStep, s.vm.OpenSince = event.VMStopped, "", time.Time{}
		}
	case event.KindVMReady:
		s.vm.Downloading = false
		if !o.from.IsZero() && !e.Time.Before(o.from) {
			out := &VMOutage{From: o.from, To: e.Time, UnusableS: int64(e.Time.Sub(o.from) / time.Second), Repair: o.repair, Downloaded: o.downloaded, DataLost: o.dataLost}
			s.vm.LastOutage = out
			s.counts.VMOutages++
		}
		*o = vmOutage{}
	}
}

// respawnFailed: the daemon's upgrade respawn failed; its workers are at
// risk until a daemon starts again.
func (s *State) respawnFailed(e *event.Event) {
	s.counts.DaemonRespawnFailed++
	s.daemon.respawnFailAt, s.daemon.respawnFailText = e.Time, e.Text
}
