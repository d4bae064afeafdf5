//go:build !linux

package records

import (
	"context"
	"time"

	"github.com/shirou/gopsutil/v4/process"
)

// sameProcess is Same for a valid pid, through gopsutil.
func sameProcess(pid int, procStart string, startedAt time.Time) bool {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if ok, err := process.PidExistsWithContext(ctx, int32(pid)); err != nil || !ok {
		return false
	}
	if procStart == "" && startedAt.IsZero() {
		return true // the record gives no start: alive is all it can say
	}
	p, err := process.NewProcessWithContext(ctx, int32(pid))
	if err != nil {
		return false
	}
	ms, err := p.CreateTimeWithContext(ctx)
	if err != nil {
		return false
	}
	return sameStart(time.UnixMilli(ms), procStart, startedAt)
}

// startTicks: only Linux writes procStart as clock ticks.
func startTicks(int) (string, bool) { return "", false }

// localPidDomain: only Linux's pidDomain names a machine and a namespace.
func localPidDomain() (string, string) { return "", "" }
