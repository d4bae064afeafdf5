package sources

import (
	"os"
	"strconv"
	"strings"
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
