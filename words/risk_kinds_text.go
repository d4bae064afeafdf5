package words

import (
	"fmt"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// Each risk kind's words, said from its facts (governor.RiskFacts): its
// summary, its short form and its evidence lines.

// said is one risk's words.
type said struct {
	summary, short string
	evidence       []string
}

// The fixed short forms.
const (
	shortEvictNext = "evicted next (est.)"
	shortSweepNow  = "sweep evicts it (est.)"
	shortUpdate    = "update restart"
	shortLongWait  = "long wait: may lose its turn"
)

// riskWords says r by its kind.
func riskWords(r governor.Risk) said {
	switch r.Kind {
	case governor.RiskEvictNext:
		return evictNextWords(r)
	case governor.RiskPressureSweep:
		return sweepWords(r)
	case governor.RiskAppStalled:
		return appStalledWords(r)
	case governor.RiskDeclinedPauses:
		return declinedWords(r)
	case governor.RiskOrphans:
		return orphanWords(r)
	case governor.RiskVMAfterQuit:
		return vmAfterQuitWords(r)
	case governor.RiskMemoryTrend:
		return trendWords(r)
	case governor.RiskUpdateRestart:
		return updateRiskWords(r)
	case governor.RiskWaitingAtRisk:
		return waitingAtRiskWords(r)
	case governor.RiskStalled:
		return stalledWords(r)
	case governor.RiskWaitingLong:
		return waitingLongWords(r)
	case governor.RiskRemoteControlLost:
		return rcLostWords(r)
	default: // a kind with no words yet says its name
		return said{summary: r.Kind.String()}
	}
}

// shortRCOff is a session whose Remote Control the relaunch left off.
const shortRCOff = "RC off: pauses when idle"

// rcLostWords: a session back from an update restart (At, back at BackAt)
// without its Remote Control, and when its idle timer pauses it: Due by
// the logged timer (backed), about Due by coworktop's estimate (not
// backed), or no time.
func rcLostWords(r governor.Risk) said {
	head := governor.SessionName(r.View) + ": Remote Control was not turned back on after the " + r.At.Format("15:04") + " update"
	short := shortRCOff
	switch {
	case r.Due.IsZero():
		head += ": its idle timer pauses it 15 minutes after it is hidden and idle"
	case r.Backed:
		head += ": the idle timer pauses it at " + r.Due.Format("15:04") + " (in " + vocab.FormatDuration(r.PauseIn) + ")"
		short = "paused " + r.Due.Format("15:04") + " · RC off"
	default:
		head += ": if it stays hidden, its idle timer pauses it about " + r.Due.Format("15:04") +
			" (estimated by coworktop: 15 minutes after it came back at " + r.BackAt.Format("15:04") + ")"
		short = "paused ~" + r.Due.Format("15:04") + " · RC off"
	}
	return said{summary: head, short: short, evidence: []string{r.Ref, "no \"Enabling remote control for session\" line since"}}
}

func evictNextWords(r governor.Risk) said {
	v := r.View
	return said{short: shortEvictNext,
		summary: fmt.Sprintf("%s will be evicted at the next warm spawn: it has been idle %s", governor.SessionName(v), vocab.FormatDuration(v.Idle)),
		evidence: withPause([]string{"cap " + CapText(r.Cap), fmt.Sprintf("%d live (coworktop's count)", r.Live),
			"last activity " + v.LastActivity.Format(time.TimeOnly) + " (idle from it)"}, v)}
}

func sweepWords(r governor.Risk) said {
	v := r.View
	version := r.Version
	if version == "" {
		version = "version unknown"
	}
	rules := fmt.Sprintf("app %s: a sweep evicts down to cap-2", version)
	why, short := "a memory-pressure sweep", shortSweepNow
	ev := []string{fmt.Sprintf("pressure %s logged %s", r.Level, r.At.Format(time.TimeOnly)), "cap " + CapText(r.Cap), rules}
	if r.SweepComing() {
		why = fmt.Sprintf("the pressure sweep that would start when free memory reaches 5 %% in ~%s", vocab.FormatDuration(r.Soon))
		ev[0], short = "the memory trend ("+RiskLabel+")", sweepShort(r)
	}
	return said{short: short, evidence: withPause(ev, v),
		summary: fmt.Sprintf("%s would be evicted by %s: it has been idle %s", governor.SessionName(v), why, vocab.FormatDuration(v.Idle))}
}

// sweepShort is a sweep's short form: here, or in ~8m.
func sweepShort(r governor.Risk) string {
	if !r.SweepComing() {
		return shortSweepNow
	}
	return "sweep in ~" + vocab.ShortDuration(r.Soon) + " (est.)"
}

// withPause adds what pausing v would free to a risk's evidence, when known.
func withPause(ev []string, v governor.SessionView) []string {
	if t := governor.PauseFreesText(v); t != "" {
		return append(ev, t+" ("+governor.PauseFreesLabel+")")
	}
	return ev
}

func appStalledWords(r governor.Risk) said {
	if r.Blocked {
		blocked := float64(r.For.Milliseconds()) / 1000
		return said{evidence: []string{"[event-loop-stall] " + r.Ref},
			short:   fmt.Sprintf("the app froze for %.1f s, %s ago", blocked, vocab.FormatDuration(r.Ago)),
			summary: fmt.Sprintf("the app's main process blocked for %.1f s %s ago", blocked, vocab.FormatDuration(r.Ago))}
	}
	ev := "last [ScheduledTasks] line " + r.Ref + " at " + r.At.Format(time.TimeOnly)
	if !r.LineAt.IsZero() {
		ev = "main.log last read a line at " + r.LineAt.Format(time.TimeOnly)
	}
	how := "no quit logged since its heartbeat (no process scan)"
	if g := r.Group; g != nil {
		how = fmt.Sprintf("process scan %s: %s, %d processes", r.ScanAt.Format(time.TimeOnly), g.Name, g.Processes)
	}
	return said{short: "the app has stalled: silent " + vocab.FormatDuration(r.For), evidence: []string{ev, how},
		summary: fmt.Sprintf("the app has stalled: no line for %s while it runs (it logs [ScheduledTasks] every 60 s)", vocab.FormatDuration(r.For))}
}

func declinedWords(r governor.Risk) said {
	ev := "memory: no process scan to read it from"
	if g := r.Group; g != nil {
		ev = fmt.Sprintf("process scan %s: %s hold %s in %d processes in all (no record joins them to this session)",
			r.ScanAt.Format(time.TimeOnly), g.Name, figureText(g.RSS), g.Processes)
	}
	if m := r.View.Memory; m != nil {
		ev = fmt.Sprintf("process scan %s: its %d processes hold %s (%s)", r.ScanAt.Format(time.TimeOnly), m.Processes, vocab.FormatBytes(m.Bytes), m.Source)
	}
	return said{short: fmt.Sprintf("declined %d pauses", r.Count), evidence: []string{r.Ref, ev},
		summary: fmt.Sprintf("%s has declined %d idle pauses in a row: its process is never reaped", governor.SessionName(r.View), r.Count)}
}

func figureText(f vocab.Figure) string {
	if !f.Known {
		return "an unreadable amount"
	}
	return vocab.FormatBytes(f.Value)
}

func orphanWords(r governor.Risk) said {
	g, paused := r.Group, r.Names
	if len(paused) > 3 {
		paused = append(paused[:3:3], fmt.Sprintf("%d more", len(paused)-3))
	}
	return said{
		short: fmt.Sprintf("%d claude process(es) holding %s left behind, no session live", g.Processes, figureText(g.RSS)),
		summary: fmt.Sprintf("%d claude process(es) holding %s run while no session is live: left behind by paused or evicted sessions",
			g.Processes, figureText(g.RSS)),
		evidence: []string{fmt.Sprintf("process scan %s: %s, %d processes", r.ScanAt.Format(time.TimeOnly), g.Name, g.Processes),
			"no live session; paused: " + strings.Join(paused, ", ")}}
}

func vmAfterQuitWords(r governor.Risk) said {
	vm := r.Group
	return said{
		short:   fmt.Sprintf("the Cowork VM still runs %s after the app quit", vocab.FormatDuration(r.For)),
		summary: fmt.Sprintf("the Cowork VM still runs %s after the app quit, holding %s", vocab.FormatDuration(r.For), figureText(vm.GuestMemory)),
		evidence: []string{"app quit " + r.Ref + " at " + r.At.Format(time.TimeOnly),
			fmt.Sprintf("process scan %s: %s, %d processes, no Claude app", r.ScanAt.Format(time.TimeOnly), vm.Name, vm.Processes)}}
}

func updateRiskWords(r governor.Risk) said {
	v := r.Update
	ev := []string{v.Evidence}
	if !v.LastDeferral.IsZero() {
		ev = append(ev, "last deferral "+v.LastDeferral.Format(time.DateTime))
	}
	return said{short: shortUpdate, summary: UpdateSummary(v) + "; " + UpdateWhen(v), evidence: ev}
}
