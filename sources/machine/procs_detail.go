package machine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"syscall"
)

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
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ESRCH) || gopsutilGone(err)
}
