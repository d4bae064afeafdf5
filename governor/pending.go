package governor

import (
	"github.com/coworktop/coworktop/event"
	"time"
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
func (s *State) applyPending(e *event.Event) {
	p, det := &s.pending, e.Details()
	if det.Version != "" && p.version != "" && det.Version != p.version || !p.restartAt.IsZero() {
		*p = pendingUpdate{} // another update, or the last one's restart came and went
	}
	p.ref = lineRef{e.File, e.Line}
	switch e.Kind {
	case event.KindUpdateReady, event.KindUpdateStaged:
		if det.Version != "" {
			p.version, s.app.Pending = det.Version, det.Version
		}
		if e.Kind == event.KindUpdateReady && !p.sinceLogged {
			p.since, p.sinceLogged = e.Time, true
		}
	case event.KindUpdateDeferred:
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
// stop, as Snapshot.Update has it; words says it (words.UpdateLines,
// UpdateWhen, UpdateNote).
type UpdateView struct {
	Version string `json:"version,omitempty"` // unknown when only deferrals were logged
	// Since is when the update was downloaded ("Update downloaded" line;
	// Downloaded), or as the app's "Deferring auto-restart after N hours"
	// puts it (to the hour); PendingS is Snapshot.Now − Since.
	Since      time.Time `json:"-"`
	Downloaded bool      `json:"-"`
	PendingS   int64     `json:"pending_s,omitempty"`
	// Deferrals counts the times the app put its restart off because
	// Claude was working.
	Deferrals    int       `json:"deferrals"`
	LastDeferral time.Time `json:"-"`
	// Sessions are the live sessions its restart will stop;
	// RemoteControl those of them with Remote Control on, which the
	// relaunch does not turn back on (claude-logs.md §7.8); Names and
	// RCNames name them (SessionName).
	Sessions      []string `json:"sessions"`
	RemoteControl []string `json:"remote_control,omitempty"`
	Names         []string `json:"-"`
	RCNames       []string `json:"-"`
	Evidence      string   `json:"evidence"`
	// WindowFrom and WindowTo are the window public reports give after the
	// download, as coworktop's estimate from its logged time (zero when
	// it is not logged, or the app defers while Claude works); Late: now
	// is past it.
	WindowFrom time.Time `json:"-"`
	WindowTo   time.Time `json:"-"`
	Late       bool      `json:"-"`
	// When and Summary are its words where they came as words: read back
	// from snapshot --json. Empty otherwise: words says them.
	When    string `json:"-"`
	Summary string `json:"-"`
}

// idleWindow is the window public reports give after the download, as
// coworktop's estimate from its time: only where the download's time is
// logged and the app does not defer (while Claude works the idle window
// says nothing); Late when now is past it.
func idleWindow(v *UpdateView, now time.Time) {
	if v.Deferrals == 0 && v.Downloaded && !v.Since.IsZero() {
		v.WindowFrom, v.WindowTo = v.Since.Add(updateIdleEarliest), v.Since.Add(updateIdleLatest)
		v.Late = now.After(v.WindowTo)
	}
}

// UpdateIdleLatest is the end of the window after the download in which
// public reports saw the idle restart.
const UpdateIdleLatest = updateIdleLatest

// updateView is the pending update as of snap (its sessions filled in),
// or nil when none is pending, or when the log is stale: a log silent
// that long is no app deferring a restart (it writes a deferral every ten
// minutes), and what it said is history, as report tells it.
func (s *State) updateView(snap *Snapshot) *UpdateView {
	p := &s.pending
	if !p.active() || snap.Stale {
		return nil
	}
	v := &UpdateView{Version: p.version, Since: p.since, Downloaded: p.sinceLogged, Deferrals: p.deferrals, LastDeferral: p.lastDeferral,
		Sessions: []string{}, Evidence: p.ref.String()}
	if !p.since.IsZero() && !snap.Now.Before(p.since) {
		v.PendingS = int64(snap.Now.Sub(p.since) / time.Second)
	}
	idleWindow(v, snap.Now)
	for i := range snap.Sessions {
		if sv := &snap.Sessions[i]; sv.Live() {
			v.Sessions = append(v.Sessions, sv.ID)
			v.Names = append(v.Names, SessionName(*sv))
			if sv.RemoteControl {
				v.RemoteControl = append(v.RemoteControl, sv.ID)
				v.RCNames = append(v.RCNames, SessionName(*sv))
			}
		}
	}
	return v
}

// updateRisk is the pending update as a risk, with the sessions it stops.
func updateRisk(v *UpdateView) Risk {
	return Risk{Kind: RiskUpdateRestart, Sessions: v.Sessions, Backed: true, RiskFacts: RiskFacts{Update: v}}
}
