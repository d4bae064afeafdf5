package governor

import (
	"fmt"
	"slices"
	"strings"
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

// RiskLabel is how every risk is labelled (words.RiskText puts it on).
const RiskLabel = "inferred by coworktop"

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

// Risk is one risk with its evidence.
type Risk struct {
	Kind    RiskKind `json:"kind"`
	Session string   `json:"session,omitempty"`
	// Sessions names every session a risk stops at once (update_restart).
	Sessions []string `json:"sessions,omitempty"`
	// Summary says it in one line, for the TUI, notifications and report.
	Summary string `json:"summary"`
	// Also are the kinds of the other risks of the same session, merged
	// into this one (oneRowPerSession).
	Also []RiskKind `json:"also,omitempty"`
	// Evidence lists what it is read from: log lines ("main.log:812"),
	// process scans and samples, with their times.
	Evidence []string `json:"evidence"`
	// Backed: every figure in Summary is logged or measured, none rests on
	// a guess (an estimated cap, a count the log did not give). Only backed
	// risks are sent as notifications.
	Backed bool `json:"backed"`
	// Short is the risk in a screen cell or one line ("paused 13:59 · RC
	// off", "evicted next (est.)"), made beside Summary so the two agree;
	// Due is when it comes, zero when no time is known (risk_short.go).
	Short string    `json:"-"`
	Due   time.Time `json:"-"`
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
	markAtRisk(snap, out)
	markNext(snap, out)
	return out
}

// oneRowPerSession merges the risks that name the same session into one,
// so a session has one risk row with every reason it has: the first (a
// backed one before one that is not) leads, the others follow its summary
// after "also:", their kinds in Also and their evidence after its own.
// Backed stays the lead's: a notification says only what is backed, and
// the reasons after it are labelled as what they are.
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
		lead.Summary += "; also: " + r.Summary
		if !r.Due.IsZero() && (lead.Due.IsZero() || r.Due.Before(lead.Due)) {
			lead.Due = r.Due
		}
		lead.Evidence = append(slices.Clip(lead.Evidence), r.Evidence...)
	}
	return out
}

