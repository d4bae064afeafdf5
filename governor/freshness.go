package governor

import (
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// StaleAfter is how long the log may be silent before what it last said
// is no longer taken as the present: a running app writes a memory sample
// about every minute and re-arms each idle session's timer every 15
// minutes, so a longer silence means the app is not running (or the
// folder is a saved copy).
const StaleAfter = 20 * time.Minute

// freshness sets the window and the log's age on the snapshot.
func (s *State) freshness(snap *Snapshot) {
	snap.From, snap.Newest = s.first, s.last
	if s.last.IsZero() {
		return
	}
	snap.LogAge = max(0, snap.Now.Sub(s.last))
	snap.Stale = snap.LogAge > StaleAfter
}

// silence turns a live session of a stale log into StateUnknown: no idle
// timer runs on it and it is no victim.
func silence(v *SessionView, age time.Duration) {
	v.State, v.PauseReason = StateUnknown, event.ReasonOther
	v.PauseText = "no log line for " + vocab.FormatDuration(age)
	v.TimerArmedAt, v.TimerTimeout, v.TimerRemaining = time.Time{}, 0, 0
	v.Protected = ""
}
