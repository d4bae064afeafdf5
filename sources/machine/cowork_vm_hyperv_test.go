package machine

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/words"
)

// Platforms audit W3: on Windows every HCS VM has a vmwp (one worker per
// VM, microsoft/WSL#4617) and most a vmmem (on Windows 10 WSL's too,
// WSL#9604; Sandbox, Docker's Hyper-V backend, WSL#6881), and the Cowork
// service always runs (#66535). Only the VM created at the start
// cowork-service.log wrote is Cowork's.

var w3Day = time.Date(2026, 9, 4, 0, 0, 0, 0, time.UTC)

func w3At(h, m, s, ms int) time.Time {
	return w3Day.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(s)*time.Second + time.Duration(ms)*time.Millisecond)
}

func hv(pid, ppid int, name string, started time.Time, ws, commit uint64) ProcInfo {
	p := winProc(pid, ppid, name, "", started.Unix(), ProcInfo{RSS: ws, RSSKnown: true, Footprint: commit, FootprintKnown: true, CPUKnown: true})
	p.Started = started
	return p
}

// w3Table: the app and its service, WSL 2 running since the morning
// (vmwp and vmmemWSL), Docker Desktop's Hyper-V backend, Windows
// Sandbox opened later, and the Cowork VM (#74890's figures) created at
// 09:00:20 with the service's VM start.
func w3Table() []ProcInfo {
	svc := winProc(900, 700, "cowork-svc.exe", `C:\Program Files\Claude\cowork-svc.exe`, w3At(7, 58, 0, 0).Unix(), ProcInfo{RSS: 25 * mib, RSSKnown: true})
	app := winProc(7000, 3000, "Claude.exe", msixApp+"Claude.exe", w3At(9, 0, 0, 0).Unix(), ProcInfo{RSS: 250 * mib, RSSKnown: true})
	return []ProcInfo{
		winProc(700, 4, "services.exe", "", 2, ProcInfo{}),
		winProc(1200, 700, "vmcompute.exe", `C:\Windows\System32\vmcompute.exe`, 3, ProcInfo{}),
		svc, app,
		hv(8100, 1200, "vmwp.exe", w3At(8, 2, 10, 0), 28*mib, 35*mib),     // WSL 2's worker
		hv(8101, 1200, "vmmemWSL", w3At(8, 2, 11, 0), 1900*mib, 6144*mib), // WSL 2's memory
		hv(8200, 1200, "vmwp.exe", w3At(8, 30, 0, 0), 30*mib, 40*mib),     // Docker's Hyper-V backend
		hv(8201, 8200, "vmmem", w3At(8, 30, 1, 0), 700*mib, 2048*mib),
		hv(8000, 1200, "vmwp.exe", w3At(9, 0, 20, 600), 30*mib, 40*mib), // Cowork's, at the service's VM start
		hv(8001, 8000, "vmmem", w3At(9, 0, 21, 200), 13*mib, 4104*mib),
		hv(8300, 1200, "vmwp.exe", w3At(9, 40, 0, 0), 25*mib, 30*mib), // Windows Sandbox
		hv(8301, 8300, "vmmem", w3At(9, 40, 2, 0), 500*mib, 1024*mib),
	}
}

func svcEvent(kind event.Kind, t time.Time) *event.Event {
	return &event.Event{Kind: kind, Time: t, File: "cowork-service.log"}
}

// w3Snapshot scans the table and shows it with the service log's events.
func w3Snapshot(t *testing.T, table []ProcInfo, events ...*event.Event) governor.Snapshot {
	t.Helper()
	now := w3At(9, 45, 0, 0)
	groups, err := NewScanner(&windowsFake{fakeLister{procs: table}}).Scan(context.Background(), now)
	if err != nil {
		t.Fatal(err)
	}
	st := governor.New(governor.DefaultLimits())
	for _, e := range events {
		st.ApplyEvent(e)
	}
	st.ApplyGroups(now, groups)
	return st.Snapshot(now.Add(time.Second))
}

func groupByKind(snap governor.Snapshot, kind host.GroupKind, name string) (host.ProcessGroup, bool) {
	for _, g := range snap.Groups {
		if g.Kind == kind && (name == "" || g.Name == name) {
			return g, true
		}
	}
	return host.ProcessGroup{}, false
}

