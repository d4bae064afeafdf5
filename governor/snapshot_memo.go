package governor

import "sync/atomic"

// snapshotMemo is what a snapshot keeps for the next one, so a refresh
// pays for what changed (issue 52): the names of the sessions it listed
// with their generation, and the event log it handed over.
type snapshotMemo struct {
	// namesGen is Snapshot.SessionsGen; nameKeys what the names of the
	// listed sessions were made of, in the list's order; names the
	// restart view's table of them (nil until asked).
	namesGen uint64
	nameKeys []nameKey
	names    map[string]string
	// keysBlock and keysLive are the ended block and the number of live
	// rows of the list nameKeys was made of.
	keysBlock []SessionView
	keysLive  int
	// listLive is the number of the last list's rows before its ended
	// block, listBlock that block (session_ended_views.go; nil when every
	// row was built anew: then listLive is every row).
	listLive  int
	listBlock []SessionView
	// rows finds the listed sessions' rows by id: its live part is kept
	// for the list of namesGen, its ended part for the block it was made
	// of (nil until asked).
	rows rowIndex
	// log is the event log last handed over (Snapshot.Log), shared by
	// the snapshots that showed it: nobody writes to it, and the next
	// lines are appended past its end (snapshot_log.go). logInRingOrder:
	// its lines are the ring's, in the ring's order (no sort moved them).
	log            []LogLine
	logInRingOrder bool
	// lists are the bounded lists last handed over (snapshot_share.go).
	lists sharedLists
}

// sessionsGens numbers the generations of every State's lists, so two
// States' snapshots never share one.
var sessionsGens atomic.Uint64

// nameKey is what SessionName reads of a view.
type nameKey struct{ id, title, project string }

// sessionsGen is the generation of snap's list of sessions and their
// names: the last one's unless a session or a name in it changed. The
// ended rows are compared only when their block is not the one of the
// last generation: a block is never written once built.
func (s *State) sessionsGen(views []SessionView) uint64 {
	m := &s.snapMemo
	n := len(views)
	if m.listBlock != nil && sameBlock(m.listBlock, m.keysBlock) && m.listLive == m.keysLive {
		n = m.listLive
	}
	same := m.namesGen != 0 && len(views) == len(m.nameKeys)
	for i := 0; same && i < n; i++ {
		v := &views[i]
		same = m.nameKeys[i] == nameKey{v.ID, v.Title, v.Project}
	}
	if same {
		return m.namesGen
	}
	m.nameKeys = m.nameKeys[:0]
	for i := range views {
		v := &views[i]
		m.nameKeys = append(m.nameKeys, nameKey{v.ID, v.Title, v.Project})
	}
	m.keysBlock, m.keysLive = m.listBlock, m.listLive
	m.namesGen = sessionsGens.Add(1)
	m.names = nil
	return m.namesGen
}

// sessionNamesOf is sessionNames(snap), kept while snap's sessions and
// their names are those of the snapshot that built it. The restart
// view only reads it.
func (s *State) sessionNamesOf(snap *Snapshot) map[string]string {
	m := &s.snapMemo
	if snap.SessionsGen != m.namesGen || m.names == nil {
		m.names = sessionNames(snap)
	}
	return m.names
}

// rowIndex is the row of each of a list's sessions by id: the live rows
// (every row when the list has no block) by their index, the ended
// block's by their offset past the live ones.
type rowIndex struct {
	live  map[string]int32
	ended map[string]int32
	liveN int32
	// gen is the list generation live was made for, block the block
	// ended was made of.
	gen   uint64
	block []SessionView
}

// row is the row of session id, if the list has one.
func (r *rowIndex) row(id string) (int32, bool) {
	if i, ok := r.live[id]; ok {
		return i, true
	}
	if i, ok := r.ended[id]; ok {
		return r.liveN + i, true
	}
	return 0, false
}

// rowsOf is the row of each of snap's sessions by id, kept while snap's
// sessions are those of the snapshot that built it (the same ids in the
// same order): the joins that add what few sessions have (a share, a
// memory figure) find their rows by it instead of asking every row. The
// ended rows' part is kept while their block is, so a live session's
// activity that reorders the live rows indexes a few dozen rows, not
// the 200 ended ones.
func (s *State) rowsOf(snap *Snapshot) *rowIndex {
	m := &s.snapMemo
	if snap.SessionsGen != m.namesGen {
		return &rowIndex{live: indexRows(snap.Sessions)}
	}
	r := &m.rows
	if r.live == nil || r.gen != m.namesGen || r.liveN != int32(m.listLive) {
		r.live, r.gen, r.liveN = indexRows(snap.Sessions[:m.listLive]), m.namesGen, int32(m.listLive)
	}
	if !sameBlock(r.block, m.listBlock) || (r.ended == nil) != (m.listBlock == nil) {
		r.ended, r.block = nil, m.listBlock
		if m.listBlock != nil {
			r.ended = indexRows(m.listBlock)
		}
	}
	return r
}

// indexRows is each row's index by its session's id.
func indexRows(views []SessionView) map[string]int32 {
	rows := make(map[string]int32, len(views))
	for i := range views {
		rows[views[i].ID] = int32(i)
	}
	return rows
}

// sameBlock reports whether a and b are the same slice of views.
func sameBlock(a, b []SessionView) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
