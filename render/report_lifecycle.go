package render

import (
	"fmt"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
)

// The parts of the report about how sessions end other than by the
// governor, and what updates did (claude-logs.md §7.2–7.4, §7.6).

// AppLifecycle counts updates, restarts and quits (inlined in App).
type AppLifecycle struct {
	Updates         int    `json:"updates"` // version changes logged
	PendingVersion  string `json:"pending_version,omitempty"`
	UpdateRestarts  int    `json:"update_restarts"`
	LostToUpdate    int    `json:"lost_to_update"` // sessions an update restart stopped
	Quits           int    `json:"quits"`
	Relaunches      int    `json:"relaunches"`
	RelaunchResumes int    `json:"relaunch_resumes"`
	RendererGone    int    `json:"renderer_gone"`
	RendererOOM     int    `json:"renderer_oom"`
	// AppCrashes counts "GPU process gone … reason: 'crashed'" on Windows:
	// the whole app went down with every session.
	AppCrashes int `json:"app_crashes,omitempty"`
	// RemoteControlChanges counts Remote Control state lines that said
	// something new ("enabled", a verdict, a bridge state).
	RemoteControlChanges int `json:"remote_control_changes"`

	// claude-logs.md §7.7 (left out when none was logged)
	PendingSince    Stamp `json:"pending_since,omitempty"`    // the pending update's download, or as its deferrals put it
	UpdateDeferrals int   `json:"update_deferrals,omitempty"` // "Deferring auto-restart … Claude is working"
	PTYKilled       int   `json:"pty_killed,omitempty"`       // session terminals killed on quit
	PTYHostExits    int   `json:"pty_host_exits,omitempty"`
	SecondInstances int   `json:"second_instances,omitempty"` // copies of the app that started and exited at once
	MCPServersGone  int   `json:"mcp_servers_gone,omitempty"`
	// NotRunningSince: the last word was a quit (at this time) that no
	// start or line of a running app followed.
	NotRunningSince Stamp `json:"not_running_since,omitempty"`
	// StuckQuitting: the app went on running after "going down for
	// update" with no new start (claude-logs.md §7.9), in words, and for
	// how long.
	StuckQuitting  string `json:"stuck_quitting,omitempty"`
	StuckQuittingS int64  `json:"stuck_quitting_s,omitempty"`
	// stopped is what the update restarts stopped, in words
	// (restartsStoppedText): the text's "(6 sessions stopped)".
	stopped string
	// rcLostAt is when the last update restart that turned Remote
	// Control off came ("15:04"), rcLost how many sessions lost it.
	rcLostAt string
	rcLost   int
}

// Daemon is the Claude Code daemon as daemon.log tells it (left out of the
// report when no daemon line was read).
type Daemon struct {
	// AtRisk says why the daemon's background workers are at risk (a
	// failed upgrade respawn, or an upgrade shutdown no start followed);
	// RespawnFailed counts the failed respawns.
	AtRisk         string         `json:"at_risk,omitempty"`
	RespawnFailed  int            `json:"respawn_failed,omitempty"`
	Starts         int            `json:"starts"`
	SilentEnds     int            `json:"silent_ends"` // starts with no shutdown line since the one before
	Upgrades       int            `json:"upgrades"`
	UpgradeFrom    string         `json:"upgrade_from,omitempty"`
	UpgradeTo      string         `json:"upgrade_to,omitempty"`
	LockRaces      int            `json:"lock_races"`
	LockGaps       []LockGap      `json:"lock_gaps,omitempty"`
	Shutdowns      int            `json:"shutdowns"`
	ShutdownCauses map[string]int `json:"shutdown_causes,omitempty"`
	// LiveWorkersAtShutdown sums the live_workers of the shutdown lines.
	LiveWorkersAtShutdown int `json:"live_workers_at_shutdown"`
	WorkersLost           int `json:"workers_lost"`
	Refused               int `json:"refused"` // refused by a post-takeover prewarm: not brought back
	OrphansReaped         int `json:"orphans_reaped"`
	LowMemory             int `json:"low_memory"`
	// Killed counts "bg settled <id> (killed)": no proof of a loss
	// (governor.KilledText).
	Killed int `json:"killed,omitempty"`
}

// LockGap is a lost lock race and the silence after it: no daemon line
// until Until ("" when none came before the log ended), GapS seconds.
type LockGap struct {
	At       Stamp  `json:"at"`
	Until    Stamp  `json:"until,omitempty"`
	GapS     int64  `json:"gap_s"`
	Evidence string `json:"evidence"`
}

// SessionEnds counts the other ways sessions end or escape the governor
// (inlined in Sessions).
type SessionEnds struct {
	Crashed           int          `json:"crashed"`
	QueriesDone       int          `json:"queries_done"` // "query iterator completed": a session's query loop ended
	Resumed           int          `json:"resumed"`
	TornDownWithTasks int          `json:"torn_down_with_tasks"`
	TasksLost         int          `json:"background_tasks_lost"`
	PauseSkipped      PauseSkipped `json:"pause_skipped"`
	// DeclinedPauses counts "has declined N consecutive idle pauses" lines;
	// MaxDeclined is the highest N among them.
	DeclinedPauses int `json:"declined_pauses"`
	MaxDeclined    int `json:"max_declined"`
}

// PauseSkipped counts vetoed idle pauses by reason.
type PauseSkipped struct {
	RemoteControl int `json:"remote_control"`
	Other         int `json:"other"`
}

