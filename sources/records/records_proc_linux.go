package records

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// sameProcess is Same for a valid pid, from /proc/<pid>/stat. A zombie
// (exited, its status not yet collected by its parent) is a process gone:
// it was once taken as a live session waiting for you (issue 53 R12).
func sameProcess(pid int, procStart string, startedAt time.Time) bool {
	f, ok := statFields(pid)
	if !ok || f[0] == "Z" {
		return false
	}
	if procStart == "" && startedAt.IsZero() {
		return true // the record gives no start: alive is all it can say
	}
	if isDigits(procStart) {
		return f[19] == procStart // Claude Code's procStart on Linux: starttime, in clock ticks since boot
	}
	ticks, err := strconv.ParseInt(f[19], 10, 64)
	boot, ok := bootTime()
	if err != nil || !ok {
		return false
	}
	return sameStart(boot.Add(time.Duration(ticks)*time.Second/clockTicks), procStart, startedAt)
}

// clockTicks is the unit of /proc/<pid>/stat's times: USER_HZ, which Linux
// exports as 100 on every architecture.
const clockTicks = 100

// statFields are /proc/<pid>/stat's fields from the state (field 3) on:
// the command name before them may hold spaces and parentheses, so it ends
// at the last ')'. At least 20 fields (up to starttime, field 22), or not ok.
func statFields(pid int) ([]string, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return nil, false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return nil, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 20 {
		return nil, false
	}
	return f, true
}

// startTicks is field 22 of /proc/<pid>/stat, the process's start in clock
// ticks since boot: what Claude Code writes as procStart on Linux.
func startTicks(pid int) (string, bool) {
	f, ok := statFields(pid)
	if !ok {
		return "", false
	}
	return f[19], true // fields from 3 on: state is f[0], starttime (22) is f[19]
}

// bootTime is the "btime" line of /proc/stat, read once.
var bootTime = sync.OnceValues(func() (time.Time, bool) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return time.Time{}, false
	}
	for line := range bytes.SplitSeq(b, []byte("\n")) {
		if v, ok := bytes.CutPrefix(line, []byte("btime ")); ok {
			if n, err := strconv.ParseInt(string(bytes.TrimSpace(v)), 10, 64); err == nil {
				return time.Unix(n, 0), true
			}
		}
	}
	return time.Time{}, false
})

// localPidDomain is this machine's part of a Linux pidDomain: its machine
// id and its pid namespace ("pid:[4026531836]"), read once; "" where
// unreadable.
var localPidDomain = sync.OnceValues(func() (string, string) {
	b, _ := os.ReadFile("/etc/machine-id")
	ns, _ := os.Readlink("/proc/self/ns/pid")
	return strings.TrimSpace(string(b)), ns
})
