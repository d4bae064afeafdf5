package notify

import (
	"fmt"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// The update restart: one note per pending update while it waits (its
// version and since), and one when the app logs that it restarts for it.

// updateNotes remembers what was said about updates.
type updateNotes struct {
	warned   string // the pending update last warned of
	restarts int    // update restarts seen
}

// baseline records the restarts seen so far, without a note.
func (u *updateNotes) baseline(s governor.Snapshot) { u.restarts = s.Counts.UpdateRestarts }

// next are the update notes to send now.
func (u *updateNotes) next(s governor.Snapshot) []Note {
	var notes []Note
	if v := s.Update; v != nil {
		if key := v.Version + " " + v.Since.String(); key != u.warned {
			u.warned = key
			notes = append(notes, Note{Title: "coworktop: update restart coming", Message: updateMessage(v) + ". " + governor.UpdateWhenText})
		}
	}
	if s.Counts.UpdateRestarts > u.restarts {
		u.restarts = s.Counts.UpdateRestarts
		u.warned = ""
		notes = append(notes, Note{Title: "coworktop: app restarting to update",
			Message: "The app logged that it restarts for an update: every running session stops."})
	}
	return notes
}

// updateMessage is the pending update's facts, short enough for a
// notification to keep the estimate label after them.
func updateMessage(v *governor.UpdateView) string {
	m := "Update"
	if v.Version != "" {
		m += " " + v.Version
	}
	if !v.Since.IsZero() {
		m += " pending " + governor.FormatDuration(time.Duration(v.PendingS)*time.Second)
	}
	return m + fmt.Sprintf(": its restart stops %d live session(s)", len(v.Sessions))
}
