package ui

import (
	"sort"
	"strconv"

	"github.com/coworktop/coworktop/governor"
)

// sessionSort is the Sessions pane's order, cycled with `s`.
type sessionSort int

const (
	sortRecent  sessionSort = iota // live first, most recently active first (the snapshot's order)
	sortIdle                       // longest idle first
	sortProject                    // by project name
	sortStarted                    // oldest first
	sortCount
)

func (s sessionSort) String() string {
	return [...]string{"recent", "idle", "project", "started"}[s]
}

func (m *Model) sortedSessions() []governor.SessionView {
	if m.sortBy == sortRecent {
		return m.snap.Sessions // read only: no copy of a thousand views a frame
	}
	ss := append([]governor.SessionView(nil), m.snap.Sessions...)
	switch m.sortBy {
	case sortIdle:
		sort.SliceStable(ss, func(i, j int) bool {
			if ss[i].Live() != ss[j].Live() {
				return ss[i].Live()
			}
			return ss[i].Idle > ss[j].Idle
		})
	case sortProject:
		sort.SliceStable(ss, func(i, j int) bool { return ss[i].Project < ss[j].Project })
	case sortStarted:
		sort.SliceStable(ss, func(i, j int) bool { return ss[i].FirstSeen.Before(ss[j].FirstSeen) })
	}
	return ss
}

// stateLabel is the session's state as shown, with the pause reason.
func stateLabel(s governor.SessionView) string {
	switch {
	case s.State == governor.StatePaused && s.PauseReason == governor.ReasonGovernorEvict:
		return "evicted"
	case s.State == governor.StatePaused && s.PauseReason == governor.ReasonIdleTimeout:
		return "paused: idle"
	case s.State == governor.StatePaused && s.PauseText != "":
		return "paused: " + s.PauseText
	case s.Protected == governor.ProtectedScheduled:
		return s.State.Label() + " (sched)" // protected: a scheduled task
	case s.Protected != "" && s.State == governor.StateWorking:
		return "active (rc)" // protected: Remote Control
	case s.Protected != "":
		return s.State.String() + " (rc)" // protected: Remote Control
	case s.State == governor.StateDisconnected && s.PauseReason == governor.EndCrash:
		return "crashed"
	case s.State == governor.StateDisconnected:
		// The state carries its reason, in the column's 12 cells.
		switch s.PauseReason {
		case governor.ReasonIdleTimeout:
			return "disc.: idle"
		case governor.EndAppQuit:
			return "app quit"
		case governor.EndUpdateRestart:
			return "update stop"
		case governor.EndAppRestarted:
			return "app restart"
		}
	case s.State == governor.StateUnknown:
		return "silent log" // the log stopped while it was live (Snapshot.Stale)
	}
	return s.State.Label()
}

func (m *Model) stateStyle(s governor.SessionView) Ink {
	t := m.theme
	switch s.State {
	case governor.StateWorking:
		return t.Working
	case governor.StateIdle:
		return t.Idle
	case governor.StatePaused:
		if s.PauseReason == governor.ReasonGovernorEvict {
			return t.Evicted
		}
	}
	return t.Muted
}

// sessionsContent is the Sessions pane: one row per live or recently seen
// session, its columns from sessionColumns.
func (m *Model) sessionsContent(w int) content {
	t := m.theme
	// With records read, the title in place of the folder's name where
	// the app records one (records.go).
	nameHead := "PROJECT"
	if m.snap.Records != nil {
		nameHead = "NAME"
	}
	sessions := m.sortedSessions()
	lay := m.layoutSessions(w, sessions)
	c := content{heading: lay.heading(t, nameHead)}
	bg := m.snap.Background
	c.count = len(sessions) + len(bg)
	c.sessionAt = func(i int) string {
		if i >= len(sessions) {
			return bg[i-len(sessions)].ID
		}
		return sessions[i].ID
	}
	c.rowAt = func(i int) row {
		if i >= len(sessions) {
			return m.backgroundRow(lay, bg[i-len(sessions)])
		}
		return m.sessionRow(lay, sessions[i])
	}
	// The header's figure, not a count of its own: one definition.
	c.info = strconv.Itoa(m.snap.Live) + " live · sort " + m.sortBy.String()
	if r := m.snap.Records; r != nil && r.CoworkNote != "" {
		// Cloud Cowork tasks leave nothing here: say so, not "nothing runs".
		note := t.paint(t.Muted, fit(r.CoworkNote, w))
		c.footer, c.tight = []string{note}, []string{note}
	}
	return c
}

// sessionsMinRows: the pane people keep the view open for. From 24 lines,
// three rows before a less important pane gets its heading and row (it
// collapses to a one-line summary instead). Below, the ranking's next
// victim needs the line more.
func (m *Model) sessionsMinRows(_ content, rows int) int {
	if m.height >= 24 {
		return min(max(1, rows), 3)
	}
	return 1
}
