package governor

import "time"

// Next is what comes next for one session, in a cell: its risk (whose
// short form words.NextText says), or its idle pause in PauseIn. Due is
// when (zero: no time known); Kind is the risk's (RiskNone for an idle
// pause alone).
type Next struct {
	Risk    *Risk
	PauseIn time.Duration
	Due     time.Time
	Kind    RiskKind
}

// Urgent says the risk loses the session (an eviction, an idle pause) or
// waits for the person, rather than being a note about it.
func (n Next) Urgent() bool {
	switch n.Kind {
	case RiskEvictNext, RiskPressureSweep, RiskRemoteControlLost, RiskWaitingAtRisk:
		return true
	case RiskNone:
		return !n.Due.IsZero() // an idle pause on its way
	}
	return false
}

// nextOf is the session's Next: the risk that names it (one per session,
// oneRowPerSession), else the update restart that would stop it, else its
// idle pause when its timer runs and nothing vetoes it.
func nextOf(v *SessionView, own map[string]*Risk, update *Risk, now time.Time) Next {
	if r, ok := own[v.ID]; ok {
		return Next{Risk: r, Due: r.Due, Kind: r.Kind}
	}
	if !v.Live() {
		return Next{}
	}
	if v.Protected == "" && v.TimerTimeout > 0 && v.TimerRemaining > 0 {
		return Next{PauseIn: v.TimerRemaining, Due: now.Add(v.TimerRemaining)}
	}
	if update != nil {
		for _, id := range update.Sessions {
			if id == v.ID {
				return Next{Risk: update, Kind: RiskUpdateRestart}
			}
		}
	}
	return Next{}
}

// markNext sets Next on every session of snap. A view is handed to
// nextOf in place and written only when it has a Next: the views come
// with none, and the 200 ended sessions listed mostly have none (a
// copy and a write of each cost a refresh by the sessions kept, issue 52).
func markNext(snap *Snapshot, risks []Risk) {
	own := map[string]*Risk{}
	var update *Risk
	for i, r := range risks {
		switch {
		case r.Session != "":
			own[r.Session] = &risks[i]
		case r.Kind == RiskUpdateRestart:
			update = &risks[i]
		}
	}
	for _, list := range [][]SessionView{snap.Sessions, snap.IdleRanking} {
		for i := range list {
			if n := nextOf(&list[i], own, update, snap.Now); n != (Next{}) {
				list[i].Next = n
			}
		}
	}
	if v := snap.NextVictim; v != nil {
		v.Next = nextOf(v, own, update, snap.Now)
	}
}
