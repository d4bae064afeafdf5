package ui

import (
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// namesKey says which list of sessions a name table was built from: the
// snapshot's generation of its sessions and their names
// (governor.Snapshot.SessionsGen), or, for a snapshot that gives none,
// its time. The tables are rebuilt when the listed sessions change, not
// at every refresh (issue 52: 201 sessions named twice a refresh).
type namesKey struct {
	gen uint64
	at  time.Time
}

func (m *Model) namesKey() namesKey {
	if g := m.snap.SessionsGen; g != 0 {
		return namesKey{gen: g}
	}
	return namesKey{at: m.snap.Now}
}

// sessionName is how a row names a session: its title, else its project,
// else its short id (governor.SessionName), looked up in the snapshot's
// sessions. The lookup table is built once per list of sessions, so a
// frame costs by the rows it draws.
func (m *Model) sessionName(id string) string {
	if id == "" {
		return ""
	}
	if k := m.namesKey(); m.namesOf != k || m.names == nil {
		m.names = make(map[string]string, len(m.snap.Sessions))
		for i := range m.snap.Sessions {
			s := &m.snap.Sessions[i]
			m.names[s.ID] = governor.SessionName(*s)
		}
		m.namesOf = k
	}
	if n, ok := m.names[id]; ok {
		return n
	}
	return vocab.ShortID(id)
}

// rowName is a Sessions row's name: the session's name, with its short id
// after it when another session shares the name (the id column is gone to
// the details, issue 36 #2; two "api" rows still tell apart).
func (m *Model) rowName(s governor.SessionView) string {
	name := governor.SessionName(s)
	if k := m.namesKey(); m.dupOf != k || m.dupNames == nil {
		m.dupNames = map[string]int{}
		for i := range m.snap.Sessions {
			m.dupNames[governor.SessionName(m.snap.Sessions[i])]++
		}
		m.dupOf = k
	}
	if m.dupNames[name] > 1 {
		if short := vocab.ShortID(s.ID); short != name {
			return name + " · " + short
		}
	}
	return name
}
