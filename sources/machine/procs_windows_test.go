//go:build windows

package machine

import (
	"context"
	"os"
	"testing"
	"unsafe"

	"golang.org/x/sys/windows"
)

// The walker's offsets are x/sys/windows's SYSTEM_PROCESS_INFORMATION.
func TestSysprocOffsets(t *testing.T) {
	var s windows.SYSTEM_PROCESS_INFORMATION
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"NextEntryOffset", spiNext, unsafe.Offsetof(s.NextEntryOffset)},
		{"WorkingSetPrivateSize", spiPrivateWS, unsafe.Offsetof(s.WorkingSetPrivateSize)},
		{"CreateTime", spiCreateTime, unsafe.Offsetof(s.CreateTime)},
		{"UserTime", spiUserTime, unsafe.Offsetof(s.UserTime)},
		{"KernelTime", spiKernelTime, unsafe.Offsetof(s.KernelTime)},
		{"ImageName.Length", spiNameLength, unsafe.Offsetof(s.ImageName) + unsafe.Offsetof(s.ImageName.Length)},
		{"ImageName.Buffer", spiNameBuffer, unsafe.Offsetof(s.ImageName) + unsafe.Offsetof(s.ImageName.Buffer)},
		{"UniqueProcessID", spiPID, unsafe.Offsetof(s.UniqueProcessID)},
		{"InheritedFromUniqueProcessID", spiPPID, unsafe.Offsetof(s.InheritedFromUniqueProcessID)},
		{"PrivatePageCount", spiPrivateUse, unsafe.Offsetof(s.PrivatePageCount)},
		{"WorkingSetSize", spiWorkingSet, unsafe.Offsetof(s.WorkingSetSize)},
		{"PagefileUsage", spiPagefile, unsafe.Offsetof(s.PagefileUsage)},
		{"size", spiRecordBytes, unsafe.Sizeof(s)},
	} {
		if c.got != c.want {
			t.Errorf("%s at %d, x/sys has %d", c.name, c.got, c.want)
		}
	}
}

// The real table: this test process is in it, with its parent, a creation
// time, and memory read without opening it.
func TestWindowsListerOwnProcess(t *testing.T) {
	l := &windowsLister{}
	procs, err := l.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range procs {
		if p.PID != os.Getpid() {
			continue
		}
		// Under Wine a process started from Linux has no Windows parent
		// (ppid 0), and Wine fills only the classic memory counters.
		if p.PPID != os.Getppid() || p.Name == "" || p.CreateTime == 0 || !p.FootprintKnown || !p.RSSKnown || p.RSS == 0 {
			t.Errorf("own process: %+v (getppid %d)", p, os.Getppid())
		}
		t.Logf("%d processes; own: %s, private working set %d, commit %d, CPU %.2f s", len(procs), p.Name, p.RSS, p.Footprint, p.CPU)
		return
	}
	t.Fatalf("own pid %d not among %d processes", os.Getpid(), len(procs))
}
