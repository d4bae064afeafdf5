package machine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"syscall"
)

// linuxLister lists processes with one small read per process
// (/proc/PID/stat holds both the name and the parent), half of what going
// through gopsutil costs; details for the few candidates still come from
// gopsutil. The scan is the largest part of the live view's idle cost.
type linuxLister struct{}

func newSystemLister() ProcLister { return linuxLister{} }

func (linuxLister) List(ctx context.Context) ([]ProcInfo, error) {
	dir, err := os.Open("/proc")
	if err != nil {
		return nil, fmt.Errorf("listing processes: %w", err)
	}
	names, err := dir.Readdirnames(-1)
	dir.Close()
	if err != nil {
		return nil, fmt.Errorf("listing processes: %w", err)
	}
	out := make([]ProcInfo, 0, len(names))
	buf := make([]byte, 512)
	for _, name := range names {
		pid, err := strconv.Atoi(name)
		if err != nil {
			continue // not a process folder
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		p, ok := readProcStat(pid, buf)
		if ok {
			out = append(out, p)
		}
	}
	return out, nil
}

// readProcStat reads "PID (COMM) STATE PPID …". COMM may itself hold spaces
// and parentheses, so it ends at the last ')'.
//
// It uses plain system calls: os.Open's non-blocking setup and finalizer
// cost more than the read itself, a few hundred times per scan.
func readProcStat(pid int, buf []byte) (ProcInfo, bool) {
	fd, err := syscall.Open("/proc/"+strconv.Itoa(pid)+"/stat", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return ProcInfo{}, false // exited between the listing and now
	}
	n, err := syscall.Read(fd, buf)
	syscall.Close(fd)
	if err != nil || n <= 0 {
		return ProcInfo{}, false
	}
	return parseProcStat(pid, buf[:n])
}

func parseProcStat(pid int, b []byte) (ProcInfo, bool) {
	open := bytes.IndexByte(b, '(')
	end := bytes.LastIndexByte(b, ')')
	if open < 0 || end < open {
		return ProcInfo{}, false
	}
	fields := bytes.Fields(b[end+1:])
	if len(fields) < 2 {
		return ProcInfo{}, false
	}
	ppid, err := strconv.Atoi(string(fields[1]))
	if err != nil {
		return ProcInfo{}, false
	}
	return ProcInfo{PID: pid, PPID: ppid, Name: string(b[open+1 : end])}, true
}

func (linuxLister) Detail(ctx context.Context, procs []ProcInfo) error {
	return detailAll(ctx, procs, func(ctx context.Context, p *ProcInfo) error {
		return detailGopsutil(ctx, p, true, true)
	})
}
