package machine

import (
	"context"
	"testing"
	"time"

	"github.com/coworktop/coworktop/host"
)

// W8: for another user's process gopsutil's Times says 0 s with no error,
// and proc_pid_rusage says EPERM: the CPU is unknown, not 0 %.
func TestDarwinDetailCPUOfOtherUsers(t *testing.T) {
	times := func(_ context.Context, p *ProcInfo) error {
		p.Exe, p.CPU, p.CPUKnown = "/Library/Application Support/com.canonical.multipass/bin/qemu-system-aarch64", 0, true
		return nil
	}
	for _, tt := range []struct {
		name                  string
		rusage                func(int) (uint64, uint64, bool)
		cpuKnown, memoryKnown bool
	}{
		{"other user's (EPERM)", func(int) (uint64, uint64, bool) { return 0, 0, false }, false, false},
		{"own", func(int) (uint64, uint64, bool) { return 100 * mib, 120 * mib, true }, true, true},
		{"libproc not bound", nil, true, false},
	} {
		p := ProcInfo{PID: 4242, Name: "qemu-system-aar"}
		if err := (darwinCalls{gopsutil: times, rusage: tt.rusage}).detail(context.Background(), &p); err != nil {
			t.Fatal(err)
		}
		if p.CPUKnown != tt.cpuKnown || p.FootprintKnown != tt.memoryKnown || p.RSSKnown != tt.memoryKnown || p.Exe == "" {
			t.Errorf("%s: %+v", tt.name, p)
		}
	}
}

// The scanner counts such processes, so the group reads "?" (all unknown)
// or "≥x.x" (some), never a bare 0.
func TestScanCPUUnknown(t *testing.T) {
	root := proc(10, 1, "prl_disp_service", nil, ProcInfo{})                 // root-owned: nothing readable
	vm := proc(11, 1, "prl_vm_app", nil, ProcInfo{RSS: mib, RSSKnown: true}) // CPU unknown, memory read
	f := &fakeLister{procs: []ProcInfo{root, vm}}
	s := NewScanner(f)
	t0 := time.Unix(1000, 0)
	s.Scan(context.Background(), t0)
	g, err := s.Scan(context.Background(), t0.Add(4*time.Second))
	if err != nil || len(g) != 1 || g[0].CPUUnreadable != 2 || host.CPUText(g[0]) != host.CPUUnknown {
		t.Fatalf("all unknown: %+v %v", g, err)
	}
	f.procs[1].CPUKnown, f.procs[1].CPU = true, 10
	s.Scan(context.Background(), t0.Add(8*time.Second))
	f.procs[1].CPU = 12 // 2 s in 4 s
	g, _ = s.Scan(context.Background(), t0.Add(12*time.Second))
	if g[0].CPUUnreadable != 1 || host.CPUText(g[0]) != "≥50.0" {
		t.Fatalf("one unknown: %+v, %q", g[0], host.CPUText(g[0]))
	}
}
