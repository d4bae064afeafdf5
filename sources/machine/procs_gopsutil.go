package machine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"syscall"

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

// detailAll runs detail on every candidate. Per-process failures are
// expected (permissions, processes that exited) and leave fields unknown;
// only when every candidate still running failed is that worth an error. A
// process that exited between the listing and its detail is no failure:
// on a busy host the only candidate may be gone by then.
func detailAll(ctx context.Context, procs []ProcInfo, detail func(context.Context, *ProcInfo) error) error {
	var first error
	failed, gone := 0, 0
	for i := range procs {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("detail processes: %w", err)
		}
		err := detail(ctx, &procs[i])
		switch {
		case err == nil:
		case exited(err):
			gone++
		default:
			failed++
			if first == nil {
				first = err
			}
		}
	}
	if failed > 0 && failed == len(procs)-gone {
		return fmt.Errorf("no candidate process readable: %w", first)
	}
	return nil
}

// exited reports whether a detail error says the process is gone.
func exited(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ESRCH) ||
		errors.Is(err, process.ErrorProcessNotRunning)
}
