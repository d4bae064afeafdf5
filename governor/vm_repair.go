package governor

import (
	"fmt"
	"time"

	"github.com/coworktop/coworktop/vocab"
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
	// UnusableS is To − From in seconds, Summary the outage in words (Text).
	UnusableS int64  `json:"unusable_s"`
	Summary   string `json:"summary"`
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

// Text is the outage in words: "Cowork was unusable for 6m40s (13:02–13:09):
// the repair deleted its reinstall files and kept the session data, and
// the VM was downloaded again".
func (o VMOutage) Text() string {
	s := fmt.Sprintf("Cowork was unusable for %s (%s–%s) after a failed VM boot", vocab.FormatDuration(o.To.Sub(o.From)), o.From.Format("15:04:05"), o.To.Format("15:04:05"))
	var what []string
	switch {
	case o.DataLost:
		what = append(what, "the repair deleted the VM's disk (data on it is lost): "+o.Repair)
	case o.Repair != "":
		what = append(what, "the repair kept the session data, not data loss: "+o.Repair)
	}
	if o.Downloaded {
		what = append(what, "the VM was downloaded again")
	}
	for i, w := range what {
		if i == 0 {
			s += "; " + w
		} else {
			s += ", and " + w
		}
	}
	return s
}

// vmOutage is an outage in progress.
type vmOutage struct {
	from       time.Time
	repair     string
	downloaded bool
	dataLost   bool
}

// applyVMRepair folds the §7.9 VM lines and the outage they describe;
// applyVM calls it for every VM event.
func (s *State) applyVMRepair(e *Event) {
	o := &s.vmOut
	switch e.Kind {
	case KindVMFailed:
		if o.from.IsZero() {
			o.from = e.Time
		}
	case KindVMDownload:
		s.vm.Downloading = true
		o.downloaded = !o.from.IsZero() || o.downloaded
		if s.vm.State != VMRunning && s.vmDecides(e) {
			s.vm.State = VMBooting
		}
	case KindVMReinstall:
		o.repair, s.vm.Repair = e.Text, e.Text
	case KindVMBundleDeleted:
		o.repair, o.dataLost = e.Text, true
	case KindVMUnsupported:
		s.vm.Unsupported = e.Text
		if s.vmDecides(e) {
			s.vm.State, s.vm.OpenStep, s.vm.OpenSince = VMStopped, "", time.Time{}
		}
	case KindVMReady:
		s.vm.Downloading = false
		if !o.from.IsZero() && !e.Time.Before(o.from) {
			out := &VMOutage{From: o.from, To: e.Time, UnusableS: int64(e.Time.Sub(o.from) / time.Second), Repair: o.repair, Downloaded: o.downloaded, DataLost: o.dataLost}
			out.Summary = out.Text()
			s.vm.LastOutage = out
			s.counts.VMOutages++
		}
		*o = vmOutage{}
	}
}

// respawnFailed: the daemon's upgrade respawn failed; its workers are at
// risk until a daemon starts again.
func (s *State) respawnFailed(e *Event) {
	s.counts.DaemonRespawnFailed++
	s.daemon.respawnFailAt, s.daemon.respawnFailText = e.Time, e.Text
}
