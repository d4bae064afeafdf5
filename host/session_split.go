package host

// One scan's session processes split per session: the members of the
// session groups, each session's subtree summed from the claude process
// the model joined to it (a Root), and the desktop claude processes no
// session holds. Which process is whose session (the join to the records
// and the command lines) is the model's (governor/session_memory.go).

// SessionSplit is one scan's memory per session, with what no session
// holds and the servers run under several sessions.
type SessionSplit struct {
	BySession map[string]SessionMemory
	// UnjoinedProcesses and UnjoinedBytes are the desktop sessions' claude
	// processes (with their children) that no root holds.
	UnjoinedProcesses int
	UnjoinedBytes     uint64
	Duplicates        []DuplicateServer
}

// SessionMembers gathers the members of the session groups (a desktop
// session's claude, and a claude the scan could not place, with their
// children), in the groups' order, and the first group's member source.
// desktop marks those of the desktop sessions' group: a terminal's claude
// is not a session of the app, so never "unjoined".
func SessionMembers(groups []ProcessGroup) (ms []ProcessMember, desktop []bool, source string) {
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

// SplitSessions sums t's members per session from roots (each session's
// claude process), desktop marking the members of the desktop sessions'
// group (SessionMembers) and source naming the figure.
func (t *ProcTree) SplitSessions(roots []Root, desktop []bool, source string) SessionSplit {
	ms := t.Members
	rootSet := make(map[int]bool, len(roots))
	for _, r := range roots {
		rootSet[r.Idx] = true
	}
	isRoot := func(i int) bool { return rootSet[i] } // one lookup: 183 sessions, 2,600 sidecars (#76268)
	sp := SessionSplit{BySession: make(map[string]SessionMemory, len(roots))}
	inSession := make([]bool, len(ms))
	for _, r := range roots {
		idx := t.Subtree(r.Idx, isRoot)
		if w := t.Wrapper(r.Idx, isRoot); w >= 0 {
			idx = append(idx, w) // #92266: a wrapper claude with this one as its only child
		}
		for _, k := range idx {
			inSession[k] = true
		}
		sp.BySession[r.Session] = t.Memory(idx, source, r.By, ms[r.Idx].PID)
	}
	for i := range ms {
		if inSession[i] || ms[i].Role != RoleSession || !desktop[i] {
			continue
		}
		for _, k := range t.Subtree(i, func(k int) bool { return inSession[k] }) {
			if !inSession[k] {
				inSession[k] = true
				sp.UnjoinedProcesses++
				sp.UnjoinedBytes += ms[k].Memory
			}
		}
	}
	sp.Duplicates = t.Duplicates(roots, isRoot)
	return sp
}
