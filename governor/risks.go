package governor

import (
	"slices"
	"time"

	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// Risks are what coworktop infers is about to go wrong, live: each is
// shown only with the evidence it is read from, and labelled as
// coworktop's inference, never as something the app said.

// RiskKind names a risk. The values are stable: they are the metrics'
// kind label and report --json's.
type RiskKind int8

// Risk kinds.
const (
	RiskNone              RiskKind = iota // no risk: "" in the outputs, left out where optional
	RiskAppStalled                        // "app_stalled": the main process stopped logging, or blocked for seconds
	RiskDeclinedPauses                    // "declined_pauses": a session that declines its idle pauses is never reaped
	RiskOrphans                           // "orphans": claude processes left behind by paused or evicted sessions
	RiskVMAfterQuit                       // "vm_after_quit": the Cowork VM still runs after the app quit
	RiskMemoryTrend                       // "memory_trend": free memory falls towards the governor's 5 % and 2 % lines
	RiskEvictNext                         // "evict_next": the next warm spawn evicts this session
	RiskPressureSweep                     // "pressure_sweep": a pressure sweep would evict this session
	RiskUpdateRestart                     // "update_restart": an update waits to install: its restart stops every live session
	RiskWaitingAtRisk                     // "waiting_at_risk": it waits for the person and is the next victim, in a sweep's way or near its idle pause
	RiskRemoteControlLost                 // "remote_control_lost": an update restart stopped it and the relaunch did not turn its Remote Control back on: its idle timer pauses it
	RiskStalled                           // "stalled": its record says busy, and neither it nor the log moved for the threshold (stalled.go)
	RiskWaitingLong                       // "waiting_long": it has waited for the person past the threshold (stalled.go)
)

// riskKindNames are the kinds' stable texts.
var riskKindNames = [...]string{
	RiskAppStalled: "app_stalled", RiskDeclinedPauses: "declined_pauses", RiskOrphans: "orphans", RiskVMAfterQuit: "vm_after_quit",
	RiskMemoryTrend: "memory_trend", RiskEvictNext: "evict_next", RiskPressureSweep: "pressure_sweep",
	RiskUpdateRestart: "update_restart", RiskWaitingAtRisk: "waiting_at_risk", RiskRemoteControlLost: "remote_control_lost",
	RiskStalled: "stalled", RiskWaitingLong: "waiting_long",
}

// RiskKinds lists every kind in the order outputs show them.
var RiskKinds = [...]RiskKind{RiskEvictNext, RiskPressureSweep, RiskUpdateRestart, RiskRemoteControlLost, RiskMemoryTrend, RiskAppStalled, RiskDeclinedPauses, RiskOrphans, RiskVMAfterQuit, RiskWaitingAtRisk, RiskStalled, RiskWaitingLong}

// maxSweepWarnings bounds the sessions a sweep warning names one by one
// (the outlook says how many it would evict in all).
const maxSweepWarnings = 3

// VMBundleDeletedText is "[deleteVMBundle] Deleted rootfs.vhdx" in words:
// the app deleted the VM's disk, and what was on it is lost.
const VMBundleDeletedText = "the app deleted the Cowork VM's disk (data on it is lost)"

// Thresholds of the risks (claude-logs.md §7.6; #85104).
const (
	// heartbeatSilence: [ScheduledTasks] writes a line every 60 s while the
	// main process runs; more silence than this means it has stalled.
	heartbeatSilence = 150 * time.Second
	// stallRisk: an event-loop stall longer than this is a risk…
	stallRisk = time.Second
	// stallRecent: …for this long after it was logged.
	stallRecent = 10 * time.Minute
	// scanFresh: a process scan older than this says nothing about now.
	scanFresh = 30 * time.Second
	// quitGrace: the VM may take this long to stop after a quit.
	quitGrace = 30 * time.Second
)

// Risk is one risk: what it is, whom it stops, whether it is backed, and
// the facts it is said from. The sentences, the short forms and the
// evidence lines are words' (words/risk_text.go, risk_facts_text.go): a
// figure is computed here once and said there.
type Risk struct {
	Kind    RiskKind
	Session string
	// Sessions names every session a risk stops at once (update_restart).
	Sessions []string
	// Merged are the other risks of the same session, merged into this
	// one (oneRowPerSession), in order; Also are their kinds.
	Merged []Risk
	Also   []RiskKind
	// Backed: every figure it states is logged or measured, none rests on
	// a guess (an estimated cap, a count the log did not give). Only backed
	// risks are sent as notifications.
	Backed bool
	// Due is when it comes, zero when no time is known.
	Due time.Time

	// Summary, Short and Evidence are a risk's words where they came as
	// words: read back from snapshot --json. Empty otherwise: words says
	// the risk from its facts.
	Summary  string
	Short    string
	Evidence []string

	RiskFacts
}

// RiskFacts are what a risk is read from, by kind; a field its kind does
// not name is zero.
type RiskFacts struct {
	// View is the session it names.
	View SessionView
	// Cap is the cap an eviction follows, Live coworktop's count of live
	// sessions (evict_next, pressure_sweep).
	Cap  CapView
	Live int
	// Version is the app version whose rules say a sweep evicts ("" when
	// unknown), Level the pressure logged at At (pressure_sweep).
	Version string
	Level   host.PressureLevel
	// Soon: free memory reaches the warning line in this long, and the
	// sweep comes then (pressure_sweep, waiting_at_risk, when SweepComing).
	Soon time.Duration
	// At is when it was read: the pressure's line, the last heartbeat, the
	// event-loop stall, the quit, the busy record's last move, the update
	// restart (remote_control_lost, whose session came back at BackAt).
	At     time.Time
	BackAt time.Time
	// LineAt is main.log's last line, when it is later than the heartbeat
	// (app_stalled).
	LineAt time.Time
	// For is how long: silent or blocked (app_stalled), after the quit
	// (vm_after_quit), busy and silent (stalled), waited (waiting_long,
	// waiting_at_risk); Ago how long ago the event-loop stall was.
	For time.Duration
	Ago time.Duration
	// Blocked: the event loop blocked For (app_stalled), not silence.
	Blocked bool
	// Count is the pauses declined in a row (declined_pauses).
	Count int
	// Ref is the log line it is read from ("main.log:812").
	Ref string
	// Group is the process scan's group it is read from, taken at ScanAt
	// (nil: no fresh scan says it).
	Group  *host.ProcessGroup
	ScanAt time.Time
	// Names are the paused sessions (orphans).
	Names []string
	// Threshold is the stall's or the wait's (stalled, waiting_long);
	// Seen: the busy record gives no time of its own, At is when
	// coworktop first read it busy.
	Threshold time.Duration
	Seen      bool
	// IsNext: the session is the next victim; MidTurn: it is mid-turn,
	// not idle to the governor (stalled, waiting_long, waiting_at_risk).
	IsNext  bool
	MidTurn bool
	// Sweep: a pressure sweep would evict it; PauseIn: its idle pause
	// comes this soon (also remote_control_lost's, by its logged timer); ShortOf: the reason its short form says, the first
	// to come (waiting_at_risk).
	Sweep   bool
	PauseIn time.Duration
	ShortOf RiskKind
	// Trend is the memory trend's fit (memory_trend).
	Trend *Trend
	// Update is the update waiting to install (update_restart).
	Update *UpdateView
}

// SessionName is how a risk or a warning names a session: its title
// (from its record), else its project, else its short id.
func SessionName(v SessionView) string {
	if v.Title != "" {
		return v.Title
	}
	if v.Project != "" {
		return v.Project
	}
	return vocab.ShortID(v.ID)
}

// risks derives the risks of snap (whose sessions, outlook and samples are
// already filled in) and marks the sessions at risk.
func (s *State) risks(snap *Snapshot) []Risk {
	var out []Risk
	trend, toWarning, trendOK := memoryTrend(snap)
	out = append(out, warnings(snap, toWarning)...)
	if snap.Update != nil {
		out = append(out, updateRisk(snap.Update))
	}
	out = append(out, rcLostRisks(snap)...)
	out = append(waitingRisks(snap, out), out...)
	if trendOK {
		out = append(out, trend)
	}
	out = append(out, s.stallRisks(snap)...)
	out = append(out, s.stalledRisks(snap)...)
	out = append(out, s.declinedRisks(snap)...)
	if r, ok := orphanRisk(snap); ok {
		out = append(out, r)
	}
	if r, ok := s.vmAfterQuit(snap); ok {
		out = append(out, r)
	}
	out = oneRowPerSession(out)
	markAtRisk(snap, out, s.rowsOf(snap))
	markNext(snap, out)
	return out
}

// oneRowPerSession merges the risks that name the same session into one,
// so a session has one risk row with every reason it has: the first (a
// backed one before one that is not) leads, the others follow it in
// Merged, their kinds in Also. Backed stays the lead's: a notification
// says only what is backed, and the reasons after it are labelled as
// what they are.
func oneRowPerSession(risks []Risk) []Risk {
	first := map[string]int{}
	out := risks[:0:0]
	for _, r := range risks {
		i, seen := first[r.Session]
		if r.Session == "" || !seen {
			if r.Session != "" {
				first[r.Session] = len(out)
			}
			out = append(out, r)
			continue
		}
		lead := &out[i]
		if r.Backed && !lead.Backed {
			r, *lead = *lead, r
		}
		lead.Also = append(append(lead.Also, r.Kind), r.Also...) // r may have led a merge before
		merged := r.Merged
		r.Merged, r.Also = nil, nil
		lead.Merged = append(append(slices.Clip(lead.Merged), r), merged...)
		if !r.Due.IsZero() && (lead.Due.IsZero() || r.Due.Before(lead.Due)) {
			lead.Due = r.Due
		}
	}
	return out
}

// markAtRisk sets AtRisk on the sessions a warning names, and AtRiskBy on
// those a waiting risk names.
func markAtRisk(snap *Snapshot, risks []Risk, rows *rowIndex) {
	at, by := map[string]RiskKind{}, map[string]*Risk{}
	for i, r := range risks {
		if r.Kind == RiskWaitingAtRisk || slices.Contains(r.Also, RiskWaitingAtRisk) {
			by[r.Session] = &risks[i]
		}
		if r.Session != "" && (r.Kind == RiskEvictNext || r.Kind == RiskPressureSweep || r.Kind == RiskWaitingAtRisk) {
			if _, ok := at[r.Session]; !ok {
				at[r.Session] = r.Kind
			}
		}
	}
	if len(at) == 0 {
		return
	}
	// The views come with neither set: only the rows of the few sessions
	// named are written, found by id, not every listed row (issue 52).
	mark := func(id string) {
		if i, ok := rows.row(id); ok {
			snap.Sessions[i].AtRisk, snap.Sessions[i].AtRiskBy = at[id], by[id]
		}
	}
	for id := range at {
		mark(id)
	}
	for id := range by {
		mark(id)
	}
	for i := range snap.IdleRanking {
		v := &snap.IdleRanking[i]
		v.AtRisk, v.AtRiskBy = at[v.ID], by[v.ID]
	}
	if v := snap.NextVictim; v != nil {
		v.AtRisk, v.AtRiskBy = at[v.ID], by[v.ID]
	}
}

// warnings: the session the next warm spawn evicts, and those a pressure
// sweep would evict (2.x) now, or once free memory reaches the warning
// line in toWarning (negative: not on its way).
func warnings(snap *Snapshot, toWarning time.Duration) []Risk {
	var out []Risk
	if o := snap.Outlook; o.Action == "evict" && snap.NextVictim != nil {
		v := *snap.NextVictim
		out = append(out, Risk{Kind: RiskEvictNext, Session: v.ID, Backed: snap.Cap.Source == vocab.SourceLogged,
			RiskFacts: RiskFacts{View: v, Cap: snap.Cap, Live: snap.Live}})
	}
	return append(out, sweepWarnings(snap, toWarning)...)
}

// sweepSoon: free memory reaching the warning line this soon starts a
// sweep "about to" happen.
const sweepSoon = 2 * time.Minute

// sweepWarnings: the sessions a 2.x pressure sweep would evict, least
// recently active first, down to cap-2. Under pressure the governor logged
// in the last 10 minutes they are backed (with a logged cap); when the
// pressure is only on its way (the memory trend reaches 5 % within
// sweepSoon) they are shown, never sent: the trend is an estimate.
func sweepWarnings(snap *Snapshot, toWarning time.Duration) []Risk {
	if !snap.Rules.SweepEvicts || snap.Cap.Value == 0 {
		return nil
	}
	level := snap.LoggedPressureNow()
	f := RiskFacts{Cap: snap.Cap, Version: snap.App.Version, Level: level, At: snap.PressureAt}
	n, backed, due := 0, snap.Cap.Source == vocab.SourceLogged, snap.Now
	switch {
	case level.Rank() >= host.PressureWarning.Rank():
		n = snap.Outlook.Sweep
	case toWarning >= 0 && toWarning <= sweepSoon:
		n = snap.Live - sweepTarget(snap.Cap.Value)
		f.Soon, backed, due = toWarning, false, snap.Now.Add(toWarning)
	}
	var out []Risk
	for _, v := range snap.IdleRanking {
		if len(out) >= min(n, maxSweepWarnings) {
			break
		}
		if mayBeVictim(v) {
			f.View = v
			out = append(out, Risk{Kind: RiskPressureSweep, Session: v.ID, Backed: backed, Due: due, RiskFacts: f})
		}
	}
	return out
}

// stallRisks: the main process stopped writing its heartbeat while the
// app runs, or logged an event-loop stall above stallRisk lately.
func (s *State) stallRisks(snap *Snapshot) []Risk {
	var out []Risk
	r := &s.risk
	if !r.heartbeatAt.IsZero() {
		f := RiskFacts{At: r.heartbeatAt, Ref: r.heartbeatRef.String()}
		alive := r.heartbeatAt
		for _, file := range snap.Files {
			if file.Name == "main.log" && file.LastLineAt.After(alive) {
				alive, f.LineAt = file.LastLineAt, file.LastLineAt
			}
		}
		running, g := s.appRunning(snap)
		if quiet := snap.Now.Sub(alive); running && quiet > heartbeatSilence {
			f.For, f.Group, f.ScanAt = quiet, g, snap.GroupsAt
			out = append(out, Risk{Kind: RiskAppStalled, Backed: true, RiskFacts: f})
		}
	}
	if !r.stallAt.IsZero() && snap.Now.Sub(r.stallAt) <= stallRecent && !snap.Now.Before(r.stallAt) {
		out = append(out, Risk{Kind: RiskAppStalled, Backed: true, RiskFacts: RiskFacts{At: r.stallAt, Ref: r.stallRef.String(),
			For: time.Duration(r.stallMs) * time.Millisecond, Ago: snap.Now.Sub(r.stallAt), Blocked: true}})
	}
	return out
}

// appRunning: a fresh process scan found the app (its group), or (with
// no scan) the log shows it started and not quit since (nil).
func (s *State) appRunning(snap *Snapshot) (bool, *host.ProcessGroup) {
	if !snap.GroupsAt.IsZero() && snap.Now.Sub(snap.GroupsAt) <= scanFresh {
		if g, ok := group(snap, host.GroupClaudeApp); ok {
			return true, &g
		}
		return false, nil
	}
	if s.risk.quitAt.After(s.risk.heartbeatAt) {
		return false, nil
	}
	return true, nil
}

func group(snap *Snapshot, kind host.GroupKind) (host.ProcessGroup, bool) {
	for _, g := range snap.Groups {
		if g.Kind == kind && g.Processes > 0 {
			return g, true
		}
	}
	return host.ProcessGroup{}, false
}

// declinedRisks: live sessions that keep declining their idle pauses.
func (s *State) declinedRisks(snap *Snapshot) []Risk {
	if len(s.risk.declined) == 0 {
		return nil
	}
	var sessions *host.ProcessGroup
	if g, ok := group(snap, host.GroupSessions); ok {
		sessions = &g
	}
	var out []Risk
	for i := range snap.Sessions {
		v := &snap.Sessions[i]
		d, ok := s.risk.declined[v.ID]
		if !ok || !v.Live() {
			continue
		}
		out = append(out, Risk{Kind: RiskDeclinedPauses, Session: v.ID, Backed: true,
			RiskFacts: RiskFacts{View: *v, Count: d.n, Ref: d.ref.String(), Group: sessions, ScanAt: snap.GroupsAt}})
	}
	return out
}

// orphanRisk: claude processes run while no session is live and some were
// paused or evicted. The scan cannot say which session a process belongs
// to, so only this case, where none can be live, is backed.
func orphanRisk(snap *Snapshot) (Risk, bool) {
	if snap.GroupsAt.IsZero() || snap.Now.Sub(snap.GroupsAt) > scanFresh || snap.Live > 0 {
		return Risk{}, false
	}
	g, ok := group(snap, host.GroupSessions)
	if !ok {
		return Risk{}, false
	}
	var paused []string
	for i := range snap.Sessions {
		if v := &snap.Sessions[i]; v.State == StatePaused {
			paused = append(paused, SessionName(*v))
		}
	}
	if len(paused) == 0 {
		return Risk{}, false
	}
	return Risk{Kind: RiskOrphans, Backed: true, RiskFacts: RiskFacts{Group: &g, ScanAt: snap.GroupsAt, Names: paused}}, true
}

// vmAfterQuit: the app quit and a later process scan still finds the
// Cowork VM, and not the app.
func (s *State) vmAfterQuit(snap *Snapshot) (Risk, bool) {
	q := s.risk.quitAt
	if q.IsZero() || snap.GroupsAt.Before(q.Add(quitGrace)) || snap.Now.Sub(snap.GroupsAt) > scanFresh {
		return Risk{}, false
	}
	vm, ok := group(snap, host.GroupCowork)
	if _, app := group(snap, host.GroupClaudeApp); !ok || app {
		return Risk{}, false
	}
	return Risk{Kind: RiskVMAfterQuit, Backed: true, RiskFacts: RiskFacts{For: snap.GroupsAt.Sub(q), At: q, Ref: s.risk.quitRef.String(),
		Group: &vm, ScanAt: snap.GroupsAt}}, true
}

// SweepComing says a pressure sweep's risk is on its way (the memory
// trend reaches the warning line in Soon), not here (the pressure logged).
func (f RiskFacts) SweepComing() bool { return f.Level.Rank() < host.PressureWarning.Rank() }
