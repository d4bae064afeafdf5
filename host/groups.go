package host

import (
	"fmt"

	"github.com/coworktop/coworktop/vocab"
)

// GroupKind says whose a process group is.
type GroupKind int8

// Group kinds.
const (
	GroupNone       GroupKind = iota // not said: ""
	GroupCowork                      // "cowork": the Claude Cowork VM
	GroupClaudeApp                   // "claude-app": the Claude desktop app and its helpers
	GroupSessions                    // "sessions": claude CLI session processes, MCP children rolled up
	GroupCompetitor                  // "competitor": another VM or container engine
	// GroupCoworkService ("cowork-service") is the Windows service that
	// drives the Cowork VM (CoworkVMService, cowork-svc.exe): it starts at
	// boot, so it is not the VM and says nothing about whether the VM runs.
	GroupCoworkService
	// GroupOtherCLI ("cli") is claude CLIs the desktop app did not start (a
	// terminal, an IDE): not desktop sessions, never orphans of one.
	GroupOtherCLI
)

// groupKindNames are the group kinds' stable texts.
var groupKindNames = [...]string{GroupCowork: "cowork", GroupClaudeApp: "claude-app", GroupSessions: "sessions",
	GroupCompetitor: "competitor", GroupCoworkService: "cowork-service", GroupOtherCLI: "cli"}

// groupKindEnum is GroupKind's texts (String, MarshalText, UnmarshalText).
var groupKindEnum = vocab.Enum[GroupKind]{Names: groupKindNames[:], What: "group kind"}

// String is the group kind's stable text ("" for GroupNone).
func (k GroupKind) String() string { return groupKindEnum.Name(k) }

// MarshalText writes the text.
func (k GroupKind) MarshalText() ([]byte, error) { return groupKindEnum.Text(k) }

// UnmarshalText reads a group kind's text; a text no kind has is an error.
func (k *GroupKind) UnmarshalText(t []byte) error { return groupKindEnum.Read(k, t) }

// Keys of the groups the scanner names and the model places (the Hyper-V
// workers are placed by governor: the Cowork VM's, or another VM's).
const (
	HyperVGroupKey = "hyperv" // vmwp and vmmem, owner not yet placed
	CoworkGroupKey = "cowork"
)

// ProcessGroup is what the process scanner found for one engine or app.
type ProcessGroup struct {
	Key       string    `json:"key"`  // stable id from the signature table, e.g. "docker", "orbstack"
	Name      string    `json:"name"` // display name, e.g. "Docker Desktop"
	Kind      GroupKind `json:"kind"`
	Processes int       `json:"processes"`

	// RSS and Footprint sum the processes whose memory could be read;
	// Unreadable counts those whose memory could not (shown, never as 0).
	RSS        vocab.Figure `json:"rss"`
	Footprint  vocab.Figure `json:"footprint"` // macOS phys_footprint, what Activity Monitor shows
	Unreadable int          `json:"unreadable,omitempty"`
	CPUPercent float64      `json:"cpu_percent"`
	// CPUUnreadable counts the processes whose CPU time could not be read
	// (on macOS, other users' processes); CPUPercent sums the others, and
	// CPUText says which (unknown, at least, or the figure).
	CPUUnreadable int `json:"cpu_unreadable,omitempty"`

	// GuestMemory is the configured guest size when the arguments say it
	// (-m, --memory), or the known fixed size (Cowork: 4 GiB).
	GuestMemory vocab.Figure `json:"guest_memory"`

	Note string `json:"note,omitempty"` // e.g. "a Virtualization.framework VM, owner unknown"
	PIDs []int  `json:"pids,omitempty"`

	// Members are the group's processes one by one (members.go), for the
	// splits the model makes: per session, the app's helpers, the Hyper-V
	// workers. MemberSource names their memory figure.
	Members      []ProcessMember `json:"-"`
	MemberSource string          `json:"-"`
}

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
