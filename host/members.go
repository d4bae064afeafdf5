package host

import "time"

// ProcessMember is one process of a group as the process scan read it: the
// scan's one pass over the table keeps these for the groups whose members
// the model splits (a session's processes, the app's helpers, Hyper-V
// workers). Every text is sanitised and capped by the scanner; no raw
// command line is kept, only a hash of it and a short program name.
type ProcessMember struct {
	PID, PPID int
	Name      string // the image name, sanitised
	// Role is what the process is within its group: for the app's
	// processes "main", "renderer", "gpu", "utility", "utility: <kind>" or
	// the child's name; for a session's, "session" (a claude) or "child".
	Role string
	// Memory in the OS's own terms (MemberSource of its group):
	// phys_footprint on macOS, the private working set on Windows, RSS
	// elsewhere. MemoryKnown false: it could not be read, never 0.
	Memory      uint64
	MemoryKnown bool
	// RSS and Footprint are the scanner's two raw figures (the group's
	// sums): on Windows the private working set and the commit, on macOS
	// RSS and phys_footprint; CPUPercent its share since the last scan.
	RSS, Footprint           uint64
	RSSKnown, FootprintKnown bool
	CPUPercent               float64
	// Started is when the process was created, where the lister reads it
	// as a time (Windows); zero elsewhere.
	Started time.Time
	// CmdKey is a hash of the whole command line (0: unread), so the same
	// MCP server under several sessions is found without keeping its
	// arguments; Command is the program and its first operand, short.
	CmdKey  uint64
	Command string
	// ResumeID is the session id a claude process was started for, from
	// its own arguments (--resume or --session-id): the join where no
	// record names the process.
	ResumeID string
}

// Roles of a session's processes (ProcessMember.Role).
const (
	RoleSession = "session" // a claude process
	RoleChild   = "child"   // anything a session started
)

// AddMemberMemory adds m's raw figures to g's sums: its RSS and footprint
// where they were read, or one more process whose memory could not be.
// The scan adds each member as it finds it; WithMembers adds them again.
func (g *ProcessGroup) AddMemberMemory(m ProcessMember) {
	if m.RSSKnown {
		g.RSS.Value += m.RSS
		g.RSS.Known = true
	}
	if m.FootprintKnown {
		g.Footprint.Value += m.Footprint
		g.Footprint.Known = true
	}
	if !m.RSSKnown && !m.FootprintKnown {
		g.Unreadable++
	}
}
