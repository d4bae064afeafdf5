package render

import "github.com/coworktop/coworktop/governor"

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
	// RemoteControlChanges counts Remote Control state lines that said
	// something new ("enabled", a verdict, a bridge state).
	RemoteControlChanges int `json:"remote_control_changes"`
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
	Time     string `json:"time"`
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
}

func (r *Report) lifecycle(state *governor.State, snap governor.Snapshot) {
	c := snap.Counts
	r.App.AppLifecycle = AppLifecycle{
		Updates: c.AppUpdates, PendingVersion: snap.App.Pending, UpdateRestarts: c.UpdateRestarts,
		LostToUpdate: c.LostToUpdate, Quits: c.AppQuits, Relaunches: c.Relaunches, RelaunchResumes: c.RelaunchResumes,
		RendererGone: c.RendererGone, RendererOOM: c.RendererOOM, RemoteControlChanges: c.RemoteControlLines,
	}
	r.Sessions.SessionEnds = SessionEnds{
		Crashed: c.Crashes, QueriesDone: c.QueriesDone, Resumed: c.Resumed, TornDownWithTasks: c.TornDownWithTasks, TasksLost: c.BackgroundTasksLost,
		PauseSkipped:   PauseSkipped{RemoteControl: c.PauseSkippedRC, Other: c.PauseSkippedOther},
		DeclinedPauses: c.DeclinedPauses, MaxDeclined: c.MaxDeclined,
	}
	r.VM.Service = VMService{Starts: c.ServiceStarts, Stops: c.ServiceStops, State: snap.VM.Service}
	crashes, hidden := state.Crashes()
	r.Crashes, r.CrashesNotListed = []Crashed{}, hidden
	for _, x := range crashes {
		r.Crashes = append(r.Crashes, Crashed{Time: stamp(x.Time), Session: x.Session, Signal: x.Signal, ExitCode: x.ExitCode, File: x.File, Line: x.Line})
	}
}
