package host

import (
	"strconv"

	"github.com/coworktop/coworktop/vocab"
)

// Memory per session as one scan's figures: a session's claude process
// plus every process it started (MCP servers, tools, shells), summed from
// the members (ProcTree.Memory), and the servers run under several
// sessions (ProcTree.Duplicates). Which process is whose session is the
// model's join (governor/session_memory.go); these are its figures.

// SessionMemory is one session's own memory, from one process scan.
type SessionMemory struct {
	Bytes      uint64 `json:"bytes"`
	Processes  int    `json:"processes"`
	Unreadable int    `json:"unreadable,omitempty"` // processes whose memory could not be read
	// Source is the OS's own term for the figure: "phys_footprint"
	// (macOS, Activity Monitor), "private working set" (Windows, Task
	// Manager), "process RSS" (Linux).
	Source string `json:"source"`
	// JoinedBy says how the processes were tied to the session:
	// "session_record" (its record's pid) or "command_line" (the session
	// id in the claude process's arguments).
	JoinedBy string `json:"joined_by"`
	PID      int    `json:"pid"` // the session's claude process
	// Top are its biggest processes, largest first (at most maxTopProcs).
	Top []ProcessShare `json:"top,omitempty"`
}

// ProcessShare is one process of a session or of the app, as listed.
type ProcessShare struct {
	PID   int    `json:"pid"`
	Name  string `json:"name"`
	Role  string `json:"role"`
	Bytes uint64 `json:"bytes"`
}

// Ways a session's processes are joined to it (SessionMemory.JoinedBy).
const (
	JoinedByRecord      = "session_record"
	JoinedByCommandLine = "command_line"
)

// maxTopProcs bounds a session's listed processes; maxDuplicates the
// duplicated servers listed.
const (
	maxTopProcs   = 5
	maxDuplicates = 5
)

// Text is the figure as a cell shows it: "1.2G", with "+" when some of its
// processes could not be read (it is at least that).
func (m SessionMemory) Text() string {
	t := vocab.FormatBytesCompact(m.Bytes)
	if m.Unreadable > 0 {
		t += "+"
	}
	return t
}

// DuplicateServer is one command line run under several sessions.
type DuplicateServer struct {
	Command   string `json:"command"` // program and first operand only
	Sessions  int    `json:"sessions"`
	Processes int    `json:"processes"`
	Bytes     uint64 `json:"bytes"`
}

// Text is the hint, the same words everywhere.
func (d DuplicateServer) Text() string {
	return d.Command + " runs under " + strconv.Itoa(d.Sessions) + " sessions, holding " + vocab.FormatBytes(d.Bytes) + " in " + strconv.Itoa(d.Processes) + " processes"
}
