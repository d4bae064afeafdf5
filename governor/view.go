package governor

import (
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/vocab"
)

// Snapshot derives what the user sees as of now: idle times climb with the
// clock between log lines, so the same state read a minute later shows
// sessions a minute idler.
func (s *State) Snapshot(now time.Time) Snapshot {
	snap := Snapshot{
		Now:          now,
		App:          s.app,
		Pressure:     s.pressure,
		PressureText: s.pressureText(),
		PressureAt:   s.pressureAt,
		Counts:       s.counts,
		VM:           s.vm,
		Outcomes:     sharedNewestFirst(s.outcomes, &s.snapMemo.lists.outcomes),
		Groups:       s.placeHyperV(s.groups),
		GroupsAt:     s.groupsAt,
		Files:        s.sharedFiles(),
	}
	snap.AppHelpers = host.AppHelpers(snap.Groups)
	snap.MemorySamples = sharedItems(s.memory, &s.snapMemo.lists.memory)
	snap.MemoryTimes = sharedItems(s.memoryAt, &s.snapMemo.lists.memoryAt)
	snap.HostHistory = s.hostHistory.Items()
	snap.Log = s.logLines()
	snap.Losses, snap.LossCounts, snap.LostNow = s.sharedLosses(s.limits.Outcomes), s.LossCounts(), s.LostNow()
	if s.host != nil {
		h := *s.host
		snap.Host = &h
	}
	if snap.VM.State == event.VMBooting && !snap.VM.Downloading && !snap.VM.OpenSince.IsZero() && now.Sub(snap.VM.OpenSince) > stepStalledWhen {
		snap.VM.State = event.VMStalled
	}

	s.freshness(&snap)
	snap.CameBack = s.loss.cameBack
	var live int
	snap.Sessions, snap.IdleRanking, live = s.sessionViews(now, snap.Stale)
	snap.SessionsGen = s.sessionsGen(snap.Sessions)
	s.attachMemory(&snap)
	snap.NextVictim, snap.NextVictimPassed = nextVictim(snap.IdleRanking)
	snap.App.StuckQuit = s.stuckView()
	if snap.Memory != nil {
		snap.Memory.PauseFrees = pauseEstimate(snap.NextVictim)
	}
	snap.Rules = rulesFor(s.app.Version)

	snap.Live = live
	snap.EvictionsLastHour = s.evictionsSince(now.Add(-time.Hour))
	snap.Cap = s.capView()
	if !snap.Cap.At.IsZero() {
		snap.Cap.Age = max(0, now.Sub(snap.Cap.At))
	}
	snap.Effective = s.effectiveView(now)
	if snap.Stale {
		snap.Effective = EffectiveView{Source: vocab.SourceUnknown} // no count of a silent log is the present
	}
	snap.Outlook = outlook(snap)
	sweepOutlook(&snap.Outlook, snap)
	snap.Update = s.updateView(&snap)
	s.applyRecordsTo(&snap)
	if s.curRestart != nil {
		snap.Restart = s.restartView(s.curRestart, s.sessionNamesOf(&snap))
	}
	snap.Risks = s.risks(&snap)
	snap.Quota = quota.Figures(s.figuresQuota(now), now)
	snap.QuotaErrors = countsView(s.quotaErrors)
	snap.QuotaRefused = countsView(s.quotaRefused)
	s.applyShareTo(&snap)
	return snap
}