// Crashed is one session whose process was killed or exited under it.
type Crashed struct {
	Time     Stamp  `json:"time"`
	Session  string `json:"session"`
	Signal   string `json:"signal,omitempty"`
	ExitCode *int   `json:"exit_code,omitempty"`
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
}

// VMService is the Windows VM service's starts and stops
// (cowork-service.log).
type VMService struct {
	Starts int    `json:"starts"`
	Stops  int    `json:"stops"`
	State  string `json:"state,omitempty"` // started|ready|stopped, last logged
	// Warning: the service could not configure its recovery actions (a
	// crashed service stays down until reboot), as logged.
	Warning string `json:"warning,omitempty"`
}

func (r *Report) lifecycle(state *governor.State, snap governor.Snapshot) {
	c := snap.Counts
	r.App.AppLifecycle = AppLifecycle{
		Updates: c.AppUpdates, PendingVersion: snap.App.Pending, UpdateRestarts: c.UpdateRestarts,
		LostToUpdate: c.LostToUpdate, Quits: c.AppQuits, Relaunches: c.Relaunches, RelaunchResumes: c.RelaunchResumes,
		RendererGone: c.RendererGone, RendererOOM: c.RendererOOM, RemoteControlChanges: c.RemoteControlLines, AppCrashes: c.AppCrashes,
	}
	r.Sessions.SessionEnds = SessionEnds{
		Crashed: c.Crashes, QueriesDone: c.QueriesDone, Resumed: c.Resumed, TornDownWithTasks: c.TornDownWithTasks, TasksLost: c.BackgroundTasksLost,
		PauseSkipped:   PauseSkipped{RemoteControl: c.PauseSkippedRC, Other: c.PauseSkippedOther},
		DeclinedPauses: c.DeclinedPauses, MaxDeclined: c.MaxDeclined,
	}
	r.App.UpdateDeferrals, r.App.PTYKilled, r.App.PTYHostExits = c.UpdateDeferrals, c.PTYKilled, c.PTYHostExits
	r.App.SecondInstances, r.App.MCPServersGone, r.App.NotRunningSince = c.SecondInstances, c.MCPGone, stamp(snap.App.DownSince)
	if snap.Update != nil {
		r.App.PendingSince = stamp(snap.Update.Since)
	}
	r.VM.BundleDeleted, r.VM.BundleDeletedText = c.VMBundleDeleted, snap.VM.BundleDeleted
	r.VM.Notes = c.VMNotes
	r.VM.Unsupported = snap.VM.Unsupported
	if o := snap.VM.LastOutage; o != nil {
		r.VM.Unusable, r.VM.UnusableS = words.VMOutageText(*o), o.Seconds()
	}
	if q := snap.App.StuckQuit; q != nil {
		r.App.StuckQuitting, r.App.StuckQuittingS = words.StuckQuitText(*q), int64(q.To.Sub(q.From)/time.Second)
	}
	r.VM.Service = VMService{Starts: c.ServiceStarts, Stops: c.ServiceStops, State: snap.VM.Service, Warning: snap.VM.ServiceWarning}
	if c.VMFailures > 0 { // boot attempts say something beside their failures
		r.VM.Boots, r.VM.Failures = c.VMBoots, c.VMFailures
	}
	r.daemon(state, c, snap.Now)
	r.Crashes = make([]Crashed, 0, state.CrashesLen())
	r.CrashesNotListed = state.EachCrash(func(x *governor.Crash) {
		r.Crashes = append(r.Crashes, Crashed{Time: stamp(x.Time), Session: x.Session, Signal: x.Signal, ExitCode: x.ExitCode, File: x.File, Line: x.Line})
	})
}

// daemon fills the daemon's part, when any daemon line was read; end is
// the log's last time (a lock race no line followed is silent until it).
func (r *Report) daemon(state *governor.State, c governor.Counts, end time.Time) {
	v := state.Daemon()
	if c.DaemonStarts+c.DaemonShutdowns+c.DaemonUpgrades+c.DaemonLockRaces+c.DaemonWorkersLost+c.DaemonLowMemory+c.DaemonReaped+c.DaemonRefused+c.DaemonSpares+c.DaemonRespawnFailed == 0 {
		return
	}
	d := &Daemon{Starts: c.DaemonStarts, SilentEnds: c.DaemonSilentEnds, Upgrades: c.DaemonUpgrades, UpgradeFrom: v.UpgradeFrom, UpgradeTo: v.UpgradeTo,
		LockRaces: c.DaemonLockRaces, Shutdowns: c.DaemonShutdowns, ShutdownCauses: v.ShutdownCauses, LiveWorkersAtShutdown: c.DaemonShutdownWorkers,
		WorkersLost: c.DaemonWorkersLost, Refused: c.DaemonRefused, OrphansReaped: c.DaemonReaped, LowMemory: c.DaemonLowMemory, Killed: c.DaemonKilled,
		RespawnFailed: c.DaemonRespawnFailed}
	if v.AtRisk != "" {
		d.AtRisk = "workers at risk since " + stamp(v.AtRiskAt).String() + ": " + v.AtRisk
	}
	for _, g := range v.LockGaps {
		until := g.Until
		lg := LockGap{At: stamp(g.At), Until: stamp(until), Evidence: fmt.Sprintf("%s:%d", g.File, g.Line)}
		if until.IsZero() {
			until = end
		}
		if until.After(g.At) {
			lg.GapS = int64(until.Sub(g.At) / time.Second)
		}
		d.LockGaps = append(d.LockGaps, lg)
	}
	r.Daemon = d
}
