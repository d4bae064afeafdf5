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
// members (host/session_split.go sums them; this file joins each session
// to its claude process). The join is the session record's pid (~/.claude/sessions/<pid>.json
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

// joinMemory splits the session groups' members per session
// (host.SessionMembers, ProcTree.SplitSessions) from the claude processes
// the records and the command lines join to the sessions (sessionRoots).
func (s *State) joinMemory() {
	ms, desktop, source := host.SessionMembers(s.groups)
	j := memoryJoin{at: s.groupsAt, source: source}
	if len(ms) > 0 {
		t := host.NewProcTree(ms)
		sp := t.SplitSessions(s.sessionRoots(t), desktop, source)
		j.bySession, j.unjoinedProcesses, j.unjoinedBytes, j.duplicates = sp.BySession, sp.UnjoinedProcesses, sp.UnjoinedBytes, sp.Duplicates
	}
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
	attach := func(v *SessionView, m host.SessionMemory) { v.Memory = &m }
	if len(j.bySession) < len(snap.Sessions) {
		rows := s.rowsOf(snap)
		for id, m := range j.bySession { // the scan's few sessions, not every listed row
			if i, ok := rows.row(id); ok {
				attach(&snap.Sessions[i], m)
			}
		}
	} else {
		for i := range snap.Sessions {
			if m, ok := j.bySession[snap.Sessions[i].ID]; ok {
				attach(&snap.Sessions[i], m)
			}
		}
	}
	for i := range snap.IdleRanking {
		if m, ok := j.bySession[snap.IdleRanking[i].ID]; ok {
			attach(&snap.IdleRanking[i], m)
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
