//go:build windows

package machine

import (
	"context"
	"errors"
	"fmt"
	"unsafe"

	"golang.org/x/sys/windows"
)

// windowsLister takes one Toolhelp snapshot for names and parents: unlike
// opening each process, it also names protected ones such as vmmem.
// Untested on real Windows; whether vmmem's memory is readable without
// elevation is an open question (reference §4), and it shows as unreadable
// when it is not.
type windowsLister struct{}

func newSystemLister() ProcLister { return windowsLister{} }

func (windowsLister) List(context.Context) ([]ProcInfo, error) {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPPROCESS, 0)
	if err != nil {
		return nil, fmt.Errorf("CreateToolhelp32Snapshot: %w", err)
	}
	defer windows.CloseHandle(snap)
	var out []ProcInfo
	var e windows.ProcessEntry32
	e.Size = uint32(unsafe.Sizeof(e))
	for err = windows.Process32First(snap, &e); err == nil; err = windows.Process32Next(snap, &e) {
		out = append(out, ProcInfo{
			PID:  int(e.ProcessID),
			PPID: int(e.ParentProcessID),
			Name: windows.UTF16ToString(e.ExeFile[:]),
		})
	}
	if !errors.Is(err, windows.ERROR_NO_MORE_FILES) {
		return out, fmt.Errorf("Process32Next: %w", err)
	}
	return out, nil
}

func (windowsLister) Detail(ctx context.Context, procs []ProcInfo) error {
	return detailAll(ctx, procs, func(ctx context.Context, p *ProcInfo) error {
		return detailGopsutil(ctx, p, true)
	})
}
