//go:build !linux

package machine

import (
	"context"
	"errors"
	"fmt"

	"github.com/shirou/gopsutil/v4/process"
)

// detailGopsutil fills exe, argv and (when withTimes) CPU time and (when
// withMem) RSS for one process. Each read is independent: a permission
// error on one leaves that field unknown and the others still read.
func detailGopsutil(ctx context.Context, p *ProcInfo, withTimes, withMem bool) error {
	// A literal rather than NewProcess: that one probes existence and reads
	// the create time, two more system calls per candidate we do not need.
	gp := &process.Process{Pid: int32(p.PID)}
	var errs []error
	if exe, err := gp.ExeWithContext(ctx); err == nil {
		p.Exe = exe
	} else {
		errs = append(errs, err)
	}
	if args, err := gp.CmdlineSliceWithContext(ctx); err == nil && len(args) > 0 {
		p.Args = args
	} else if err != nil {
		errs = append(errs, err)
	}
	if withTimes {
		if t, err := gp.TimesWithContext(ctx); err == nil && t != nil {
			p.CPU, p.CPUKnown = t.User+t.System, true
		} else if err != nil {
			errs = append(errs, err)
		}
	}
	if withMem {
		if mi, err := gp.MemoryInfoWithContext(ctx); err == nil && mi != nil {
			p.RSS, p.RSSKnown = mi.RSS, true
		} else if err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("pid %d: %w", p.PID, errors.Join(errs...))
	}
	return nil
}

// gopsutilGone reports whether err is gopsutil's word for a process that
// is gone.
func gopsutilGone(err error) bool { return errors.Is(err, process.ErrorProcessNotRunning) }
