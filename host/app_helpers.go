package host

import (
	"slices"
	"strconv"
	"strings"
)

// The app's own processes as rows (#99363: a stats worker holding 2.8 GB;
// renderers, the GPU process), so that "the app" is not one figure: the
// app group's members by role, and any single process at or above
// largeWorker on a row of its own.

// largeWorker: a process of the app holding this much gets its own row.
const largeWorker = 512 << 20

// HelperRow is one row of the app's processes.
type HelperRow struct {
	Role       string  `json:"role"` // main, renderer, gpu, utility, "utility: <kind>", a child's name
	PID        int     `json:"pid,omitempty"`
	Processes  int     `json:"processes"`
	Memory     uint64  `json:"memory"` // in the OS's own terms (Source)
	Unreadable int     `json:"unreadable,omitempty"`
	Source     string  `json:"source,omitempty"`
	CPUPercent float64 `json:"cpu_percent"`
}

// Label is the row's name: "renderer ×3", "utility: node.mojom.NodeService (pid 812)".
func (h HelperRow) Label() string {
	l := h.Role
	if h.Processes > 1 {
		l += " ×" + strconv.Itoa(h.Processes)
	}
	if h.PID > 0 {
		l += " (pid " + strconv.Itoa(h.PID) + ")"
	}
	return l
}

// AppHelpers are the rows of the app group in groups, largest first; nil
// when the app is one process or none.
func AppHelpers(groups []ProcessGroup) []HelperRow {
	var app *ProcessGroup
	for i := range groups {
		if groups[i].Kind == GroupClaudeApp {
			app = &groups[i]
			break
		}
	}
	if app == nil || len(app.Members) < 2 {
		return nil
	}
	by := map[string]*HelperRow{}
	var rows []HelperRow
	for _, m := range app.Members {
		role := m.Role
		if role == "" {
			role = m.Name
		}
		if m.MemoryKnown && m.Memory >= largeWorker {
			rows = append(rows, HelperRow{Role: role, PID: m.PID, Processes: 1, Memory: m.Memory, Source: app.MemberSource, CPUPercent: m.CPUPercent})
			continue
		}
		r := by[role]
		if r == nil {
			r = &HelperRow{Role: role, Source: app.MemberSource}
			by[role] = r
		}
		r.Processes++
		r.CPUPercent += m.CPUPercent
		if m.MemoryKnown {
			r.Memory += m.Memory
		} else {
			r.Unreadable++
		}
	}
	for _, r := range by {
		rows = append(rows, *r)
	}
	slices.SortFunc(rows, func(a, b HelperRow) int {
		if a.Memory != b.Memory {
			if a.Memory > b.Memory {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Label(), b.Label())
	})
	return rows
}
