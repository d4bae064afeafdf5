package governor

import (
	"github.com/coworktop/coworktop/record"
	"time"
)

// A session busy but silent, and one that waits too long (field §4.3):
// where its record says busy and neither the record nor the log has moved
// for StallAfter (899–900 s is the stream timeout users report, #88178),
// it is stalled; where it waits for the person past WaitLongAfter (an
// unanswered prompt ended in an AbortError and lost work after 5 h,
// #87366), the wait is escalated. Both are risks; neither is idle to the
// governor, which does not count a session mid-turn (claude-logs.md §2.4),
// unless its own line named it idle (busyToGovernor).

// Default thresholds (State.SetStallThresholds changes them).
const (
	DefaultStallAfter    = 5 * time.Minute
	DefaultWaitLongAfter = 30 * time.Minute
)

// SetStallThresholds sets when a busy session's silence is a stall and
// when a wait is long; zero keeps the default.
func (s *State) SetStallThresholds(stall, waitLong time.Duration) {
	s.stallAfter, s.waitLongAfter = stall, waitLong
}

func (s *State) thresholds() (stall, waitLong time.Duration) {
	stall, waitLong = s.stallAfter, s.waitLongAfter
	if stall <= 0 {
		stall = DefaultStallAfter
	}
	if waitLong <= 0 {
		waitLong = DefaultWaitLongAfter
	}
	return stall, waitLong
}

// busyMark is when a busy record last moved: its updatedAt, or (a record
// that gives none) when coworktop first read it busy.
type busyMark struct {
	moved  time.Time
	source record.Source // FromCodeRecord (updatedAt) or FromSeen
}

// keepBusy is id's mark in a reading at: the record's own time when it
// gives one, else the mark already running, else this reading.
func (rs *recordState) keepBusy(id string, updated, at time.Time) busyMark {
	if !updated.IsZero() && !updated.After(at) {
		return busyMark{moved: updated, source: record.FromCodeRecord}
	}
	if b, ok := rs.busy[id]; ok && b.source == record.FromSeen {
		return b
	}
	return busyMark{moved: at, source: record.FromSeen}
}

// stalledRisks: live sessions busy by their record whose record and log
// have both been still past the threshold, and waits past theirs.
func (s *State) stalledRisks(snap *Snapshot) []Risk {
	stall, waitLong := s.thresholds()
	var out []Risk
	for i := range snap.Sessions {
		v := &snap.Sessions[i] // a view is 400 bytes: not copied for the few that count
		// A session of a silent log (StateUnknown) whose live record says
		// busy or waiting counts: the record, not the log, says so.
		if !v.Live() && v.State != StateUnknown {
			continue
		}
		switch v.Attention {
		case record.AttentionBusy:
			b, ok := s.records.busy[v.ID]
			if !ok {
				continue
			}
			last := b.moved
			if v.LastActivity.After(last) {
				last = v.LastActivity
			}
			quiet := snap.Now.Sub(last)
			if quiet < stall {
				continue
			}
			f := governorSees(snap, *v)
			f.For, f.At, f.Seen, f.Threshold = quiet, b.moved, b.source == record.FromSeen, stall
			out = append(out, Risk{Kind: RiskStalled, Session: v.ID, Backed: b.source == record.FromCodeRecord, RiskFacts: f})
		case record.AttentionWaiting:
			if v.WaitingSince.IsZero() || snap.Now.Sub(v.WaitingSince) < waitLong {
				continue
			}
			f := governorSees(snap, *v)
			f.For, f.Threshold = snap.Now.Sub(v.WaitingSince), waitLong
			out = append(out, Risk{Kind: RiskWaitingLong, Session: v.ID, Backed: v.WaitingSinceSource == record.FromCodeRecord, RiskFacts: f})
		}
	}
	return out
}

// governorSees is what the governor makes of a session that does nothing
// it can see: the next victim, mid-turn (not idle to it), or idle to it;
// with the session.
func governorSees(snap *Snapshot, v SessionView) RiskFacts {
	return RiskFacts{View: v, IsNext: snap.NextVictim != nil && snap.NextVictim.ID == v.ID, MidTurn: busyToGovernor(v)}
}
