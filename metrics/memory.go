package metrics

import (
	"strconv"

	"github.com/coworktop/coworktop/governor"
)

// Memory per session (host.SessionMemory): the top sessions by rank,
// never by id, so the label set is bounded (rank 1..topSessions), and what
// pausing the next victim would free.

// topSessions bounds the rank label.
const topSessions = 5

var (
	descSessionMemory = newDesc("session_memory_bytes",
		"Memory of the live sessions holding the most, by rank (1 = largest, at most 5): a session's claude process and every process it started, in the OS's own terms (source: phys_footprint, private working set or process RSS). The screen's MEM column and snapshot's sessions[].memory show the same figures. Absent without a fresh process scan joined to the sessions.", "rank", "source")
	descSessionsMemory = newDesc("sessions_memory_bytes",
		"Memory of every live session joined to its processes, summed (the MEM column's total); absent without a fresh scan.", "source")
	descUnjoinedMemory = newDesc("sessions_unjoined_memory_bytes",
		"Memory of the desktop's claude processes (and their children) that no record or argument ties to a session.")
	descPauseFrees = newDesc("pause_frees_bytes",
		"What pausing the next victim would free, its processes' memory (coworktop's estimate); absent when the next victim or its memory is unknown.")
	descDuplicateMCP = newDesc("mcp_duplicate_memory_bytes",
		"Memory held by servers started with the same command line under several sessions (duplicated stdio MCP servers), summed.")
)

func memoryDescriptors() []*desc {
	return []*desc{descSessionMemory, descSessionsMemory, descUnjoinedMemory, descPauseFrees, descDuplicateMCP}
}

// collectMemory emits memory per session when a fresh scan was joined.
func collectMemory(gauge func(*desc, float64, ...string), s governor.Snapshot) {
	mv := s.Memory
	if mv == nil {
		return
	}
	source := labelText(mv.Source, "unknown")
	for i, v := range governor.TopSessionsByMemory(s, topSessions) {
		gauge(descSessionMemory, float64(v.Memory.Bytes), strconv.Itoa(i+1), source)
	}
	var sum uint64
	for _, v := range s.Sessions {
		if v.Memory != nil && v.Live() {
			sum += v.Memory.Bytes
		}
	}
	gauge(descSessionsMemory, float64(sum), source)
	gauge(descUnjoinedMemory, float64(mv.UnjoinedBytes))
	if p := mv.PauseFrees; p != nil {
		gauge(descPauseFrees, float64(p.Bytes))
	}
	var dup uint64
	for _, d := range mv.Duplicates {
		dup += d.Bytes
	}
	gauge(descDuplicateMCP, float64(dup))
}
