package notify

import (
	"time"

	"github.com/coworktop/coworktop/governor"
)

// "Waiting for you": a session whose own record says it waits for the
// person, once it has waited WaitingAfter, once per wait; at once when the
// wait puts it at risk (the next victim, a sweep's, or near its idle
// pause), once more per wait if it was already told.

// DefaultWaitingAfter is how long a session waits before the note.
const DefaultWaitingAfter = 2 * time.Minute

type waiting struct {
	after time.Duration
	sent  map[string]waitSent // session → the wait told of
	first map[string]time.Time
}

// waitSent is a wait told of: its start, and whether at risk.
type waitSent struct {
	since time.Time
	risk  bool
}

// SetWaitingAfter sets the delay of the "waiting for you" note (0: the
// default).
func (n *Notifier) SetWaitingAfter(d time.Duration) {
	if d <= 0 {
		d = DefaultWaitingAfter
	}
	n.wait.after = d
}

func (w *waiting) next(s governor.Snapshot) []Note {
	if w.after <= 0 {
		w.after = DefaultWaitingAfter
	}
	if w.sent == nil {
		w.sent, w.first = map[string]waitSent{}, map[string]time.Time{}
	}
	var notes []Note
	waitingNow := map[string]bool{}
	for _, v := range s.Sessions {
		if !v.NeedsYou() { // the predicate the header counts by (governor.needsYouCount)
			continue
		}
		waitingNow[v.ID] = true
		since := v.WaitingSince
		if since.IsZero() { // the record gave no time: from when it was first seen here
			if _, ok := w.first[v.ID]; !ok {
				w.first[v.ID] = s.Now
			}
			since = w.first[v.ID]
		}
		risk := v.AtRisk == governor.RiskWaitingAtRisk
		told, ok := w.sent[v.ID]
		if ok && told.since.Equal(since) && (told.risk || !risk) {
			continue // this wait was told of (at risk, or not at risk and still not)
		}
		if !risk && s.Now.Sub(since) < w.after {
			continue
		}
		w.sent[v.ID] = waitSent{since: since, risk: risk}
		msg := governor.WaitingText(v, s.Now) + "."
		if risk {
			msg = v.AtRiskWhy + " (" + governor.RiskLabel + ")."
		}
		notes = append(notes, Note{Title: "coworktop: waiting for you", Message: msg})
	}
	for id := range w.sent {
		if !waitingNow[id] {
			delete(w.sent, id)
		}
	}
	for id := range w.first {
		if !waitingNow[id] {
			delete(w.first, id)
		}
	}
	return notes
}
