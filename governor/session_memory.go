package governor

import (
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/coworktop/coworktop/host"
)

// Memory per session: the session's claude process plus every process it
// started (MCP servers, tools, shells), summed from the process scan's
// members. The join is the session record's pid (~/.claude/sessions/<pid>.json
// names hostSessionId, the app's local_ id); where no record names a
// process, the session id in its own arguments (--resume, --session-id),
// matched to the app's record's cliSessionId. Cowork tasks run inside the
// VM: the VM's figure cannot be split per task.

// CoworkNotSplit is said wherever memory per session is shown: the Cowork
// VM holds every Cowork task's memory in one figure.
const CoworkNotSplit = "Cowork tasks run inside the VM: their memory is the VM's, not split per task"

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
	Duplicates []host.DuplicateServer `json:"duplicates,omitempty"`
	// PauseFrees is what pausing the next victim would free (estimate).
	PauseFrees *PauseEstimate `json:"pause_frees,omitempty"`
	Note       string         `json:"note"` // CoworkNotSplit
}

// memoryJoin is the join of the latest scan with the latest records,
// made when either changes (never at snapshot time, which may run at once
// on several goroutines).
type memoryJoin struct {
	at                time.Time
	source            string
	bySession         map[string]host.SessionMemory
	unjoinedProcesses int
	unjoinedBytes     uint64
	duplicates        []host.DuplicateServer
}

// sessionMembers gathers the members of the session groups (a desktop
// session's claude, and a claude the scan could not place, with their
// children), indexed by pid.
// desktop marks those of the desktop sessions' group: a terminal's claude
// is not a session of the app, so never "unjoined".
func sessionMembers(groups []host.ProcessGroup) (ms []host.ProcessMember, desktop []bool, source string) {
	for _, g := range groups {
		if g.Kind == host.GroupSessions || g.Kind == host.GroupOtherCLI {
			ms = append(ms, g.Members...)
			for range g.Members {
				desktop = append(desktop, g.Kind == host.GroupSessions)
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
	t := host.NewProcTree(ms)
	roots := s.sessionRoots(t)
	rootSet := make(map[int]bool, len(roots))
	for _, r := range roots {
		rootSet[r.Idx] = true
	}
	isRoot := func(i int) bool { return rootSet[i] } // one lookup: 183 sessions, 2,600 sidecars (#76268)
	j.bySession = make(map[string]host.SessionMemory, len(roots))
	inSession := make([]bool, len(ms))
	for _, r := range roots {
		idx := t.Subtree(r.Idx, isRoot)
		if w := t.Wrapper(r.Idx, isRoot); w >= 0 {
			idx = append(idx, w) // #92266: a wrapper claude with this one as its only child
		}
		for _, k := range idx {
			inSession[k] = true
		}
		j.bySession[r.Session] = t.Memory(idx, source, r.By, ms[r.Idx].PID)
	}
	for i := range ms {
		if inSession[i] || ms[i].Role != host.RoleSession || !desktop[i] {
			continue
		}
		for _, k := range t.Subtree(i, func(k int) bool { return inSession[k] }) {
			if !inSession[k] {
				inSession[k] = true
				j.unjoinedProcesses++
				j.unjoinedBytes += ms[k].Memory
			}
		}
	}
	j.duplicates = t.Duplicates(roots, isRoot)
	s.memJoin = j
}

// sessionRoots finds each session's claude process: by its record's pid,
// else by the session id in its arguments.
func (s *State) sessionRoots(t *host.ProcTree) []host.Root {
	var out []host.Root
	taken := map[string]bool{}
	placed := map[int]bool{}
	// One process joins one session: two records naming one pid (a
	// record left by a session before it, the pid reused) would both get
	// its memory, counted twice. The record updated last has it.
	ids := slices.Collect(maps.Keys(s.records.code))
	slices.SortFunc(ids, func(a, b string) int {
		if c := s.records.code[b].UpdatedAt.Compare(s.records.code[a].UpdatedAt); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	for _, id := range ids {
		c := s.records.code[id]
		if i, ok := t.Index(c.Pid); ok && c.Pid > 0 && !placed[i] {
			out = append(out, host.Root{Idx: i, Session: id, By: host.JoinedByRecord})
			taken[id], placed[i] = true, true
		}
	}
	byCLI := map[string]string{}
	for id, a := range s.records.app {
		if a.CLISessionID != "" {
			byCLI[a.CLISessionID] = id
		}
	}
	for i, m := range t.Members {
		if m.ResumeID == "" || m.Role != host.RoleSession || placed[i] {
			continue
		}
		id := m.ResumeID
		if local, ok := byCLI[id]; ok {
			id = local
		} else if _, ok := s.sessions[id]; !ok {
			continue
		}
		if !taken[id] {
			out = append(out, host.Root{Idx: i, Session: id, By: host.JoinedByCommandLine})
			taken[id], placed[i] = true, true
		}
	}
	slices.SortFunc(out, func(a, b host.Root) int { return strings.Compare(a.Session, b.Session) })
	return out
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
