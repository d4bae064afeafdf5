package governor

import (
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/record"
)

// Rules are how the governor of the app version that wrote the log
// behaves, as far as coworktop's estimates need (claude-logs.md §2.3, §2.4,
// §7.5). What the app logs always wins over them.
type Rules struct {
	// Generation is the app's major version: 1 (mid-2026) or 2 (2.x).
	Generation int `json:"generation"`
	// SweepEvicts: a memory-pressure signal really evicts idle sessions,
	// down to cap − 2 (2.x). In 1.x the pressure line only says what it
	// would evict.
	SweepEvicts bool `json:"sweep_evicts"`
}

// rulesFor returns the rules of an app version ("2.110.0"); an unknown
// version gets 1.x's, the ones documented from the app's own code.
func rulesFor(version string) Rules {
	major := 0
	for i := 0; i < len(version) && version[i] >= '0' && version[i] <= '9' && major < 1000; i++ {
		major = major*10 + int(version[i]-'0')
	}
	if major >= 2 {
		return Rules{Generation: 2, SweepEvicts: true}
	}
	return Rules{Generation: 1}
}

// sweepTarget is where a pressure sweep stops: cap − 2, at least one.
func sweepTarget(cap int) int { return max(1, cap-2) }

// mayBeVictim: the governor picks only live sessions idle at least
// MinVictimIdle that nothing protects and that are not mid-turn (a running
// turn is never chosen: busyToGovernor).
func mayBeVictim(v SessionView) bool {
	return v.Live() && v.Idle >= MinVictimIdle && v.Protected == "" && !busyToGovernor(v)
}

// busyToGovernor: the session's record says it is busy, or waits for the
// person's approval (its turn waits on a tool): mid-turn, which the
// governor does not count as idle (claude-logs.md §2.4), however long
// the log has been silent. The governor's own line that named it idle
// since its last activity (an at-cap or pressure line with its idle
// figure) wins over the record.
func busyToGovernor(v SessionView) bool {
	if v.Attention != record.AttentionBusy && v.Attention != record.AttentionWaiting {
		return false
	}
	return v.GovernorIdleAt.IsZero() || v.GovernorIdleAt.Before(v.LastActivity)
}

// nextVictim is the first session of the idle ranking (longest idle first)
// the governor may pick, and how many longer idle it passed over:
// protected sessions and those mid-turn by their record are.
func nextVictim(ranking []SessionView) (*SessionView, int) {
	passed := 0
	for i := range ranking {
		v := ranking[i]
		if mayBeVictim(v) {
			return &v, passed
		}
		if v.Live() && v.Idle >= MinVictimIdle && v.Protected == "" {
			passed++
		}
	}
	return nil, 0
}

// SweepReading labels cap − 2 as coworktop's reading of the sweep's
// target: the app logs "down to" no figure and advises nothing.
const SweepReading = "coworktop's reading"

// sweepOutlook adds what a pressure sweep would do now under 2.x rules:
// evict idle unprotected sessions, least recently active first, until the
// effective count is down to cap − 2.
func sweepOutlook(o *Outlook, s Snapshot) {
	level := s.LoggedPressureNow() // a level older than pressureFreshFor starts no sweep
	if !s.Rules.SweepEvicts || level.Rank() < host.PressureWarning.Rank() || s.Cap.Value == 0 {
		return
	}
	over := s.Live - sweepTarget(s.Cap.Value) // the outlook's count (Outlook.Basis)
	if over <= 0 {
		return
	}
	candidates := 0
	for _, v := range s.IdleRanking {
		if mayBeVictim(v) {
			candidates++
		}
	}
	o.Sweep, o.SweepOf, o.SweepTo, o.SweepLevel = min(over, candidates), candidates, sweepTarget(s.Cap.Value), level
}
