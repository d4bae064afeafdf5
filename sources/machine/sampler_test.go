package machine

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/coworktop/coworktop/host"
)

func fakeMachine() Machine {
	host := NewHostSampler(func(context.Context) (HostReading, error) {
		return HostReading{Total: known(16*gib, "fake"), AppFree: known(gib, "fake")}, nil
	})
	lister := &fakeLister{procs: []ProcInfo{proc(10, 1, "vmware-vmx", nil, rssOf(mib))}}
	return Machine{Host: host, Scanner: NewScanner(lister)}
}

func TestMachineRunCadenceAndStop(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	out := make(chan MachineBatch)
	done := make(chan struct{})
	go func() {
		defer close(done)
		fakeMachine().Run(ctx, 100*time.Millisecond, 300*time.Millisecond, time.Now, out)
	}()
	var batches, scans int
	for batches < 7 {
		b := <-out
		batches++
		if b.Host.Pressure == host.PressureUnknown || !b.Host.Total.Known {
			t.Errorf("batch %d host: %+v", batches, b.Host)
		}
		if b.Scanned {
			scans++
			if len(b.Groups) != 1 || b.Groups[0].Key != "vmware" {
				t.Errorf("scan: %+v %v", b.Groups, b.ScanErr)
			}
		}
	}
	if scans < 2 || scans > 4 {
		t.Errorf("%d scans in %d host samples at 1:3, want about 3", scans, batches)
	}
	cancel() // with nobody reading: Run must still return
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("Run did not stop on cancel")
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("goroutines: %d before, %d after", before, n)
	}
}

// The scanner caps footprints at the physical memory the host sample read.
func TestMachineGivesScannerRAM(t *testing.T) {
	m := fakeMachine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := make(chan MachineBatch, 1)
	ticks := make(chan time.Time)
	go m.RunOn(ctx, ticks, time.Second, time.Second, time.Now, out)
	if b := <-out; !b.Scanned {
		t.Fatal("the first batch scans")
	}
	close(ticks)
	if m.Scanner.ram != 16*gib {
		t.Errorf("scanner RAM %d, want the host's 16 GiB", m.Scanner.ram)
	}
}
