package governor

import (
	"fmt"
	"strings"
	"time"
)

// An update waiting to install, and the restart it brings: the app
// downloads an update, then defers restarting for it while a session is
// working ("[updater] Deferring auto-restart after 74 hours: Claude is
// working", every ~10 min), until it restarts itself and every session
// stops (claude-logs.md §7.3, §7.7; #92196, #94691).

// UpdateWhenText is the one wording, in every output, of when the update
// restart comes: no public source gives the app's deferral limit, so
// anything said about when is coworktop's estimate.
// Plain words only (no apostrophe, no dash): notifications keep no other.
const UpdateWhenText = "when: estimated by coworktop (no public source gives the app deferral limit)"

// pendingUpdate is what the updater's lines say about an update not yet
// installed.
type pendingUpdate struct {
	version      string
	since        time.Time // when it was downloaded, or as the app's deferral count puts it
	sinceLogged  bool      // since is the "Update downloaded" line's own time
	deferrals    int
	lastDeferral time.Time
	ref          lineRef   // the line that says it is pending
	restartAt    time.Time // the app logged that it restarts for it
}

// active: an update is pending and its restart has not been logged.
func (p *pendingUpdate) active() bool {
	return (p.version != "" || p.deferrals > 0) && p.restartAt.IsZero()
}

// applyPending folds the updater's "downloaded", "staged" and
// "deferring" lines.
func (s *State) applyPending(e *Event) {
	p, det := &s.pending, e.Details()
	if det.Version != "" && p.version != "" && det.Version != p.version || !p.restartAt.IsZero() {
		*p = pendingUpdate{} // another update, or the last one's restart came and went
	}
	p.ref = lineRef{e.File, e.Line}
	switch e.Kind {
	case KindUpdateReady, KindUpdateStaged:
		if det.Version != "" {
			p.version, s.app.Pending = det.Version, det.Version
		}
		if e.Kind == KindUpdateReady && !p.sinceLogged {
			p.since, p.sinceLogged = e.Time, true
		}
	case KindUpdateDeferred:
		s.counts.UpdateDeferrals++
		p.deferrals++
		p.lastDeferral = e.Time
		if since := e.Time.Add(-time.Duration(det.PendingS) * time.Second); !p.sinceLogged && (p.since.IsZero() || since.Before(p.since)) {
			p.since = since // the app's own count of hours: pending since at most this
		}
	}
}

// UpdateView is an update waiting to install and what its restart will
// stop, as Snapshot.Update has it.
type UpdateView struct {
	Version string `json:"version,omitempty"` // unknown when only deferrals were logged
	// Since is when the update was downloaded ("Update downloaded" line),
	// or as the app's "Deferring auto-restart after N hours" puts it (to
	// the hour); PendingS is Snapshot.Now − Since.
	Since    time.Time `json:"-"`
	PendingS int64     `json:"pending_s,omitempty"`
	// Deferrals counts the times the app put its restart off because
	// Claude was working.
	Deferrals    int       `json:"deferrals"`
	LastDeferral time.Time `json:"-"`
	// Sessions are the live sessions its restart will stop.
	Sessions []string `json:"sessions"`
	Evidence string   `json:"evidence"`
	When     string   `json:"when"`    // UpdateWhenText
	Summary  string   `json:"summary"` // one line for humans: Lines joined
	Lines    []string `json:"-"`
}

// updateView is the pending update as of snap (its sessions filled in),
// or nil when none is pending, or when the log is stale: a log silent
// that long is no app deferring a restart (it writes a deferral every ten
// minutes), and what it said is history, as report tells it.
func (s *State) updateView(snap *Snapshot) *UpdateView {
	p := &s.pending
	if !p.active() || snap.Stale {
		return nil
	}
	v := &UpdateView{Version: p.version, Since: p.since, Deferrals: p.deferrals, LastDeferral: p.lastDeferral,
		Sessions: []string{}, Evidence: p.ref.String(), When: UpdateWhenText}
	if !p.since.IsZero() && !snap.Now.Before(p.since) {
		v.PendingS = int64(snap.Now.Sub(p.since) / time.Second)
	}
	var names []string
	for _, sv := range snap.Sessions {
		if sv.Live() {
			v.Sessions = append(v.Sessions, sv.ID)
			names = append(names, SessionName(sv))
		}
	}
	v.Lines = updateLines(v, names)
	v.Summary = strings.Join(v.Lines, "; ")
	return v
}

// updateLines are the warning's facts, one clause each (the version and
// since, the deferrals, the sessions its restart stops); Summary joins
// them. The screen shows them line by line, the same words.
func updateLines(v *UpdateView, names []string) []string {
	head := "update "
	if v.Version != "" {
		head += v.Version + " "
	}
	head += "waiting to install"
	if !v.Since.IsZero() {
		head += fmt.Sprintf(", pending since %s (%s)", v.Since.Format("2006-01-02 15:04"), FormatDuration(time.Duration(v.PendingS)*time.Second))
	}
	lines := []string{head}
	if v.Deferrals > 0 {
		lines = append(lines, fmt.Sprintf("restart deferred %d× because Claude was working", v.Deferrals))
	}
	if len(names) == 0 {
		return append(lines, "its restart stops no live session now")
	}
	shown := names
	if len(shown) > maxUpdateNames {
		shown = append(shown[:maxUpdateNames:maxUpdateNames], fmt.Sprintf("%d more", len(names)-maxUpdateNames))
	}
	return append(lines, fmt.Sprintf("its restart will stop %d live session(s): %s", len(names), strings.Join(shown, ", ")))
}

// maxUpdateNames bounds the sessions a one-line summary names.
const maxUpdateNames = 4

// updateRisk is the pending update as a risk, with the sessions it stops.
func updateRisk(v *UpdateView) Risk {
	ev := []string{v.Evidence}
	if !v.LastDeferral.IsZero() {
		ev = append(ev, "last deferral "+v.LastDeferral.Format(time.DateTime))
	}
	return Risk{Kind: RiskUpdateRestart, Sessions: v.Sessions, Backed: true,
		Summary: v.Summary + " (" + v.When + ")", Evidence: ev}
}
