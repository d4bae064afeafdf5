package notify

import (
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
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
	// told is when each session was last told of, kept flapGap after its
	// wait ends: a session that flips between waiting and busy is told
	// once, not at every new wait.
	told map[string]waitSent // since: when the note went
}

// flapGap is how long after a session's note a new wait of it is not told
// again (unless it is the first at risk).
const flapGap = 10 * time.Minute

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
		w.sent, w.first, w.told = map[string]waitSent{}, map[string]time.Time{}, map[string]waitSent{}
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
		last, was := w.told[v.ID]
		if newWait := !ok || !told.since.Equal(since); newWait && was && s.Now.Sub(last.since) < flapGap && (last.risk || !risk) {
			// A new wait soon after the last note of this session: it
			// flaps between waiting and busy; told once (and once more
			// when a wait first puts it at risk).
			w.sent[v.ID] = waitSent{since: since, risk: risk}
			continue
		}
		w.sent[v.ID] = waitSent{since: since, risk: risk}
		w.told[v.ID] = waitSent{since: s.Now, risk: risk || was && last.risk && s.Now.Sub(last.since) < flapGap}
		msg := words.WaitingText(v, s.Now) + "."
		if risk {
			msg = words.Labelled(words.AtRiskWhy(v)) + "."
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
	for id, t := range w.told {
		if !waitingNow[id] && s.Now.Sub(t.since) >= flapGap {
			delete(w.told, id)
		}
	}
	return notes
}
