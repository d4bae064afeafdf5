package machine

import "context"

// darwinCalls are the per-process reads of the macOS lister, injected so
// the decision between them is tested on any OS.
type darwinCalls struct {
	// gopsutil reads exe (proc_pidpath), argv (kern.procargs2) and CPU
	// times (proc_pidinfo).
	gopsutil func(ctx context.Context, p *ProcInfo) error
	// rusage reads RSS and phys_footprint (proc_pid_rusage); ok is false
	// when the call failed (EPERM for other users' processes). nil when
	// libproc could not be bound.
	rusage func(pid int) (rss, footprint uint64, ok bool)
}

// detail reads one candidate. gopsutil's CPU times on macOS ignore
// proc_pidinfo's EPERM and come back as zeros with no error for other
// users' processes (root qemu, com.docker.vmnetd, prl_disp_service), so a
// CPU time counts only when the same process's proc_pid_rusage, which
// fails for exactly those, succeeded (platforms audit W8).
func (c darwinCalls) detail(ctx context.Context, p *ProcInfo) error {
	err := c.gopsutil(ctx, p)
	if c.rusage == nil {
		return err
	}
	rss, footprint, ok := c.rusage(p.PID)
	if !ok {
		p.CPU, p.CPUKnown = 0, false
		return err
	}
	p.RSS, p.RSSKnown = rss, true
	p.Footprint, p.FootprintKnown = footprint, true
	return err
}
