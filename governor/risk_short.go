package governor

import (
	"strings"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// A risk's short form is what a screen cell or one line holds: "paused
// 13:59 · RC off", "evicted next (est.)", "update restart", "waits 31m".
// Each is made beside the risk's whole sentence (Risk.Short, Risk.Due), so
// the two cannot disagree; the whole sentence, its evidence and what to do
// stay in the details, report and snapshot. Short forms use no log words
// (sys_free, warm spawn, effective, reaped): they are what a newcomer reads
// first.

// The fixed short forms.
const (
	shortEvictNext = "evicted next (est.)"
	shortSweepNow  = "sweep evicts it (est.)"
	shortUpdate    = "update restart"
	shortRCOff     = "RC off: pauses when idle"
	shortLongWait  = "long wait: may lose its turn"
)

func shortSweepIn(d time.Duration) string { return "sweep in ~" + vocab.ShortDuration(d) + " (est.)" }

// shortPausedAt is an idle pause at a clock time, "~" when estimated.
func shortPausedAt(at time.Time, estimated bool) string {
	if estimated {
		return "paused ~" + at.Format("15:04") + " · RC off"
	}
	return "paused " + at.Format("15:04") + " · RC off"
}

// shortPausedIn is an idle pause's countdown, to the minute from one
// minute up (the details give the seconds).
func shortPausedIn(d time.Duration) string { return "paused in " + vocab.ShortDuration(d) }

// shortTrend is the memory trend in one line: when free memory reaches
// the first of the governor's lines ("free memory falls: 5 % in ~8m13s").
func shortTrend(parts []string) string {
	s := "free memory falls"
	if len(parts) > 0 {
		s += ": " + strings.NewReplacer("crosses ", "", " (warning)", "", " (critical)", "").Replace(parts[0])
	}
	return s + " (est.)"
}

// Next is what comes next for one session, in a cell: its risk's short
// form, or its idle pause. Due is when (zero: no time known); Kind is the
// risk's (RiskNone for an idle pause alone).
type Next struct {
	Text string
	Due  time.Time
	Kind RiskKind
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
func nextOf(v SessionView, own map[string]Risk, update *Risk, now time.Time) Next {
	if r, ok := own[v.ID]; ok && r.Short != "" {
		return Next{Text: r.Short, Due: r.Due, Kind: r.Kind}
	}
	if !v.Live() {
		return Next{}
	}
	if v.Protected == "" && v.TimerTimeout > 0 && v.TimerRemaining > 0 {
		return Next{Text: shortPausedIn(v.TimerRemaining), Due: now.Add(v.TimerRemaining)}
	}
	if update != nil {
		for _, id := range update.Sessions {
			if id == v.ID {
				return Next{Text: update.Short, Kind: RiskUpdateRestart}
			}
		}
	}
	return Next{}
}

// markNext sets Next on every session of snap.
func markNext(snap *Snapshot, risks []Risk) {
	own := map[string]Risk{}
	var update *Risk
	for i, r := range risks {
		switch {
		case r.Session != "":
			own[r.Session] = r
		case r.Kind == RiskUpdateRestart:
			update = &risks[i]
		}
	}
	for _, list := range [][]SessionView{snap.Sessions, snap.IdleRanking} {
		for i := range list {
			list[i].Next = nextOf(list[i], own, update, snap.Now)
		}
	}
	if v := snap.NextVictim; v != nil {
		v.Next = nextOf(*v, own, update, snap.Now)
	}
}