// markAtRisk sets AtRisk on the sessions a warning names.
func markAtRisk(snap *Snapshot, risks []Risk) {
	at, why := map[string]RiskKind{}, map[string]string{}
	for _, r := range risks {
		if r.Kind == RiskWaitingAtRisk || slices.Contains(r.Also, RiskWaitingAtRisk) {
			why[r.Session] = r.Summary
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
	for _, list := range [][]SessionView{snap.Sessions, snap.IdleRanking} {
		for i := range list {
			list[i].AtRisk, list[i].AtRiskWhy = at[list[i].ID], why[list[i].ID]
		}
	}
	if v := snap.NextVictim; v != nil {
		v.AtRisk, v.AtRiskWhy = at[v.ID], why[v.ID]
	}
}

// warnings: the session the next warm spawn evicts, and those a pressure
// sweep would evict (2.x) now, or once free memory reaches the warning
// line in toWarning (negative: not on its way).
func warnings(snap *Snapshot, toWarning time.Duration) []Risk {
	var out []Risk
	capEv := "cap " + CapText(snap.Cap)
	if o := snap.Outlook; o.Action == "evict" && snap.NextVictim != nil {
		v := *snap.NextVictim
		out = append(out, Risk{Kind: RiskEvictNext, Session: v.ID, Backed: snap.Cap.Source == vocab.SourceLogged, Short: shortEvictNext,
			Summary: fmt.Sprintf("%s will be evicted at the next warm spawn: it has been idle %s", SessionName(v), vocab.FormatDuration(v.Idle)),
			Evidence: withPause([]string{capEv, fmt.Sprintf("%d live (coworktop's count)", snap.Live),
				"last activity " + v.LastActivity.Format(time.TimeOnly) + " (idle from it)"}, v)})
	}
	return append(out, sweepWarnings(snap, toWarning, capEv)...)
}

// sweepSoon: free memory reaching the warning line this soon starts a
// sweep "about to" happen.
const sweepSoon = 2 * time.Minute

// sweepWarnings: the sessions a 2.x pressure sweep would evict, least
// recently active first, down to cap-2. Under pressure the governor logged
// in the last 10 minutes they are backed (with a logged cap); when the
// pressure is only on its way (the memory trend reaches 5 % within
// sweepSoon) they are shown, never sent: the trend is an estimate.
func sweepWarnings(snap *Snapshot, toWarning time.Duration, capEv string) []Risk {
	if !snap.Rules.SweepEvicts || snap.Cap.Value == 0 {
		return nil
	}
	rules := fmt.Sprintf("app %s: a sweep evicts down to cap-2", ruleVersion(snap))
	level := snap.LoggedPressureNow()
	n, why, ev, backed := 0, "a memory-pressure sweep", []string{fmt.Sprintf("pressure %s logged %s", level, snap.PressureAt.Format(time.TimeOnly)), capEv, rules}, snap.Cap.Source == vocab.SourceLogged
	short, due := shortSweepNow, snap.Now
	switch {
	case level.Rank() >= host.PressureWarning.Rank():
		n = snap.Outlook.Sweep
	case toWarning >= 0 && toWarning <= sweepSoon:
		n = snap.Live - sweepTarget(snap.Cap.Value)
		why = fmt.Sprintf("the pressure sweep that would start when free memory reaches 5 %% in ~%s", vocab.FormatDuration(toWarning))
		ev, backed = []string{"the memory trend (" + RiskLabel + ")", capEv, rules}, false
		short, due = shortSweepIn(toWarning), snap.Now.Add(toWarning)
	}
	var out []Risk
	for _, v := range snap.IdleRanking {
		if len(out) >= min(n, maxSweepWarnings) {
			break
		}
		if mayBeVictim(v) {
			out = append(out, Risk{Kind: RiskPressureSweep, Session: v.ID, Backed: backed, Evidence: withPause(slices.Clip(ev), v), Short: short, Due: due,
				Summary: fmt.Sprintf("%s would be evicted by %s: it has been idle %s", SessionName(v), why, vocab.FormatDuration(v.Idle))})
		}
	}
	return out
}

// withPause adds what pausing v would free to a risk's evidence, when known.
func withPause(ev []string, v SessionView) []string {
	if p := pauseEvidence(v); p != "" {
		return append(ev, p)
	}
	return ev
}

func ruleVersion(snap *Snapshot) string {
	if snap.App.Version == "" {
		return "version unknown"
	}
	return snap.App.Version
}

// stallRisks: the main process stopped writing its heartbeat while the
// app runs, or logged an event-loop stall above stallRisk lately.
func (s *State) stallRisks(snap *Snapshot) []Risk {
	var out []Risk
	r := &s.risk
	if !r.heartbeatAt.IsZero() {
		alive, ev := r.heartbeatAt, "last [ScheduledTasks] line "+r.heartbeatRef.String()+" at "+r.heartbeatAt.Format(time.TimeOnly)
		for _, f := range snap.Files {
			if f.Name == "main.log" && f.LastLineAt.After(alive) {
				alive, ev = f.LastLineAt, "main.log last read a line at "+f.LastLineAt.Format(time.TimeOnly)
			}
		}
		running, how := s.appRunning(snap)
		if quiet := snap.Now.Sub(alive); running && quiet > heartbeatSilence {
			out = append(out, Risk{Kind: RiskAppStalled, Backed: true, Short: "the app has stalled: silent " + vocab.FormatDuration(quiet),
				Summary:  fmt.Sprintf("the app has stalled: no line for %s while it runs (it logs [ScheduledTasks] every 60 s)", vocab.FormatDuration(quiet)),
				Evidence: []string{ev, how}})
		}
	}
	if !r.stallAt.IsZero() && snap.Now.Sub(r.stallAt) <= stallRecent && !snap.Now.Before(r.stallAt) {
		out = append(out, Risk{Kind: RiskAppStalled, Backed: true,
			Short:    fmt.Sprintf("the app froze for %.1f s, %s ago", float64(r.stallMs)/1000, vocab.FormatDuration(snap.Now.Sub(r.stallAt))),
			Summary:  fmt.Sprintf("the app's main process blocked for %.1f s %s ago", float64(r.stallMs)/1000, vocab.FormatDuration(snap.Now.Sub(r.stallAt))),
			Evidence: []string{"[event-loop-stall] " + r.stallRef.String()}})
	}
	return out
}

// appRunning: a fresh process scan found the app, or (with no scan) the
// log shows it started and not quit since.
func (s *State) appRunning(snap *Snapshot) (bool, string) {
	if !snap.GroupsAt.IsZero() && snap.Now.Sub(snap.GroupsAt) <= scanFresh {
		if g, ok := group(snap, host.GroupClaudeApp); ok {
			return true, fmt.Sprintf("process scan %s: %s, %d processes", snap.GroupsAt.Format(time.TimeOnly), g.Name, g.Processes)
		}
		return false, ""
	}
	if s.risk.quitAt.After(s.risk.heartbeatAt) {
		return false, ""
	}
	return true, "no quit logged since its heartbeat (no process scan)"
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
	mem := "memory: no process scan to read it from"
	if g, ok := group(snap, host.GroupSessions); ok {
		mem = fmt.Sprintf("process scan %s: %s hold %s in %d processes in all (no record joins them to this session)",
			snap.GroupsAt.Format(time.TimeOnly), g.Name, figureText(g.RSS), g.Processes)
	}
	var out []Risk
	for _, v := range snap.Sessions {
		d, ok := s.risk.declined[v.ID]
		if !ok || !v.Live() {
			continue
		}
		ev := mem
		if m := v.Memory; m != nil {
			ev = fmt.Sprintf("process scan %s: its %d processes hold %s (%s)", snap.GroupsAt.Format(time.TimeOnly), m.Processes, vocab.FormatBytes(m.Bytes), m.Source)
		}
		out = append(out, Risk{Kind: RiskDeclinedPauses, Session: v.ID, Backed: true, Short: fmt.Sprintf("declined %d pauses", d.n),
			Summary:  fmt.Sprintf("%s has declined %d idle pauses in a row: its process is never reaped", SessionName(v), d.n),
			Evidence: []string{d.ref.String(), ev}})
	}
	return out
}

func figureText(f vocab.Figure) string {
	if !f.Known {
		return "an unreadable amount"
	}
	return vocab.FormatBytes(f.Value)
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
	for _, v := range snap.Sessions {
		if v.State == StatePaused {
			paused = append(paused, SessionName(v))
		}
	}
	if len(paused) == 0 {
		return Risk{}, false
	}
	if len(paused) > 3 {
		paused = append(paused[:3], fmt.Sprintf("%d more", len(paused)-3))
	}
	return Risk{Kind: RiskOrphans, Backed: true,
		Short: fmt.Sprintf("%d claude process(es) holding %s left behind, no session live", g.Processes, figureText(g.RSS)),
		Summary: fmt.Sprintf("%d claude process(es) holding %s run while no session is live: left behind by paused or evicted sessions",
			g.Processes, figureText(g.RSS)),
		Evidence: []string{fmt.Sprintf("process scan %s: %s, %d processes", snap.GroupsAt.Format(time.TimeOnly), g.Name, g.Processes),
			"no live session; paused: " + strings.Join(paused, ", ")}}, true
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
	return Risk{Kind: RiskVMAfterQuit, Backed: true,
		Short:   fmt.Sprintf("the Cowork VM still runs %s after the app quit", vocab.FormatDuration(snap.GroupsAt.Sub(q))),
		Summary: fmt.Sprintf("the Cowork VM still runs %s after the app quit, holding %s", vocab.FormatDuration(snap.GroupsAt.Sub(q)), figureText(vm.GuestMemory)),
		Evidence: []string{"app quit " + s.risk.quitRef.String() + " at " + q.Format(time.TimeOnly),
			fmt.Sprintf("process scan %s: %s, %d processes, no Claude app", snap.GroupsAt.Format(time.TimeOnly), vm.Name, vm.Processes)}}, true
}
