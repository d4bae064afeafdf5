package records

import (
	"strconv"
	"strings"
	"time"
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
	return sameProcess(pid, procStart, startedAt)
}

// sameStart compares a process's start with what its record says: the
// procStart forms seen (ps's "Fri Sep 11 09:43:48 2026" on macOS, a
// Windows FILETIME), else startedAt, the session's start, which a recycled
// pid's process cannot precede. A start given in no known form is not
// proof: the record is not taken as live.
func sameStart(created time.Time, procStart string, startedAt time.Time) bool {
	return sameStartIn(created, procStart, startedAt, time.Local)
}

// sameStartIn is sameStart with the local zone given: ps's lstart is read
// in UTC (Claude Code runs `ps -o lstart=` under TZ=UTC) and, for builds
// that ran it in the user's zone, in local as well; either reading within
// procStartSlack of the process's start is the same process. Two readings
// hours apart cannot both match one start: a recycled pid stays caught.
func sameStartIn(created time.Time, procStart string, startedAt time.Time, local *time.Location) bool {
	if ts, ok := parseProcStart(procStart, local); ok {
		for _, t := range ts {
			if d := created.Sub(t); d > -procStartSlack && d < procStartSlack {
				return true
			}
		}
		return false
	}
	if !startedAt.IsZero() {
		return !created.After(startedAt.Add(procStartSlack))
	}
	return false
}

// Bounds of a FILETIME procStart: older Windows CLIs (2.1.150) wrote .NET
// ticks of local time instead (100 ns since year 1), which read as a
// FILETIME fall in the 37th century. Outside these years the number is in
// no known form, and startedAt decides.
const (
	fileTimeFirstYear = 2000
	fileTimeLastYear  = 2200
)

// parseProcStart reads procStart as the times it may mean: ps's lstart in
// UTC and in local time, or a FILETIME (100 ns since 1601, UTC).
func parseProcStart(s string, local *time.Location) ([]time.Time, bool) {
	s = strings.Join(strings.Fields(s), " ")
	const lstart = "Mon Jan 2 15:04:05 2006"
	if t, err := time.ParseInLocation(lstart, s, time.UTC); err == nil {
		out := []time.Time{t}
		if l, err := time.ParseInLocation(lstart, s, local); err == nil && !l.Equal(t) {
			out = append(out, l)
		}
		return out, true
	}
	if isDigits(s) && len(s) >= 17 {
		if ft, err := strconv.ParseUint(s, 10, 64); err == nil {
			const epochDiff = 116444736000000000 // 1601-01-01 to 1970-01-01 in 100 ns
			if ft > epochDiff && ft-epochDiff < 1<<63/100 {
				t := time.Unix(0, int64(ft-epochDiff)*100).UTC()
				if y := t.Year(); y >= fileTimeFirstYear && y <= fileTimeLastYear {
					return []time.Time{t}, true
				}
			}
		}
	}
	return nil, false
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
