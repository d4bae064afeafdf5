package realclaude

import "os"

// alive is always false on Windows: the sessions run under tmux, which
// Windows lacks, so there are none to wait for.
func alive(int) bool { return false }

func kill(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		_ = p.Kill()
	}
}