func (sess *session) view(now time.Time) SessionView {
	v := SessionView{
		ID: sess.id, Cwd: sess.cwd, Project: ProjectName(sess.cwd), State: sess.state,
		PauseReason: sess.pauseReason, PauseText: sess.pauseReason.String(), FirstSeen: sess.firstSeen, LastActivity: sess.lastActivity,
		Evictions: sess.evictions, RemoteControl: sess.remoteControl, Crashes: sess.crashes,
		GovernorIdleAt: sess.govIdleAt,
	}
	if sess.pauseReason == event.ReasonOther {
		v.PauseText = sess.pauseText
	}
	if !sess.live() {
		v.PauseWhy = sess.pauseWhy
	}
	if sess.remoteControl && sess.live() {
		v.Protected = ProtectedRemoteControl
	}
	v.Idle = max(0, now.Sub(sess.lastActivity))
	if sess.live() {
		v.State = StateWorking
		if v.Idle >= MinVictimIdle {
			v.State = StateIdle
		}
	}
	// Only a live session's idle timer runs: an evicted or paused one has
	// no timer counting down, whatever was armed before.
	// A timer that passed with no pause logged runs no more either: it
	// is shown as none, never as "due" for ever.
	if !sess.timerArmedAt.IsZero() && sess.live() && sess.timerArmedAt.Add(sess.timerTimeout).After(now) {
		v.TimerArmedAt, v.TimerTimeout = sess.timerArmedAt, sess.timerTimeout
		v.TimerRemaining = sess.timerArmedAt.Add(sess.timerTimeout).Sub(now)
	}
	return v
}

// evictionsSince counts the kept evictions logged after t, newest first
// until an older one.
func (s *State) evictionsSince(t time.Time) int {
	r := s.evictions
	n := 0
	for i := r.Len() - 1; i >= 0; i-- {
		if !r.At(i).Time.After(t) {
			break
		}
		n++
	}
	return n
}

// effectiveView is the governor's last logged count as of now, with its age.
func (s *State) effectiveView(now time.Time) EffectiveView {
	return s.effective.AsOf(now)
}

// AsOf is e as of now: its age, and whether it is still fresh. A view kept
// from an earlier snapshot (the status line keeps one between its runs)
// reads as Snapshot would read it at now.
func (e EffectiveView) AsOf(now time.Time) EffectiveView {
	if e.Source != vocab.SourceLogged {
		return EffectiveView{Source: vocab.SourceUnknown}
	}
	e.Age = max(0, now.Sub(e.At))
	e.Fresh = e.Age <= effectiveFresh
	return e
}

// capView: a logged cap= wins; otherwise the app's formula over the RAM we
// know (the host sampler's total live, the [process-memory] total in logs).
func (s *State) capView() CapView {
	if s.loggedCap > 0 {
		return CapView{Value: s.loggedCap, Source: vocab.SourceLogged, At: s.loggedCapAt}
	}
	var ram uint64
	if s.host != nil && s.host.Total.Known {
		ram = s.host.Total.Value
	}
	if ram == 0 && s.counts.TotalMB > 0 {
		ram = uint64(s.counts.TotalMB) << 20
	}
	if ram == 0 {
		return CapView{Source: vocab.SourceUnknown}
	}
	return CapView{Value: estimateCap(ram), Source: vocab.SourceEstimated}
}

// estimateCap is the app's formula: max(6, floor(RAM / 3 GiB)).
func estimateCap(ramBytes uint64) int { return max(capFloor, int(ramBytes/ramPerSession)) }

// outlook says what a warm spawn would meet now, by the rules of
// claude-logs.md §2.3: below the cap it starts; exactly at the cap it evicts
// the least recently active unprotected session idle ≥ 60 s, else it
// yields; over the cap it yields. It counts the live sessions
// (Snapshot.Live), the number the header and the Sessions pane show, and
// says so.
func outlook(s Snapshot) Outlook {
	if s.Stale || s.Cap.Value == 0 {
		return Outlook{Action: "unknown", Basis: basisLive, Count: s.Live}
	}
	n := s.Live
	o := Outlook{ToCap: s.Cap.Value - n, Headroom: s.Cap.Value - 2 - n, Basis: basisLive, Count: n}
	switch {
	case n < s.Cap.Value:
		o.Action = "start"
	case n == s.Cap.Value && s.NextVictim != nil:
		o.Action, o.Victim = "evict", s.NextVictim.ID
	default:
		o.Action = "yield"
	}
	return o
}
