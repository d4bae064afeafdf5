package words

import (
	"strconv"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// A session's state, the memory notes and a lost session's recovery, as
// the screen and the text outputs word them.

// StateLabel is the state as the screen and the text outputs word it. A
// "working" session is one active within the last minute, not one known
// to be busy (issue 23 #6: users read "working" as busy), so it reads
// "active <1m"; the JSON outputs keep the state's name.
func StateLabel(s governor.SessionState) string {
	if s == governor.StateWorking {
		return "active <1m"
	}
	return s.String()
}

// MemoryLines are the scan's memory-per-session notes, the same words in the
// TUI and snapshot: what pausing the next victim would free, servers
// duplicated across sessions, processes no record names, and that Cowork
// tasks are not split.
func MemoryLines(mv *governor.MemoryView) []string {
	if mv == nil {
		return nil
	}
	var out []string
	if p := mv.PauseFrees; p != nil {
		out = append(out, p.Text+" ("+p.Label+")")
	}
	for _, d := range mv.Duplicates {
		out = append(out, "the same server under several sessions: "+d.Text())
	}
	if mv.UnjoinedProcesses > 0 {
		out = append(out, strconv.Itoa(mv.UnjoinedProcesses)+" processes of the app's sessions hold "+vocab.FormatBytes(mv.UnjoinedBytes)+" that no record ties to a session")
	}
	return append(out, mv.Note)
}

// RecoveryLines word the recovery: the name, the id and where it was read, and the
// command, or why there is none.
func RecoveryLines(r governor.Recovery) []string {
	out := []string{"to get it back: " + r.Name}
	if r.CodeID == "" {
		return append(out,
			"  Claude Code id: not known (no session record read gives it; the log names only the app's own id)",
			"  open it from the app's sidebar, where its chat stays; no command can name it")
	}
	return append(out,
		"  Claude Code id: "+r.CodeID+" (from "+RecordSourceText(r.Source)+")",
		"  run: "+r.Command())
}

// joinedByText says how a session's processes were found.
func joinedByText(m host.SessionMemory) string {
	if m.JoinedBy == host.JoinedByCommandLine {
		return "found by the session id in its command line"
	}
	return "joined by its session record"
}

// MemoryFacts are a session's memory lines for its details and the
// snapshot: the figure with its source and join, then its biggest
// processes. nil when no scan joined it.
func MemoryFacts(v governor.SessionView) []string {
	m := v.Memory
	if m == nil {
		return nil
	}
	head := "memory " + vocab.FormatBytes(m.Bytes) + " in " + strconv.Itoa(m.Processes) + " processes (" + m.Source + ", " + joinedByText(*m) + ", pid " + strconv.Itoa(m.PID) + ")"
	if m.Unreadable > 0 {
		head += "; " + strconv.Itoa(m.Unreadable) + " unreadable, not counted"
	}
	out := []string{head}
	for _, p := range m.Top {
		out = append(out, "  "+strconv.Itoa(p.PID)+" "+p.Name+" ("+p.Role+") "+vocab.FormatBytes(p.Bytes))
	}
	return out
}
