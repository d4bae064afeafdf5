package notify

import (
	"fmt"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
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
			title, msg := words.UpdateNote(v)
			notes = append(notes, Note{Title: title, Message: msg})
		}
	}
	if s.Counts.UpdateRestarts > u.restarts {
		u.restarts = s.Counts.UpdateRestarts
		u.warned = ""
		msg := "The app logged that it restarts for an update: every running session stops."
		if r := s.Restart; r != nil && len(r.Sessions) > 0 {
			msg = "The app restarts itself for an update: " + words.RestartStopped(r)
			if n := words.RestartRCBefore(r); n > 0 {
				msg += fmt.Sprintf(", %d with Remote Control, which the relaunch does not turn back on", n)
			}
			msg += "."
		}
		notes = append(notes, Note{Title: "coworktop: app restarting to update", Message: msg})
	}
	return notes
}
