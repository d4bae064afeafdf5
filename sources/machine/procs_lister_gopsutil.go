//go:build !darwin && !windows && !linux

package machine

import (
	"context"
	"fmt"

	"github.com/shirou/gopsutil/v4/process"
)

// gopsutilLister lists processes through gopsutil: on Linux two small
// /proc reads per process (status for the name, stat for the ppid).
type gopsutilLister struct{}

func newSystemLister() ProcLister { return gopsutilLister{} }

func (gopsutilLister) List(ctx context.Context) ([]ProcInfo, error) {
	pids, err := process.PidsWithContext(ctx)
	if err != nil {
		return nil, fmt.Errorf("gopsutil process.Pids: %w", err)
	}
	out := make([]ProcInfo, 0, len(pids))
	for _, pid := range pids {
		gp := &process.Process{Pid: pid}
		name, err := gp.NameWithContext(ctx)
		if err != nil {
			continue // exited between the listing and now
		}
		ppid, err := gp.PpidWithContext(ctx)
		if err != nil {
			continue
		}
		out = append(out, ProcInfo{PID: int(pid), PPID: int(ppid), Name: name})
	}
	return out, nil
}

func (gopsutilLister) Detail(ctx context.Context, procs []ProcInfo) error {
	return detailAll(ctx, procs, func(ctx context.Context, p *ProcInfo) error {
		return detailGopsutil(ctx, p, true, true)
	})
}
