package ui

import (
	"slices"
	"strconv"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/words"
)

// sessionSort is the Sessions pane's order, cycled with `s`.
type sessionSort int

const (
	sortUrgent  sessionSort = iota // needs you, at risk soonest first, stalled, then by idle time (urgency)
	sortRecent                     // live first, most recently active first (the snapshot's order)
	sortIdle                       // longest idle first
	sortProject                    // by project name
	sortStarted                    // oldest first
	sortCount
)

func (s sessionSort) String() string {
	return [...]string{"urgent", "recent", "idle", "project", "started"}[s]
}

// sortCache is the Sessions pane's order for one snapshot's sessions and
// one sort: a frame asks for it several times, a snapshot comes once a
// second.
type sortCache struct {
	of    listKey[governor.SessionView] // the snapshot's sessions: a new snapshot has a new slice
	by    sessionSort
	order []int32 // the indices into the snapshot's sessions, in the sort
	tail  []int32 // scratch: the ended, in the snapshot's order
}

// sessionList is the snapshot's sessions in the pane's order, as indices
// into them: sorting or copying 400-byte views cost a refresh by the 200
// ended sessions kept, where a frame draws 10-15 (issue 52).
type sessionList struct {
	all   []governor.SessionView // the snapshot's, read only
	order []int32                // nil: all's own order
}

func (l sessionList) len() int { return len(l.all) }

// at is the i-th session in the order.
func (l sessionList) at(i int) *governor.SessionView {
	if l.order == nil {
		return &l.all[i]
	}
	return &l.all[l.order[i]]
}

// sortedSessions is the snapshot's sessions in the pane's sort, found on
// indices once a snapshot.
func (m *Model) sortedSessions() sessionList {
	ss := m.snap.Sessions
	if m.sortBy == sortRecent || len(ss) == 0 {
		return sessionList{all: ss} // the snapshot's order
	}
	c := &m.sorted
	if c.of == keyOf(ss) && c.by == m.sortBy {
		return sessionList{all: ss, order: c.order}
	}
	order, tail := c.order[:0], c.tail[:0]
	for i := range ss {
		// The urgent sort keeps the rest (the ended) in the snapshot's
		// order after the others: only the few others are sorted.
		if m.sortBy == sortUrgent && urgency(&ss[i]) == urgencyRest {
			tail = append(tail, int32(i))
			continue
		}
		order = append(order, int32(i))
	}
	before := sessionsBefore(m.sortBy)
	slices.SortStableFunc(order, func(i, j int32) int {
		switch {
		case before(&ss[i], &ss[j]):
			return -1
		case before(&ss[j], &ss[i]):
			return 1
		}
		return 0
	})
	order = append(order, tail...)
	c.of, c.by, c.order, c.tail = keyOf(ss), m.sortBy, order, tail
	return sessionList{all: ss, order: order}
}

// sessionsBefore is the order of a sort other than sortRecent.
func sessionsBefore(by sessionSort) func(a, b *governor.SessionView) bool {
	switch by {
	case sortIdle:
		return func(a, b *governor.SessionView) bool {
			if a.Live() != b.Live() {
				return a.Live()
			}
			return a.Idle > b.Idle
		}
	case sortProject:
		return func(a, b *governor.SessionView) bool { return a.Project < b.Project }
	case sortStarted:
		return func(a, b *governor.SessionView) bool { return a.FirstSeen.Before(b.FirstSeen) }
	}
	return urgentBefore
}

// stateLabel is the session's state as shown, with the pause reason. A
// live session its record says is busy is "working", whatever its log's
// idle time (issue 46: "idle 18m36s" beside "busy" read as doing nothing).
func stateLabel(s governor.SessionView) string {
	switch {
	case s.Live() && s.Attention == record.AttentionBusy && s.Protected == "":
		return "working"
	case s.State == governor.StatePaused && s.PauseReason == event.ReasonGovernorEvict:
		return "evicted"
	case s.State == governor.StatePaused && s.PauseReason == event.ReasonIdleTimeout:
		return "paused: idle"
	case s.State == governor.StatePaused && s.PauseText != "":
		return "paused: " + s.PauseText
	case s.Protected == governor.ProtectedScheduled:
		return words.StateLabel(s.State) + " (sched)" // protected: a scheduled task
	case s.Protected != "" && s.State == governor.StateWorking:
		return "active (rc)" // protected: Remote Control
	case s.Protected != "":
		return s.State.String() + " (rc)" // protected: Remote Control
	case s.State == governor.StateDisconnected && s.PauseReason == event.EndCrash:
		return "crashed"
	case s.State == governor.StateDisconnected:
		// The state carries its reason, in the column's 12 cells.
		switch s.PauseReason {
		case event.ReasonIdleTimeout:
			return "disc.: idle"
		case event.EndAppQuit:
			return "app quit"
		case event.EndUpdateRestart:
			return "update stop"
		case event.EndAppRestarted:
			return "app restart"
		}
	case s.State == governor.StateUnknown:
		return "silent log" // the log stopped while it was live (Snapshot.Stale)
	}
	return words.StateLabel(s.State)
}

