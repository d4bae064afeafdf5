package notify

import (
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
)

// Warnings before a loss: the session the next warm spawn evicts, those a
// pressure sweep would evict, those whose idle timer runs again after an
// update restart left their Remote Control off. They are coworktop's inference, so only a
// backed one (no estimated figure in it) is ever sent, and they are
// rate-limited: a session is warned of at most once per WarnEvery for the
// same risk, and at most one warning goes out per WarnGap.
const (
	WarnEvery = 10 * time.Minute
	WarnGap   = time.Minute
)

// warnKinds are the risks that warn of a loss to come.
// A busy session gone silent and a wait past its threshold are escalated
// the same way (issue 38 item 4).
var warnKinds = [...]governor.RiskKind{governor.RiskEvictNext, governor.RiskPressureSweep, governor.RiskRemoteControlLost,
	governor.RiskStalled, governor.RiskWaitingLong}

type warnings struct {
	last map[string]time.Time // kind + session → when it was sent
	at   time.Time            // the last warning sent
}

// next is the warning to send now, if any.
func (w *warnings) next(s governor.Snapshot) (Note, bool) {
	if !w.at.IsZero() && s.Now.Sub(w.at) < WarnGap {
		return Note{}, false
	}
	for _, r := range s.Risks {
		if !r.Backed || !isWarning(r.Kind) {
			continue
		}
		key := r.Kind.String() + " " + r.Session
		if at, ok := w.last[key]; ok && s.Now.Sub(at) < WarnEvery {
			continue
		}
		if w.last == nil || len(w.last) > 256 {
			w.last = map[string]time.Time{}
		}
		w.last[key], w.at = s.Now, s.Now
		return Note{Title: "coworktop: session at risk", Message: words.RiskText(r) + "."}, true
	}
	return Note{}, false
}

func isWarning(k governor.RiskKind) bool {
	for _, w := range warnKinds {
		if k == w {
			return true
		}
	}
	return false
}
