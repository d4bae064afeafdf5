package governor

import (
	"strings"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// The Cowork VM on Windows (platforms audit W3). The process scan sees
// Hyper-V VMs only as vmwp (one worker per VM) and vmmem (its memory), and
// every HCS VM has them: WSL 2's worker, Docker's Hyper-V backend, Windows
// Sandbox. The Cowork service starts at boot, so its running says nothing.
// A Hyper-V VM is Cowork's when its processes were created at the VM start
// cowork-service.log wrote; without that line it is "a Hyper-V VM, maybe
// Cowork's", never the Cowork VM. vmmemWSL is WSL's, always (its own row).
// Which processes a start created is host's computation (host/hyperv.go);
// the service's VM start, the placing and the words are this file's.

// Names and notes of the placed Hyper-V groups.
const (
	coworkVMName    = "Claude Cowork VM"
	hyperVName      = "Hyper-V VM (vmmem)"
	hyperVMaybeName = "a Hyper-V VM, maybe Cowork's"
	hyperVNoService = "a Hyper-V partition while the Cowork service is not running: Windows Sandbox or another Hyper-V VM"
	hyperVOthers    = "Hyper-V VMs not started with the Cowork VM: Docker's Hyper-V backend, Windows Sandbox, WSL's worker or another VM"
	hyperVNoStart   = "coworktop's estimate: the Cowork service runs, but cowork-service.log gave no VM start to match these processes to; Windows Sandbox, Docker's Hyper-V backend or WSL's worker look the same"
)

// serviceVM is the VM start cowork-service.log wrote last.
type serviceVM struct {
	bootAt, readyAt time.Time
}

// isServiceLog: the event comes from the Windows VM service's log.
func isServiceLog(file string) bool {
	return strings.Contains(strings.ToLower(file), "cowork-service")
}

// noteServiceVM keeps the service log's VM start ("[HCS] Config JSON:",
// the document the service prepares a VM with, begins it; "[VM] VM started
// successfully" ends it) and forgets it when the service stops or starts
// again. The document is no boot of the VM's state (applyVM): only its
// time, for matching the worker processes.
func (s *State) noteServiceVM(e *event.Event) {
	if !isServiceLog(e.File) {
		return
	}
	switch e.Kind {
	case event.KindVMBoot, event.KindVMConfig:
		s.svcVM = serviceVM{bootAt: e.Time}
	case event.KindVMReady:
		s.svcVM.readyAt = e.Time
	case event.KindServiceStart, event.KindServiceStop:
		s.svcVM = serviceVM{}
	}
}

// window is when a Cowork worker may have been created (host.HyperVWindow);
// ok false without a logged start.
func (v serviceVM) window() (from, to time.Time, ok bool) {
	return host.HyperVWindow(v.bootAt, v.readyAt)
}

// placeHyperV returns groups with the scanner's Hyper-V group placed: the
// processes created at the service's VM start as the Cowork VM, the rest
// as another VM, or all of it as "maybe Cowork's" when the service runs
// and its log gave no start. groups is not modified.
func (s *State) placeHyperV(groups []host.ProcessGroup) []host.ProcessGroup {
	hv, service := host.FindHyperV(groups)
	if hv < 0 {
		return append([]host.ProcessGroup(nil), groups...) // the state reuses its array
	}
	out := append([]host.ProcessGroup(nil), groups...)
	g := &out[hv]
	g.Kind, g.Name, g.Note = host.GroupCompetitor, hyperVName, hyperVNoService
	if !service && s.svcVM == (serviceVM{}) {
		return out
	}
	from, to, ok := s.svcVM.window()
	if !ok {
		g.Name, g.Note = hyperVMaybeName, hyperVNoStart
		return out
	}
	vm, rest := g.SplitByStart(from, to)
	if len(vm) == 0 {
		g.Note = hyperVOthers
		return out
	}
	cowork := g.WithMembers(vm)
	cowork.Key, cowork.Name, cowork.Kind = host.CoworkGroupKey, coworkVMName, host.GroupCowork
	cowork.Note = "matched to the VM start cowork-service.log wrote at " + s.svcVM.startClock() + " by its processes' creation time"
	cowork.GuestMemory = vocab.Figure{Value: 4 << 30, Known: true, Source: "fixed size"}
	if s.vm.MemoryMB > 0 {
		cowork.GuestMemory = vocab.Figure{Value: uint64(s.vm.MemoryMB) << 20, Known: true, Source: "cowork-service.log SizeInMB"}
	}
	if len(rest) == 0 {
		out[hv] = cowork
		return out
	}
	other := g.WithMembers(rest)
	other.Note = hyperVOthers
	out[hv] = other
	return append(out, cowork)
}

func (v serviceVM) startClock() string {
	if !v.bootAt.IsZero() {
		return v.bootAt.Format(time.TimeOnly)
	}
	return v.readyAt.Format(time.TimeOnly)
}
