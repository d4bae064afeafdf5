package ui

import (
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// sessionName is how a row names a session: its title, else its project,
// else its short id (governor.SessionName), looked up in the snapshot's
// sessions. The lookup table is built once per snapshot, so a frame costs
// by the rows it draws.
func (m *Model) sessionName(id string) string {
	if id == "" {
		return ""
	}
	if m.namesAt != m.snap.Now || m.names == nil || len(m.names) > len(m.snap.Sessions) {
		m.names = make(map[string]string, len(m.snap.Sessions))
		for _, s := range m.snap.Sessions {
			m.names[s.ID] = governor.SessionName(s)
		}
		m.namesAt = m.snap.Now
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
	if m.dupAt != m.snap.Now || m.dupNames == nil {
		m.dupNames = map[string]int{}
		for _, v := range m.snap.Sessions {
			m.dupNames[governor.SessionName(v)]++
		}
		m.dupAt = m.snap.Now
	}
	if m.dupNames[name] > 1 {
		if short := vocab.ShortID(s.ID); short != name {
			return name + " · " + short
		}
	}
	return name
}