func (m *Model) stateStyle(s governor.SessionView) Ink {
	t := m.theme
	switch s.State {
	case governor.StateWorking:
		return t.Working
	case governor.StateIdle:
		return t.Idle
	case governor.StatePaused:
		if s.PauseReason == event.ReasonGovernorEvict {
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
	n := sessions.len()
	c.count = n + len(bg)
	c.sessionAt = func(i int) string {
		if i >= n {
			return bg[i-n].ID
		}
		return sessions.at(i).ID
	}
	c.rowAt = func(i int) row {
		if i >= n {
			return m.backgroundRow(lay, bg[i-n])
		}
		return m.sessionRow(lay, *sessions.at(i))
	}
	// The header's figure, not a count of its own: one definition.
	c.info = strconv.Itoa(m.snap.Live) + " live · sort " + m.sortBy.String()
	if cn := words.CoworkNote(m.snap.Records); cn != "" {
		// Cloud Cowork tasks leave nothing here: say so, not "nothing runs".
		note := t.paint(t.Muted, fit(cn, w))
		c.footer, c.tight = []string{note}, []string{note}
	}
	return c
}

// sessionsMinRows: the pane people keep the view open for gets the room
// first (issue 46): in the boxed layout every live session up to
// sessionsAllLive, and at least sessionsFirstRows from 24 lines, before a
// less important pane gets more than its title. The urgent sort puts the
// live sessions, the urgent first, at the top. Below 24 lines the
// ranking's next victim needs the lines more.
func (m *Model) sessionsMinRows(_ content, rows int) int {
	switch {
	case m.height >= fullHeight && m.width >= fullWidth:
		return max(1, min(rows, max(m.snap.Live, sessionsFirstRows), sessionsAllLive))
	case m.height >= 24:
		return max(1, min(rows, sessionsFirstRows))
	}
	return 1
}

// The Sessions pane's least rows: every live one up to sessionsAllLive on
// a boxed screen, sessionsFirstRows from 24 lines.
const (
	sessionsAllLive   = 12
	sessionsFirstRows = 6
)

// urgency is a session's group in the urgent sort: it needs the person,
// it is about to be lost, it is stalled, the other live ones, the rest.
func urgency(s *governor.SessionView) int {
	switch {
	case s.Live() && s.NeedsYou():
		return 0
	case s.Live() && s.Next.Urgent():
		return 1
	case s.Next.Kind == governor.RiskStalled:
		return 2
	case s.Live():
		return 3
	}
	return urgencyRest
}

// urgencyRest is the last group of the urgent sort: it keeps the
// snapshot's order.
const urgencyRest = 4

// urgentBefore orders the urgent sort: by group; the longest wait first;
// the loss that comes soonest first (a time known before none); then the
// longest idle. The ended keep the snapshot's order (most recent first).
func urgentBefore(a, b *governor.SessionView) bool {
	ga, gb := urgency(a), urgency(b)
	if ga != gb {
		return ga < gb
	}
	switch ga {
	case 0:
		if !a.WaitingSince.Equal(b.WaitingSince) {
			return !a.WaitingSince.IsZero() && (b.WaitingSince.IsZero() || a.WaitingSince.Before(b.WaitingSince))
		}
	case 1:
		if !a.Next.Due.Equal(b.Next.Due) {
			return !a.Next.Due.IsZero() && (b.Next.Due.IsZero() || a.Next.Due.Before(b.Next.Due))
		}
	case urgencyRest:
		return false
	}
	return a.Idle > b.Idle
}
