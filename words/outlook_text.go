package words

import (
	"fmt"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/vocab"
)

// The outlook in words: what a warm spawn would meet now, and what a
// pressure sweep would do (governor.Outlook has the counts). Plain words
// (issue 36 #3): what the next session would meet, the governor's terms
// (warm spawn, yield, evict) in the help.

// OutlookSummary is the outlook in one line, for snapshot, report and the
// idle ranking's details; it counts the live sessions, and says so.
func OutlookSummary(s *governor.Snapshot) string {
	o := s.Outlook
	counted := fmt.Sprintf("%d live", o.Count)
	switch {
	case s.Stale:
		return "unknown: " + StaleText(s) + ", so no session is known to be live"
	case s.Cap.Value == 0:
		return "cap unknown: no cap= line logged and no RAM figure yet"
	case o.Action == "start":
		return fmt.Sprintf("room for %d more before the app pauses idle sessions (%s, cap %d)", o.ToCap, counted, s.Cap.Value)
	case o.Action == "evict" && s.NextVictim != nil:
		// Named as every row names it (issue 23 #5: a bare hex id as the
		// next victim said nothing), the id after it.
		who := governor.SessionName(*s.NextVictim)
		if short := vocab.ShortID(s.NextVictim.ID); who != short {
			who += " (" + short + ")"
		}
		return fmt.Sprintf("%s is at the cap: the next session would make the app pause %s, idle %s", counted, who, vocab.FormatDuration(s.NextVictim.Idle))
	case o.ToCap == 0:
		return fmt.Sprintf("%s is at the cap and no session has been idle 60 s: the app would start no session ahead of time", counted)
	}
	return fmt.Sprintf("%s is %d over the cap: the app starts no session ahead of time (the ones you start still start)", counted, -o.ToCap)
}

// SweepSummary says what a pressure sweep would do now, "" when none
// would run (SweepTo is set where the pressure and the count call one).
func SweepSummary(o governor.Outlook) string {
	if o.SweepTo == 0 {
		return ""
	}
	return fmt.Sprintf("under %s memory pressure the app would pause %d of %d idle session(s) to get down to %d (cap − 2: %s of its sweep)",
		o.SweepLevel, o.Sweep, o.SweepOf, o.SweepTo, governor.SweepReading)
}

// VictimBasis is what the next-victim estimate rests on, in every output.
const VictimBasis = "coworktop's estimate: the least recently active live session idle ≥ 60 s that nothing protects and its record does not show mid-turn"

// NextVictimWhy says what the next-victim estimate rests on: VictimBasis,
// what its record says where the governor's own line named it idle, and
// the longer idle sessions passed over; "" when there is none.
func NextVictimWhy(s *governor.Snapshot) string {
	v := s.NextVictim
	if v == nil {
		return ""
	}
	why := VictimBasis
	if v.Attention == record.AttentionBusy || v.Attention == record.AttentionWaiting {
		why += fmt.Sprintf("; its record says %s, but the governor's own line named it idle at %s", v.Attention, v.GovernorIdleAt.Format(time.TimeOnly))
	}
	if s.NextVictimPassed > 0 {
		why += fmt.Sprintf("; %d longer idle passed over: busy or waiting for you by their record, not idle to the governor", s.NextVictimPassed)
	}
	return why
}
