package follow

import (
	"strconv"
	"strings"
)

// families lists the known logs in the order a folder is expanded: the app's
// own log first, because it carries the governor; the VM logs after it.
// cowork-service.log is the Windows VM service's log, the only place the
// VM's size is written there.
var families = [...]string{"main", "cowork_vm_swift", "cowork_vm_node", "cowork-service", "mcp", FamilyDaemon}

// FamilyDaemon is the Claude Code daemon's log, ~/.claude/daemon.log. It
// rotates as daemon.log.1 (a number after .log, unlike the app's logs).
const FamilyDaemon = "daemon"

// ClassifyLogName reports the family and generation of a known log file name
// such as "main1.log" or "cowork_vm_node.old.log"; ok is false for any other
// name. Matching ignores case, because the Windows and macOS file systems do.
func ClassifyLogName(name string) (family string, generation int, old, ok bool) {
	lower := strings.ToLower(name)
	if rest, isDaemon := strings.CutPrefix(lower, FamilyDaemon+".log"); isDaemon {
		return classifyDaemon(rest)
	}
	stem, found := strings.CutSuffix(lower, ".log")
	if !found {
		return "", 0, false, false
	}
	if s, isOld := strings.CutSuffix(stem, ".old"); isOld {
		stem, old = s, true
	}
	for _, f := range families {
		rest, has := strings.CutPrefix(stem, f)
		if !has {
			continue
		}
		switch {
		case rest == "" && old:
			return f, 1, true, true
		case rest == "":
			return f, 0, false, true
		case old:
			return "", 0, false, false // main1.old.log is no scheme we know
		}
		n, err := strconv.Atoi(rest)
		if err != nil || n < 1 || rest[0] == '0' {
			return "", 0, false, false
		}
		return f, n, false, true
	}
	return "", 0, false, false
}

// classifyDaemon reads what follows "daemon.log": nothing, or ".N".
func classifyDaemon(rest string) (family string, generation int, old, ok bool) {
	if rest == "" {
		return FamilyDaemon, 0, false, true
	}
	n, err := strconv.Atoi(strings.TrimPrefix(rest, "."))
	if !strings.HasPrefix(rest, ".") || err != nil || n < 1 || rest[1] == '0' {
		return "", 0, false, false
	}
	return FamilyDaemon, n, false, true
}

// FamilyRank is a family's place in the order a folder is read (families);
// an unknown family sorts after every known one.
func FamilyRank(family string) int {
	for i, k := range families {
		if k == family {
			return i
		}
	}
	return len(families)
}
