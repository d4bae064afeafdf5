package ui

import (
	"time"

	"github.com/coworktop/coworktop/governor"
)

// layoutCache is the Sessions pane's layout for one snapshot's sessions,
// order and width: its sparse and fitted columns read every listed
// session (201 from 12 simulated hours on), so they are read once a
// snapshot, not at every frame drawn of it (issue 52 item 7).
type layoutCache struct {
	key layoutKey
	lay sessionLayout // read only: its cols are shared by the frames
	ok  bool
}

// layoutKey is what a layout is made of: the snapshot's list of sessions
// (a new snapshot has a new slice), their order, the width, whether
// records were read, the snapshot's clock (the NEEDS YOU cells' waits)
// and its background sessions.
type layoutKey struct {
	list    listKey[governor.SessionView]
	by      sessionSort
	w       int
	records bool
	now     time.Time
	bg      listKey[governor.BackgroundView]
}

func (m *Model) layoutKey(w int, list sessionList) layoutKey {
	return layoutKey{list: keyOf(list.all), by: m.sortBy, w: w, records: m.snap.Records != nil, now: m.snap.Now, bg: keyOf(m.snap.Background)}
}