func TestCoworkVMOnWindowsIsTheOneStartedWithIt(t *testing.T) {
	snap := w3Snapshot(t, w3Table(),
		svcEvent(event.KindServiceStart, w3At(7, 58, 1, 0)),
		svcEvent(event.KindVMBoot, w3At(9, 0, 20, 329)),
		svcEvent(event.KindVMReady, w3At(9, 0, 21, 899)))
	vm, ok := groupByKind(snap, host.GroupCowork, "")
	if !ok {
		t.Fatalf("no Cowork VM: %+v", snap.Groups)
	}
	// Its commit (4,104 MB) and its worker's, never WSL's or Docker's.
	if !reflect.DeepEqual(vm.PIDs, []int{8000, 8001}) || vm.Footprint.Value != 4144*mib || vm.GuestMemory.Value != 4*gib {
		t.Errorf("the Cowork VM: pids %v, commit %d MiB, guest %d", vm.PIDs, vm.Footprint.Value/mib, vm.GuestMemory.Value)
	}
	other, ok := groupByKind(snap, host.GroupCompetitor, "Hyper-V VM (vmmem)")
	if !ok || !reflect.DeepEqual(other.PIDs, []int{8100, 8200, 8201, 8300, 8301}) {
		t.Errorf("the other Hyper-V VMs: %+v", other)
	}
	for _, g := range snap.Groups {
		if g.Kind == host.GroupCowork && (slices.Contains(g.PIDs, 8101) || slices.Contains(g.PIDs, 8100)) {
			t.Errorf("WSL's processes in the Cowork VM: %+v", g)
		}
	}
	if wsl, ok := groupByKind(snap, host.GroupCompetitor, "WSL 2 (vmmemWSL)"); !ok || !reflect.DeepEqual(wsl.PIDs, []int{8101}) {
		t.Errorf("WSL: %+v", wsl)
	}
}

// A worker that predates the service's VM start is not Cowork's, even the
// only one: with Cowork's VM not running, WSL and Docker are no Cowork VM.
func TestCoworkVMOnWindowsNeverAnOlderWorker(t *testing.T) {
	var table []ProcInfo
	for _, p := range w3Table() {
		if p.PID != 8000 && p.PID != 8001 {
			table = append(table, p)
		}
	}
	snap := w3Snapshot(t, table,
		svcEvent(event.KindServiceStart, w3At(7, 58, 1, 0)),
		svcEvent(event.KindVMBoot, w3At(9, 0, 20, 329)),
		svcEvent(event.KindVMReady, w3At(9, 0, 21, 899)))
	if g, ok := groupByKind(snap, host.GroupCowork, ""); ok {
		t.Errorf("an older worker taken for Cowork's: %+v", g)
	}
}

// Without a VM start in cowork-service.log (the file unreadable, or
// rotated away), the VMs are "a Hyper-V VM, maybe Cowork's", and after the
// app quits no "VM after quit" fires for them.
func TestCoworkVMOnWindowsWithoutServiceLog(t *testing.T) {
	var table []ProcInfo
	for _, p := range w3Table() {
		if p.PID != 7000 { // the app quit
			table = append(table, p)
		}
	}
	snap := w3Snapshot(t, table,
		&event.Event{Kind: event.KindAppStart, Time: w3At(9, 0, 0, 0), File: "main.log", Line: 1},
		&event.Event{Kind: event.KindAppQuit, Time: w3At(9, 30, 0, 0), File: "main.log", Line: 2})
	if g, ok := groupByKind(snap, host.GroupCowork, ""); ok {
		t.Errorf("a Cowork VM with no start to match: %+v", g)
	}
	maybe, ok := groupByKind(snap, host.GroupCompetitor, "a Hyper-V VM, maybe Cowork's")
	if !ok || len(maybe.PIDs) != 7 {
		t.Errorf("maybe Cowork's: %+v (groups %+v)", maybe, snap.Groups)
	}
	for _, r := range snap.Risks {
		if r.Kind == governor.RiskVMAfterQuit {
			t.Errorf("VM after quit fired for WSL, Docker and Sandbox: %s", words.RiskSummary(r))
		}
	}
	if fmt.Sprint(maybe.Note) == "" {
		t.Error("no note")
	}
}
