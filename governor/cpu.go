package governor

import "fmt"

// CPUUnknown is how a group's CPU % reads when none of its processes' CPU
// time could be read.
const CPUUnknown = "?"

// CPUText is a process group's CPU % as every output writes it: CPUUnknown
// when no process's CPU time could be read, "≥x.x" when only some could
// (the figure is a lower bound), else "x.x". Never 0 for what is unknown.
func CPUText(g ProcessGroup) string {
	switch {
	case g.CPUUnreadable > 0 && g.CPUUnreadable >= g.Processes:
		return CPUUnknown
	case g.CPUUnreadable > 0:
		return fmt.Sprintf("≥%.1f", g.CPUPercent)
	}
	return fmt.Sprintf("%.1f", g.CPUPercent)
}
