package notify

import (
	"fmt"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"
)

// QuotaLevels are the quota percentages that notify, each once per window
// period: a window's period is told by its reset time, or, where the source
// gives none, by a drop in its percentage.
var QuotaLevels = [...]float64{80, 95, 100}

// quotaDrop is how far a window's figure must fall to read as its reset
// when the source gives no reset time.
const quotaDrop = 10

type quotaState struct {
	level    float64 // the highest level notified in this period
	resetsAt time.Time
	last     float64
}

type quotaAlerts struct {
	w map[string]*quotaState // by the window's name
}

// next returns the notes due for the snapshot's quota. With quiet, it only
// records the levels already reached (the first snapshot: no burst at start).
// A stale figure is old news: it neither notifies nor moves the state.
func (q *quotaAlerts) next(s governor.Snapshot, quiet bool) []Note {
	var notes []Note
	for _, f := range s.Quota.Figures() {
		if f.State != quota.StateCurrent && f.State != quota.StateLimitReached {
			continue // old news, a window that reset, or no figure
		}
		if q.w == nil {
			q.w = map[string]*quotaState{}
		}
		st := q.w[f.Name]
		if st == nil {
			st = &quotaState{}
			q.w[f.Name] = st
		}
		newPeriod := (!f.ResetsAt.IsZero() && !st.resetsAt.IsZero() && f.ResetsAt.Sub(st.resetsAt) > time.Minute) ||
			f.Percent < st.last-quotaDrop
		if newPeriod {
			st.level = 0
		}
		st.last = f.Percent
		if !f.ResetsAt.IsZero() {
			st.resetsAt = f.ResetsAt
		}
		reached := 0.0
		for _, l := range QuotaLevels {
			if f.Percent >= l {
				reached = l
			}
		}
		if reached <= st.level {
			continue
		}
		st.level = reached
		if !quiet {
			notes = append(notes, quotaNote(f))
		}
	}
	return notes
}

// quotaNote says which window reached what, from which source, and when it
// resets; at 100 % what that means (not necessarily a stop); the burn
// estimate when there is one. The words are governor's, as every output's.
func quotaNote(f *quota.Figure) Note {
	msg := fmt.Sprintf("The account's %s quota is at %s (%s, %s).", f.Name, quota.PercentText(f.Percent),
		f.Source, quota.AgeText(f.Age))
	if f.State == quota.StateLimitReached {
		msg = fmt.Sprintf("The account's %s quota: %s (%s, %s).", f.Name, quota.LimitReachedText,
			f.Source, quota.AgeText(f.Age))
	}
	if r := quota.ResetText(f); r != "" {
		msg += " It " + r + "."
	}
	if b := quota.BurnShort(f); b != "" {
		msg += " " + b + "."
	}
	msg += " Cloud sessions and other devices count too."
	title := "coworktop: quota " + f.Name + " at " + quota.PercentText(f.Percent)
	if f.State == quota.StateLimitReached {
		title = "coworktop: quota " + f.Name + " " + quota.LimitReachedText
	}
	return Note{Title: title, Message: msg}
}
