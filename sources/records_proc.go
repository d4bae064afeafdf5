package sources

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/shirou/gopsutil/v4/process"
)

// ProcessTable tells whether a record's process is still the one that
// wrote it. Tests substitute their own.
type ProcessTable interface {
	// Same reports whether pid is alive and, where the record gives its
	// start (procStart, else startedAt), is the process that wrote it.
	Same(pid int, procStart string, startedAt time.Time) bool
}

// procStartSlack: the start times compared come from clocks of different
// precision (ps's seconds, the kernel's microseconds).
const procStartSlack = 2 * time.Second

// systemProcesses checks this machine's process table.
type systemProcesses struct{}

// SystemProcesses is this machine's process table.
func SystemProcesses() ProcessTable { return systemProcesses{} }

func (systemProcesses) Same(pid int, procStart string, startedAt time.Time) bool {
	if pid <= 0 || pid > 1<<30 {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if ok, err := process.PidExistsWithContext(ctx, int32(pid)); err != nil || !ok {
		return false
	}
	if procStart == "" && startedAt.IsZero() {
		return true // the record gives no start: alive is all it can say
	}
	if ticks, ok := startTicks(pid); ok && isDigits(procStart) {
		return ticks == procStart // Linux: /proc/<pid>/stat's start, in clock ticks since boot
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

// sameStart compares a process's start with what its record says: the
// procStart forms seen (ps's "Fri Sep 11 09:43:48 2026" on macOS, a
// Windows FILETIME), else startedAt, the session's start, which a recycled
// pid's process cannot precede. A start given in no known form is not
// proof: the record is not taken as live.
func sameStart(created time.Time, procStart string, startedAt time.Time) bool {
	if t, ok := parseProcStart(procStart); ok {
		d := created.Sub(t)
		return d > -procStartSlack && d < procStartSlack
	}
	if !startedAt.IsZero() {
		return !created.After(startedAt.Add(procStartSlack))
	}
	return false
}

// parseProcStart reads procStart as a time: ps's lstart (local time), or
// a FILETIME (100 ns since 1601, UTC).
func parseProcStart(s string) (time.Time, bool) {
	s = strings.Join(strings.Fields(s), " ")
	if t, err := time.ParseInLocation("Mon Jan 2 15:04:05 2006", s, time.Local); err == nil {
		return t, true
	}
	if isDigits(s) && len(s) >= 17 {
		if ft, err := strconv.ParseUint(s, 10, 64); err == nil {
			const epochDiff = 116444736000000000 // 1601-01-01 to 1970-01-01 in 100 ns
			if ft > epochDiff {
				return time.Unix(0, int64(ft-epochDiff)*100), true
			}
		}
	}
	return time.Time{}, false
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
