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
	// rows is the row of each listed session by id, for the list of
	// namesGen (nil until asked).
	rows map[string]int32
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
// names: the last one's unless a session or a name in it changed.
func (s *State) sessionsGen(views []SessionView) uint64 {
	m := &s.snapMemo
	same := m.namesGen != 0 && len(views) == len(m.nameKeys)
	for i := 0; same && i < len(views); i++ {
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
	m.namesGen = sessionsGens.Add(1)
	m.names, m.rows = nil, nil
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

// rowsOf is the row of each of snap's sessions by id, kept while snap's
// sessions are those of the snapshot that built it (the same ids in the
// same order): the joins that add what few sessions have (a share, a
// memory figure) find their rows by it instead of asking every row.
func (s *State) rowsOf(snap *Snapshot) map[string]int32 {
	m := &s.snapMemo
	if snap.SessionsGen == m.namesGen && m.rows != nil {
		return m.rows
	}
	rows := make(map[string]int32, len(snap.Sessions))
	for i := range snap.Sessions {
		rows[snap.Sessions[i].ID] = int32(i)
	}
	if snap.SessionsGen == m.namesGen {
		m.rows = rows
	}
	return rows
}
