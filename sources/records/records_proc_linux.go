package records

import (
	"os"
	"strconv"
	"strings"
	"sync"
)

// startTicks is field 22 of /proc/<pid>/stat, the process's start in clock
// ticks since boot: what Claude Code writes as procStart on Linux.
func startTicks(pid int) (string, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return "", false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')') // the command name may hold spaces and parentheses
	if i < 0 {
		return "", false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 20 {
		return "", false
	}
	return f[19], true // fields from 3 on: state is f[0], starttime (22) is f[19]
}

// localPidDomain is this machine's part of a Linux pidDomain: its machine
// id and its pid namespace ("pid:[4026531836]"), read once; "" where
// unreadable.
var localPidDomain = sync.OnceValues(func() (string, string) {
	b, _ := os.ReadFile("/etc/machine-id")
	ns, _ := os.Readlink("/proc/self/ns/pid")
	return strings.TrimSpace(string(b)), ns
})
