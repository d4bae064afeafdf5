package host

import (
	"slices"
	"strings"
)

// ProcTree is one scan's members with their parent links: the process
// tree the model splits per session (governor/session_memory.go joins
// each session's claude process; the sums and lists are here).
type ProcTree struct {
	Members  []ProcessMember
	byPID    map[int]int
	children map[int][]int
}

// NewProcTree links ms by their parent pids; a member whose parent is not
// among them is a tree's top.
func NewProcTree(ms []ProcessMember) *ProcTree {
	t := &ProcTree{Members: ms, byPID: make(map[int]int, len(ms)), children: make(map[int][]int, len(ms)/2)}
	for i := range ms {
		t.byPID[ms[i].PID] = i
	}
	for i := range ms {
		if p, ok := t.byPID[ms[i].PPID]; ok && p != i {
			t.children[p] = append(t.children[p], i)
		}
	}
	return t
}

// Index is the member with pid, if the tree has it.
func (t *ProcTree) Index(pid int) (int, bool) {
	i, ok := t.byPID[pid]
	return i, ok
}

// Root is a session's claude process among a tree's members: its index,
// the session it is, and how the model joined it (JoinedBy*).
type Root struct {
	Idx     int
	Session string
	By      string
}

// Subtree is i and its descendants, not descending into stop's (another
// session's claude, or processes already placed).
func (t *ProcTree) Subtree(i int, stop func(int) bool) []int {
	out := []int{i}
	seen := map[int]bool{i: true}
	for k := 0; k < len(out) && k < len(t.Members); k++ {
		for _, c := range t.children[out[k]] {
			if !seen[c] && !stop(c) {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}

// Wrapper is the claude process whose only child is root i and which no
// record names (the wrapper of #92266), or -1.
func (t *ProcTree) Wrapper(i int, isRoot func(int) bool) int {
	p, ok := t.byPID[t.Members[i].PPID]
	if !ok || isRoot(p) || t.Members[p].Role != RoleSession || len(t.children[p]) != 1 {
		return -1
	}
	return p
}

// Memory sums the processes idx and lists the biggest.
func (t *ProcTree) Memory(idx []int, source, by string, pid int) SessionMemory {
	m := SessionMemory{Processes: len(idx), Source: source, JoinedBy: by, PID: pid}
	top := make([]ProcessShare, 0, len(idx))
	for _, k := range idx {
		p := t.Members[k]
		if !p.MemoryKnown {
			m.Unreadable++
			continue
		}
		m.Bytes += p.Memory
		top = append(top, ProcessShare{PID: p.PID, Name: p.Name, Role: p.Role, Bytes: p.Memory})
	}
	slices.SortStableFunc(top, func(a, b ProcessShare) int {
		if a.Bytes != b.Bytes {
			if a.Bytes > b.Bytes {
				return -1
			}
			return 1
		}
		return a.PID - b.PID
	})
	m.Top = top[:min(len(top), maxTopProcs)]
	return m
}

// Duplicates are the sessions' direct children (their MCP servers) that run
// the same command line under several sessions, with what they hold
// (their own children included). A shell is left out unless it wraps a
// command (cmd /c npx …, whose Command names the command): each session's
// own shell runs a command of its own.
func (t *ProcTree) Duplicates(roots []Root, isRoot func(int) bool) []DuplicateServer {
	type dup struct {
		d        DuplicateServer
		sessions map[string]bool
	}
	by := map[uint64]*dup{}
	var order []uint64
	for _, r := range roots {
		for _, c := range t.children[r.Idx] {
			m := t.Members[c]
			if m.CmdKey == 0 || m.Role == RoleSession || isShell(m.Name) && !strings.Contains(m.Command, " ") {
				continue
			}
			d := by[m.CmdKey]
			if d == nil {
				d = &dup{d: DuplicateServer{Command: m.Command}, sessions: map[string]bool{}}
				by[m.CmdKey] = d
				order = append(order, m.CmdKey)
			}
			d.sessions[r.Session] = true
			for _, k := range t.Subtree(c, isRoot) {
				d.d.Processes++
				d.d.Bytes += t.Members[k].Memory
			}
		}
	}
	var out []DuplicateServer
	for _, k := range order {
		if d := by[k]; len(d.sessions) >= 2 {
			d.d.Sessions = len(d.sessions)
			out = append(out, d.d)
		}
	}
	slices.SortStableFunc(out, func(a, b DuplicateServer) int {
		if a.Bytes > b.Bytes {
			return -1
		}
		if a.Bytes < b.Bytes {
			return 1
		}
		return strings.Compare(a.Command, b.Command)
	})
	return out[:min(len(out), maxDuplicates)]
}

func isShell(name string) bool {
	n := strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(name, ".exe"), ".EXE"))
	switch n {
	case "sh", "bash", "zsh", "fish", "dash", "cmd", "powershell", "pwsh", "-zsh", "-bash":
		return true
	}
	return false
}
