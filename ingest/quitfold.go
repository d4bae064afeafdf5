package ingest

import (
	"time"

	"github.com/coworktop/coworktop/event"
)

// quitWindow is how long one quit goes on writing its lines
// ("beforeQuit: handler fired", "willQuit: handler is ready for quit",
// "Successfully run onQuitCleanup: …", "[quit-cleanup] …").
const quitWindow = time.Minute

// quitFold makes one app.quit event of the several lines one quit writes:
// an app.quit within quitWindow of the previous one, with no app start
// between them, is the same quit. It also drops a Remote Control state line
// that repeats the one before it (the app writes bridge_state "connected"
// over and over; only a change says something). Feed it one file's events
// in order.
type quitFold struct {
	last   time.Time
	open   bool
	remote remoteSeen // the last app.remote_control's reason and text
}

// Keep says whether e is to be delivered.
func (q *quitFold) Keep(e *event.Event) bool { // a pointer: an Event is 176 bytes
	switch e.Kind {
	case event.KindRemoteState:
		if q.remote.reason == e.Reason && q.remote.text == e.Text {
			return false
		}
		q.remote = remoteSeen{reason: e.Reason, text: e.Text}
	case event.KindAppStart:
		q.open = false
	case event.KindAppQuit:
		if q.open && !e.Time.Before(q.last) && e.Time.Sub(q.last) <= quitWindow {
			q.last = e.Time
			return false
		}
		q.open, q.last = true, e.Time
	}
	return true
}
