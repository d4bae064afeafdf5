package governor

import (
	"fmt"
	"strings"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// An update waiting to install, and the restart it brings: the app
// downloads an update, then defers restarting for it while a session is
// working ("[updater] Deferring auto-restart after 74 hours: Claude is
// working", every ~10 min), until it restarts itself and every session
// stops (claude-logs.md §7.3, §7.7; #92196, #94691).

// UpdateWhenText is the one wording, in every output, of when the update
// restart comes: after "Update downloaded" the app restarts itself the
// next time it sits idle ("[stealth-update] Triggering stealth update
// after idle timeout": 10 to 35 minutes after the download in public
// reports, #95364, #95276), or when it stops deferring ("Auto-restarting
// app after update pending for N hours"; no public source gives that
// limit). A time is added only where coworktop can estimate one, and says
// what it is based on (UpdateView.When).
// Plain words only (no apostrophe, no dash, no semicolon): notifications
// keep no other.
const UpdateWhenText = "when: the app installs it the next time it sits idle (public reports: 10 to 35 minutes after the download) or when it stops deferring"

// Idle-update window: how long after "Update downloaded" public reports
// saw the stealth restart (claude-logs.md §7.8: 10 to 35 minutes; one
// report 57).
const (
	updateIdleEarliest = 10 * time.Minute
	updateIdleLatest   = 35 * time.Minute
)

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
	default:
		s.unrouted(e)
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
	// Sessions are the live sessions its restart will stop;
	// RemoteControl those of them with Remote Control on, which the
	// relaunch does not turn back on (claude-logs.md §7.8).
	Sessions      []string `json:"sessions"`
	RemoteControl []string `json:"remote_control,omitempty"`
	Evidence      string   `json:"evidence"`
	// When says when the restart comes: UpdateWhenText, and, where the
	// download's time is logged, the window public reports give, as
	// coworktop's estimate from that time (WindowFrom, WindowTo).
	When       string    `json:"when"`
	WindowFrom time.Time `json:"-"`
	WindowTo   time.Time `json:"-"`
	Summary    string    `json:"summary"` // one line for humans: Lines joined
	Lines      []string  `json:"-"`
}

// updateWhen is the view's When: the rule, and the window public reports
// give after the download, as coworktop's estimate from its time.
func updateWhen(v *UpdateView, sinceLogged bool, now time.Time) string {
	if v.Deferrals > 0 { // it defers while Claude works: the idle window says nothing now
		return UpdateWhenText + fmt.Sprintf(", and it has put the restart off %d× because Claude was working", v.Deferrals)
	}
	if !sinceLogged || v.Since.IsZero() {
		return UpdateWhenText
	}
	v.WindowFrom, v.WindowTo = v.Since.Add(updateIdleEarliest), v.Since.Add(updateIdleLatest)
	if now.After(v.WindowTo) {
		return UpdateWhenText + ", so any time now (estimated by coworktop from the download at " + v.Since.Format("15:04") + ")"
	}
	return UpdateWhenText + ", about " + v.WindowFrom.Format("15:04") + " to " + v.WindowTo.Format("15:04") +
		" (estimated by coworktop from the download at " + v.Since.Format("15:04") + ")"
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
		Sessions: []string{}, Evidence: p.ref.String()}
	if !p.since.IsZero() && !snap.Now.Before(p.since) {
		v.PendingS = int64(snap.Now.Sub(p.since) / time.Second)
	}
	v.When = updateWhen(v, p.sinceLogged, snap.Now)
	var names, rc []string
	for _, sv := range snap.Sessions {
		if sv.Live() {
			v.Sessions = append(v.Sessions, sv.ID)
			names = append(names, SessionName(sv))
			if sv.RemoteControl {
				v.RemoteControl = append(v.RemoteControl, sv.ID)
				rc = append(rc, SessionName(sv))
			}
		}
	}
	v.Lines = updateLines(v, names, rc, p.sinceLogged)
	v.Summary = strings.Join(v.Lines, "; ")
	return v
}

// updateLines are the warning's facts, one clause each (the version and
// since, the deferrals, the sessions its restart stops); Summary joins
// them. The screen shows them line by line, the same words.
func updateLines(v *UpdateView, names, rc []string, downloaded bool) []string {
	head := "update "
	if v.Version != "" {
		head += v.Version + " "
	}
	switch {
	case downloaded && !v.Since.IsZero():
		head += "downloaded " + v.Since.Format("15:04") + ", waiting to install"
		if v.PendingS >= 60 {
			head += " (" + vocab.FormatDuration(time.Duration(v.PendingS)*time.Second) + ")"
		}
	case !v.Since.IsZero():
		head += fmt.Sprintf("waiting to install, pending since %s (%s, as the app counts its deferrals)", v.Since.Format("2006-01-02 15:04"), vocab.FormatDuration(time.Duration(v.PendingS)*time.Second))
	default:
		head += "waiting to install"
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
	lines = append(lines, fmt.Sprintf("its restart will stop %d live session(s): %s", len(names), strings.Join(shown, ", ")))
	if len(rc) > 0 {
		lines = append(lines, fmt.Sprintf("%d of them with Remote Control, which the relaunch does not turn back on: %s", len(rc), strings.Join(rc, ", ")))
	}
	return lines
}

// maxUpdateNames bounds the sessions a one-line summary names.
const maxUpdateNames = 4

// updateRisk is the pending update as a risk, with the sessions it stops.
func updateRisk(v *UpdateView) Risk {
	return Risk{Kind: RiskUpdateRestart, Sessions: v.Sessions, Backed: true, RiskFacts: RiskFacts{Update: v}}
}

// NoteText is the warning as a notification says it, in at most 160
// plain characters: what its restart stops, then when (the window with
// its basis where there is one, else the rule). Its title names the
// version.
func (v *UpdateView) NoteText() (title, message string) {
	title = "coworktop: update restart coming"
	if v.Version != "" {
		title = "coworktop: update " + v.Version + " restarts the app"
	}
	message = "Stops " + plural3(len(v.Sessions), "live session", "live sessions")
	if n := len(v.RemoteControl); n > 0 {
		message += fmt.Sprintf(", %d with Remote Control it leaves off", n)
	}
	from := " (estimated by coworktop from the " + v.Since.Format("15:04") + " download)."
	switch {
	case v.Deferrals > 0:
		message += ". Put off " + plural3(v.Deferrals, "time", "times") + " while Claude works: it installs when the app next sits idle or stops deferring."
	case !v.WindowTo.IsZero() && v.PendingS > int64(updateIdleLatest/time.Second):
		message += ". Any time now, when the app sits idle" + from
	case !v.WindowTo.IsZero():
		message += ". About " + v.WindowFrom.Format("15:04") + " to " + v.WindowTo.Format("15:04") + ", when the app sits idle" + from
	default:
		message += ". When the app next sits idle or stops deferring."
	}
	return title, message
}
