package machine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

// A candidate that exited between the listing and its detail is no
// failure (a snapshot once failed with "no candidate process readable:
// readlink /proc/5280/exe" when the only candidate had just exited); one
// that cannot be read while it runs still is.
func TestDetailAllSkipsProcessesThatExited(t *testing.T) {
	gone := &fs.PathError{Op: "readlink", Path: "/proc/5280/exe", Err: fs.ErrNotExist}
	denied := &fs.PathError{Op: "readlink", Path: "/proc/1/exe", Err: fs.ErrPermission}
	run := func(errs ...error) error {
		procs := make([]ProcInfo, len(errs))
		return detailAll(context.Background(), procs, func(_ context.Context, p *ProcInfo) error {
			i := 0
			for &procs[i] != p {
				i++
			}
			if errs[i] == nil {
				return nil
			}
			return fmt.Errorf("pid %d: %w", i, errors.Join(errs[i]))
		})
	}
	if err := run(gone); err != nil {
		t.Errorf("the only candidate exited: %v", err)
	}
	if err := run(gone, nil); err != nil {
		t.Errorf("one exited, one read: %v", err)
	}
	if err := run(gone, denied); err == nil {
		t.Error("the only running candidate unreadable: want an error")
	}
	if err := run(denied, denied); err == nil {
		t.Error("every candidate unreadable: want an error")
	}
}
