//go:build windows

package machine

import (
	"context"
	"errors"
	"fmt"
	"unsafe"

	"golang.org/x/sys/windows"
)

// windowsLister takes the whole table in one NtQuerySystemInformation
// call (sysproc_walk.go): names, parents, creation times, CPU and memory of
// every process, vmmem included, without opening any. Exe and argv are read
// only for the candidates. The buffer is kept between scans. On a 32-bit
// build, whose record layout differs, it falls back to a Toolhelp snapshot
// (names and parents only).
type windowsLister struct {
	buf      []byte
	toolhelp bool // the last List came from the fallback: no memory, no times
}

func newSystemLister() ProcLister { return &windowsLister{} }

// MemoryLabels names the figures List reads.
func (*windowsLister) MemoryLabels() (rss, footprint string) {
	return "private working set", "commit (private bytes)"
}

func (l *windowsLister) List(context.Context) ([]ProcInfo, error) {
	if l.toolhelp = unsafe.Sizeof(uintptr(0)) != 8; l.toolhelp {
		return toolhelpList()
	}
	size := max(len(l.buf), 256<<10)
	for range 8 {
		if len(l.buf) < size {
			l.buf = make([]byte, size)
		}
		var need uint32
		err := windows.NtQuerySystemInformation(windows.SystemProcessInformation, unsafe.Pointer(&l.buf[0]), uint32(len(l.buf)), &need)
		if err == nil {
			return walkProcessInfo(l.buf, uint64(uintptr(unsafe.Pointer(&l.buf[0]))))
		}
		if !errors.Is(err, windows.STATUS_INFO_LENGTH_MISMATCH) {
			return nil, fmt.Errorf("NtQuerySystemInformation(SystemProcessInformation): %w", err)
		}
		size = max(int(need)+64<<10, 2*len(l.buf)) // processes start between the two calls
	}
	return nil, errors.New("NtQuerySystemInformation(SystemProcessInformation): the table kept growing")
}

func (l *windowsLister) Detail(ctx context.Context, procs []ProcInfo) error {
	if l.toolhelp {
		return detailAll(ctx, procs, func(ctx context.Context, p *ProcInfo) error {
			return detailGopsutil(ctx, p, true, true)
		})
	}
	// Times and memory came with the table; a path that cannot be read
	// (vmmem, other users' processes) leaves only Exe and Args unknown.
	return detailAll(ctx, procs, func(ctx context.Context, p *ProcInfo) error {
		_ = detailGopsutil(ctx, p, false, false)
		return nil
	})
}

// toolhelpList is the 32-bit fallback: names and parents, no memory.
func toolhelpList() ([]ProcInfo, error) {
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
