package governor

import (
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// HostMemory is one sample of the host's memory, taken by sources/.
// Byte figures are bytes.
type HostMemory struct {
	At        time.Time    `json:"-"`
	Total     vocab.Figure `json:"total"`
	Available vocab.Figure `json:"available"`
	Free      vocab.Figure `json:"free"`
	Used      vocab.Figure `json:"used"`
	Cached    vocab.Figure `json:"cached"`
	SwapTotal vocab.Figure `json:"swap_total"`
	SwapUsed  vocab.Figure `json:"swap_used"`

	// Pressure is the host's own pressure level: on macOS the kernel's
	// kern.memorystatus_vm_pressure_level; on Windows and Linux the app's
	// governor rule applied to AppFreeRatio (warning < 5 %, critical < 2 %).
	Pressure       PressureLevel `json:"pressure"`
	PressureSource string        `json:"pressure_source,omitempty"`

	// AppFreeRatio is free/total as the app's governor computes it
	// (Electron's getSystemMemoryInfo): ullAvailPhys on Windows, MemFree on
	// Linux. Zero with an empty source where it does not apply (macOS).
	AppFreeRatio       float64 `json:"app_free_ratio,omitempty"`
	AppFreeRatioSource string  `json:"app_free_ratio_source,omitempty"`

	// AvailableRatio is MemAvailable/total on Linux, shown beside the app's
	// ratio because the app's ratio misfires there.
	AvailableRatio float64 `json:"available_ratio,omitempty"`

	// MemorystatusLevel is macOS kern.memorystatus_level (0–100, the kernel's
	// "free %"); -1 where it does not apply.
	MemorystatusLevel int `json:"memorystatus_level"`

	// KernelGoverned: on this host (macOS) the app's governor follows the
	// kernel's pressure events, not a free/total ratio, so no 5 %/2 % line
	// is projected from free memory and swap is judged by Pressure, not by
	// used/total (macOS adds swap files as it needs them).
	KernelGoverned bool `json:"kernel_governed,omitempty"`
}

// AnyKnown reports whether the sample read anything at all. A sample with
// one unreadable figure still carries the others (each says if it was read);
// only an empty one is worth dropping.
func (h HostMemory) AnyKnown() bool {
	return h.Total.Known || h.Available.Known || h.Free.Known || h.SwapTotal.Known || h.Pressure != PressureUnknown
}

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
