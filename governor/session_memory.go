package governor

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// Memory per session: the session's claude process plus every process it
// started (MCP servers, tools, shells), summed from the process scan's
// members. The join is the session record's pid (~/.claude/sessions/<pid>.json
// names hostSessionId, the app's local_ id); where no record names a
// process, the session id in its own arguments (--resume, --session-id),
// matched to the app's record's cliSessionId. Cowork tasks run inside the
// VM: the VM's figure cannot be split per task.

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

// CoworkNotSplit is said wherever memory per session is shown: the Cowork
// VM holds every Cowork task's memory in one figure.
const CoworkNotSplit = "Cowork tasks run inside the VM: their memory is the VM's, not split per task"

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

// MemoryView is what the scan says of memory per session, beyond each
// session's own figure.
type MemoryView struct {
	At     time.Time `json:"-"`
	Source string    `json:"source"`
	// Unjoined are claude processes (with their children) that no record
	// and no argument names: sessions of the app coworktop cannot name.
	UnjoinedProcesses int    `json:"unjoined_processes,omitempty"`
	UnjoinedBytes     uint64 `json:"unjoined_bytes,omitempty"`
	// Duplicates are servers started with the same command line under
	// several sessions (stdio MCP servers run once per session, #99831).
	Duplicates []DuplicateServer `json:"duplicates,omitempty"`
	// PauseFrees is what pausing the next victim would free (estimate).
	PauseFrees *PauseEstimate `json:"pause_frees,omitempty"`
	Note       string         `json:"note"` // CoworkNotSplit
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

// memoryJoin is the join of the latest scan with the latest records,
// made when either changes (never at snapshot time, which may run at once
// on several goroutines).
type memoryJoin struct {
	at                time.Time
	source            string
	bySession         map[string]SessionMemory
	unjoinedProcesses int
	unjoinedBytes     uint64
	duplicates        []DuplicateServer
}

// sessionMembers gathers the members of the session groups (a desktop
// session's claude, and a claude the scan could not place, with their
// children), indexed by pid.
// desktop marks those of the desktop sessions' group: a terminal's claude
// is not a session of the app, so never "unjoined".
func sessionMembers(groups []ProcessGroup) (ms []ProcessMember, desktop []bool, source string) {
	for _, g := range groups {
		if g.Kind == GroupSessions || g.Kind == GroupOtherCLI {
			ms = append(ms, g.Members...)
			for range g.Members {
				desktop = append(desktop, g.Kind == GroupSessions)
			}
			if source == "" {
				source = g.MemberSource
			}
		}
	}
	return ms, desktop, source
}

// joinMemory splits the session groups' members per session.
func (s *State) joinMemory() {
	ms, desktop, source := sessionMembers(s.groups)
	j := memoryJoin{at: s.groupsAt, source: source}
	if len(ms) == 0 {
		s.memJoin = j
		return
	}
	t := newProcTree(ms)
	roots := s.sessionRoots(t)
	rootSet := make(map[int]bool, len(roots))
	for _, r := range roots {
		rootSet[r.idx] = true
	}
	isRoot := func(i int) bool { return rootSet[i] } // one lookup: 183 sessions, 2,600 sidecars (#76268)
	j.bySession = make(map[string]SessionMemory, len(roots))
	inSession := make([]bool, len(ms))
	for _, r := range roots {
		idx := t.subtree(r.idx, isRoot)
		if w := t.wrapper(r.idx, isRoot); w >= 0 {
			idx = append(idx, w) // #92266: a wrapper claude with this one as its only child
		}
		for _, k := range idx {
			inSession[k] = true
		}
		j.bySession[r.session] = t.memory(idx, source, r.by, ms[r.idx].PID)
	}
	for i := range ms {
		if inSession[i] || ms[i].Role != RoleSession || !desktop[i] {
			continue
		}
		for _, k := range t.subtree(i, func(k int) bool { return inSession[k] }) {
			if !inSession[k] {
				inSession[k] = true
				j.unjoinedProcesses++
				j.unjoinedBytes += ms[k].Memory
			}
		}
	}
	j.duplicates = t.duplicates(roots, isRoot)
	s.memJoin = j
}

// Roles of a session's processes (ProcessMember.Role).
const (
	RoleSession = "session" // a claude process
	RoleChild   = "child"   // anything a session started
)

// sessionRoot is a session's claude process among the members.
type sessionRoot struct {
	idx     int
	session string
	by      string
}

type sessionRoots []sessionRoot

// sessionRoots finds each session's claude process: by its record's pid,
// else by the session id in its arguments.
func (s *State) sessionRoots(t *procTree) sessionRoots {
	var out sessionRoots
	taken := map[string]bool{}
	placed := map[int]bool{}
	for id, c := range s.records.code {
		if i, ok := t.byPID[c.Pid]; ok && c.Pid > 0 {
			out = append(out, sessionRoot{i, id, JoinedByRecord})
			taken[id], placed[i] = true, true
		}
	}
	byCLI := map[string]string{}
	for id, a := range s.records.app {
		if a.CLISessionID != "" {
			byCLI[a.CLISessionID] = id
		}
	}
	for i, m := range t.ms {
		if m.ResumeID == "" || m.Role != RoleSession || placed[i] {
			continue
		}
		id := m.ResumeID
		if local, ok := byCLI[id]; ok {
			id = local
		} else if _, ok := s.sessions[id]; !ok {
			continue
		}
		if !taken[id] {
			out = append(out, sessionRoot{i, id, JoinedByCommandLine})
			taken[id], placed[i] = true, true
		}
	}
	slices.SortFunc(out, func(a, b sessionRoot) int { return strings.Compare(a.session, b.session) })
	return out
}

// procTree is the members' parent links.
type procTree struct {
	ms       []ProcessMember
	byPID    map[int]int
	children map[int][]int
}

func newProcTree(ms []ProcessMember) *procTree {
	t := &procTree{ms: ms, byPID: make(map[int]int, len(ms)), children: make(map[int][]int, len(ms)/2)}
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

// subtree is i and its descendants, not descending into stop's (another
// session's claude, or processes already placed).
func (t *procTree) subtree(i int, stop func(int) bool) []int {
	out := []int{i}
	seen := map[int]bool{i: true}
	for k := 0; k < len(out) && k < len(t.ms); k++ {
		for _, c := range t.children[out[k]] {
			if !seen[c] && !stop(c) {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}

// wrapper is the claude process whose only child is root i and which no
// record names (the wrapper of #92266), or -1.
func (t *procTree) wrapper(i int, isRoot func(int) bool) int {
	p, ok := t.byPID[t.ms[i].PPID]
	if !ok || isRoot(p) || t.ms[p].Role != RoleSession || len(t.children[p]) != 1 {
		return -1
	}
	return p
}

// memory sums the processes idx and lists the biggest.
func (t *procTree) memory(idx []int, source, by string, pid int) SessionMemory {
	m := SessionMemory{Processes: len(idx), Source: source, JoinedBy: by, PID: pid}
	top := make([]ProcessShare, 0, len(idx))
	for _, k := range idx {
		p := t.ms[k]
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

// duplicates: the sessions' direct children (their MCP servers) that run
// the same command line under several sessions, with what they hold
// (their own children included). A shell is left out unless it wraps a
// command (cmd /c npx …, whose Command names the command): each session's
// own shell runs a command of its own.
func (t *procTree) duplicates(roots sessionRoots, isRoot func(int) bool) []DuplicateServer {
	type dup struct {
		d        DuplicateServer
		sessions map[string]bool
	}
	by := map[uint64]*dup{}
	var order []uint64
	for _, r := range roots {
		for _, c := range t.children[r.idx] {
			m := t.ms[c]
			if m.CmdKey == 0 || m.Role == RoleSession || isShell(m.Name) && !strings.Contains(m.Command, " ") {
				continue
			}
			d := by[m.CmdKey]
			if d == nil {
				d = &dup{d: DuplicateServer{Command: m.Command}, sessions: map[string]bool{}}
				by[m.CmdKey] = d
				order = append(order, m.CmdKey)
			}
			d.sessions[r.session] = true
			for _, k := range t.subtree(c, isRoot) {
				d.d.Processes++
				d.d.Bytes += t.ms[k].Memory
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

// attachMemory puts each session's figure on its view, and the scan's
// summary on the snapshot, when the scan is fresh: an old scan says
// nothing about now, and unknown is never shown as a figure.
func (s *State) attachMemory(snap *Snapshot) {
	j := &s.memJoin
	if j.at.IsZero() || j.source == "" || snap.Now.Sub(j.at) > scanFresh {
		return
	}
	mv := &MemoryView{At: j.at, Source: j.source, UnjoinedProcesses: j.unjoinedProcesses, UnjoinedBytes: j.unjoinedBytes,
		Duplicates: j.duplicates, Note: CoworkNotSplit}
	snap.Memory = mv
	for _, list := range [][]SessionView{snap.Sessions, snap.IdleRanking} {
		for i := range list {
			if m, ok := j.bySession[list[i].ID]; ok {
				mm := m
				list[i].Memory = &mm
			}
		}
	}
}

// TopSessionsByMemory is the n live sessions holding the most memory,
// largest first (ties by id): the ranking the metrics expose by rank, so
// their labels stay bounded.
func TopSessionsByMemory(snap Snapshot, n int) []SessionView {
	var out []SessionView
	for _, v := range snap.Sessions {
		if v.Memory != nil && v.Live() {
			out = append(out, v)
		}
	}
	slices.SortStableFunc(out, func(a, b SessionView) int {
		if a.Memory.Bytes != b.Memory.Bytes {
			if a.Memory.Bytes > b.Memory.Bytes {
				return -1
			}
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out[:min(len(out), n)]
}

// joinedByText says how a session's processes were found.
func joinedByText(m SessionMemory) string {
	if m.JoinedBy == JoinedByCommandLine {
		return "found by the session id in its command line"
	}
	return "joined by its session record"
}

// MemoryFacts are a session's memory lines for its details and the
// snapshot: the figure with its source and join, then its biggest
// processes. nil when no scan joined it.
func MemoryFacts(v SessionView) []string {
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

// Lines are the scan's memory-per-session notes, the same words in the
// TUI and snapshot: what pausing the next victim would free, servers
// duplicated across sessions, processes no record names, and that Cowork
// tasks are not split.
func (mv *MemoryView) Lines() []string {
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
