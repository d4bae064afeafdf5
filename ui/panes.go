package ui

import (
	"charm.land/bubbles/v2/key"

	"github.com/coworktop/coworktop/config"
)

// paneID names a pane: its index in paneTable.
type paneID int

const (
	paneSessions paneID = iota
	paneRanking
	paneEvictions
	paneCompetition
	paneTimeline
	paneLog
	paneDetails // one session's history (enter); not in the tab order
	paneCount   // the built-in panes
)

// paneEntry is everything particular to one pane. The layout, the sizing,
// the frames, the scrolling, the filter and the keys read a pane's
// particulars here and nowhere else, so adding a pane is one entry (and
// its paneID) plus the file that builds its rows or draws it.
//
// A pane is either a list or a drawing. A list sets content: its rows are
// filtered, scrolled, sized and drawn by the shared code (body, paneNeed,
// collapsedInfo). A drawing (the memory timeline) sets draw, size and
// summary instead: it has no rows, so no filter, cursor or wheel.
type paneEntry struct {
	title string
	// config is the pane's name in the config file's [panes] order and
	// hidden lists; "" for a pane the config does not place (the session
	// details, opened with enter).
	config config.Pane
	// prio orders the panes for room after the focused one (which is 0):
	// lower is served first, and 1..growFirst grow before the others.
	prio int
	// wide: a row of its own across the wide layout (else two panes share
	// a row). spare: takes the body's lines no pane asks for.
	wide, spare bool

	// content builds a list pane's rows at inner width w.
	content func(m *Model, w int) content
	// minRows is how many rows, under its heading, a list pane needs
	// before a less important pane gets its heading and row; nil is one.
	minRows func(m *Model, c content, rows int) int

	// draw draws a drawing in w×h cells and says what its title adds.
	draw func(m *Model, w, h int) (lines []string, info string)
	// size is what a drawing needs, in lines with its title or border
	// (frame lines of them): min, and enough to show everything.
	size func(m *Model, frame int) (minimum, want int)
	// summary is a collapsed drawing's one line.
	summary func(m *Model) string

	// Keys. cursor: a list pane's ↑/↓, click and enter act on a selected
	// row (drawn with a cursor) rather than scroll its window. details:
	// enter on a session's row opens that session's details.
	cursor, details bool
	// toggle is a key that shows and hides the pane (the config's hidden
	// list says only how it starts), and shown is where the model keeps
	// whether it is on screen; both nil for a pane the config alone places.
	toggle func(k KeyMap) key.Binding
	shown  func(m *Model) *bool
}

// paneTable is every pane, indexed by paneID.
var paneTable = []paneEntry{
	paneSessions: {
		title: "Sessions", config: config.PaneSessions, prio: 1,
		content: (*Model).sessionsContent, minRows: (*Model).sessionsMinRows,
		cursor: true, details: true,
	},
	paneRanking: {
		title: "Idle ranking", config: config.PaneRanking, prio: 3,
		content: (*Model).rankingContent, minRows: (*Model).rankingMinRows,
		cursor: true, details: true,
	},
	paneEvictions: {
		title: "Evictions", config: config.PaneEvictions, prio: 2,
		content: (*Model).evictionsContent, minRows: (*Model).evictionsMinRows,
		cursor: true, // enter opens a risk's or a loss's text (openRow), not a session
	},
	paneCompetition: {
		title: "Competition", config: config.PaneCompetition, prio: 5,
		content: (*Model).competitionContent,
	},
	paneTimeline: {
		title: "Memory timeline", config: config.PaneTimeline, prio: 6, wide: true, spare: true,
		draw: (*Model).timelineBody, size: (*Model).timelineSize, summary: (*Model).timelineSummary,
	},
	paneLog: {
		title: "Event log", config: config.PaneLog, prio: 4, wide: true,
		content: (*Model).logContent,
		toggle:  func(k KeyMap) key.Binding { return k.EventLog },
		shown:   func(m *Model) *bool { return &m.showLog },
	},
	paneDetails: {
		title: "Session details", prio: 7,
		content: (*Model).detailsContent,
	},
}

// entry is pane id's row of the table.
func (id paneID) entry() *paneEntry { return &paneTable[id] }

func (id paneID) title() string { return id.entry().title }

// list: the pane has rows (filter, cursor, scrolling); a drawing has not.
func (id paneID) list() bool { return id.entry().content != nil }

// paneNamed is the pane the config file calls name.
func paneNamed(name config.Pane) (paneID, bool) {
	for id, e := range paneTable {
		if name != "" && e.config == name {
			return paneID(id), true
		}
	}
	return 0, false
}
