package ui

import "github.com/coworktop/coworktop/governor"

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
	return governor.ShortID(id)
}
