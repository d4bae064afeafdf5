package governor

import (
	"github.com/coworktop/coworktop/record"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/vocab"
)

// SessionState is where a session stands, as far as the log tells.
type SessionState int8

// Session states.
const (
	StateNone         SessionState = iota // not said: ""
	StateWorking                          // "working": active within the last minute
	StateIdle                             // "idle": live, no activity for ≥ 60 s
	StatePaused                           // "paused": Pausing session … (reason)
	StateDisconnected                     // "disconnected": idle timeout reached, or the app quit
	// StateUnknown ("unknown"): the log went silent (Snapshot.Stale) while
	// the session was live; nothing says it still is, so it is neither live
	// nor a victim.
	StateUnknown
)

// sessionStateNames are the states' names, as the JSON outputs print them.
var sessionStateNames = [...]string{StateWorking: "working", StateIdle: "idle", StatePaused: "paused", StateDisconnected: "disconnected", StateUnknown: "unknown"}

// SessionView is one session as of Snapshot's clock.
type SessionView struct {
	ID          string       `json:"id"`
	Project     string       `json:"project,omitempty"` // base name of cwd
	Cwd         string       `json:"cwd,omitempty"`
	State       SessionState `json:"state"`
	PauseReason event.Reason `json:"-"`
	PauseText   string       `json:"pause_reason,omitempty"` // PauseReason as logged or named
	// PauseWhy says why its pause came, beyond the reason the app logged
	// ("Remote Control was not turned back on after the 13:44 update").
	PauseWhy     string        `json:"pause_why,omitempty"`
	FirstSeen    time.Time     `json:"-"`
	LastActivity time.Time     `json:"-"`
	Idle         time.Duration `json:"-"` // now − last activity; climbs between log lines

	// TimerArmedAt/TimerTimeout come from "Starting idle timeout for S: Ns";
	// TimerRemaining is armed + timeout − now (zero when not armed).
	TimerArmedAt   time.Time     `json:"-"`
	TimerTimeout   time.Duration `json:"-"`
	TimerRemaining time.Duration `json:"-"`

	Evictions     int  `json:"evictions,omitempty"`      // times the governor evicted it
	RemoteControl bool `json:"remote_control,omitempty"` // remote control enabled (vetoes pauses)
	Crashes       int  `json:"crashes,omitempty"`        // times its process was killed or exited under it
	// Protected says why the governor will not pick this session
	// ("Remote Control"); empty when it may be picked.
	Protected string `json:"protected,omitempty"`
	// GovernorIdleAt is when the governor's own line last named it idle
	// (at cap … would evict it, pressure evicting it); zero if never.
	GovernorIdleAt time.Time `json:"-"`
	// AtRisk names the warning this session is under: the next warm spawn
	// evicts it, or a pressure sweep would (coworktop's inference).
	AtRisk RiskKind `json:"at_risk,omitempty"`
	// AtRiskBy is the risk of a waiting session at risk, whose words
	// give every reason (words.AtRiskWhy); nil when it is not.
	AtRiskBy *Risk `json:"-"`
	// Next is what comes next for it, in a screen cell (risk_short.go).
	Next Next `json:"-"`

	// From the session records (records_join.go), each with its source;
	// all empty when no record folder was found.
	Title              string           `json:"title,omitempty"`
	TitleSource        record.Source    `json:"title_source,omitempty"`
	Attention          record.Attention `json:"attention,omitempty"`
	AttentionSource    record.Source    `json:"attention_source,omitempty"`
	WaitingFor         string           `json:"waiting_for,omitempty"`
	WaitingForSource   record.Source    `json:"waiting_for_source,omitempty"`
	WaitingSince       time.Time        `json:"-"`
	WaitingSinceSource record.Source    `json:"waiting_since_source,omitempty"`
	// HasRecord: a Claude Code record names it (words.RecordNote says
	// where the log and the record disagree).
	HasRecord bool `json:"-"`

	// Memory is the session's own memory, its claude process and what it
	// started (session_memory.go); nil when no fresh scan joined it.
	Memory *host.SessionMemory `json:"memory,omitempty"`
	// QuotaShare is its share of the 5-hour window's local usage, from
	// its transcripts (coworktop's estimate); nil when none was read.
	QuotaShare *quota.SessionShare `json:"quota_share,omitempty"`
}

// Live reports whether the session holds a slot (working or idle).
func (s SessionView) Live() bool { return s.State == StateWorking || s.State == StateIdle }

// Outcome is one governor action worth listing: an eviction, a yield, a
// pressure event or an idle-timeout disconnect.
type Outcome struct {
	Time time.Time
	Kind event.Kind
	// Cause is warm|user|pressure|idle_timeout|unknown for evictions, the
	// spawn reason for yields, the level for pressure events.
	Cause    event.Cause
	Eviction bool   // a session really lost its process
	Other    string // the text of a CauseOther
	Session  string
	IdleS    int
	// IdleSource: logged (the governor's own "(idle Ns)"), estimated (from
	// coworktop's last activity line) or unknown (no activity seen).
	IdleSource vocab.Source
	File       string
	Line       int
}

// CauseName is the outcome's cause by name, as the JSON outputs print it:
// "warm", "critical", or a CauseOther's own text. words.CauseText is an
// eviction's cause in words.
func (o Outcome) CauseName() string {
	if o.Cause == event.CauseOther {
		return o.Other
	}
	return o.Cause.String()
}

// CapView is the governor's session cap.
type CapView struct {
	Value  int          `json:"value"` // 0 when unknown
	Source vocab.Source `json:"source"`
	// At is when a logged cap was last logged (in this run of the app or
	// an earlier one: the cap is the machine's), Age is Snapshot.Now − At.
	At  time.Time     `json:"-"`
	Age time.Duration `json:"-"`
}

// EffectiveView is the governor's own count of live sessions plus in-flight
// spawns, as it last logged it (acquire and pressure lines), with its age.
// It is never coworktop's count: that is Snapshot.Live.
type EffectiveView struct {
	Value  int           `json:"value"`
	Source vocab.Source  `json:"source"` // logged, or unknown when none was logged since the app started
	At     time.Time     `json:"-"`
	Age    time.Duration `json:"-"` // Snapshot.Now − At
	// Fresh: logged within the last two minutes. An older count is history:
	// sessions may have come and gone since.
	Fresh bool `json:"fresh"`
}

// countBasis names the session count a derived figure was computed from.
type countBasis int8

// Count bases.
const (
	basisNone countBasis = iota // not said: "" in the outputs
	// basisLive ("live") is Snapshot.Live, the sessions coworktop sees
	// live: it moves with every session line, where the governor's logged
	// count waits for its next acquire or pressure line.
	basisLive
)

// Outlook is coworktop's estimate of what a new warm spawn would meet now.
type Outlook struct {
	Action   string `json:"action"`           // start|evict|yield|unknown
	Victim   string `json:"victim,omitempty"` // for evict
	Headroom int    `json:"headroom"`         // sessions before cap − 2 (the advice); negative when over
	ToCap    int    `json:"to_cap"`           // sessions before the cap itself
	Sweep    int    `json:"sweep,omitempty"`  // 2.x: idle sessions a pressure sweep would evict now
	// SweepOf are the idle sessions it may pick, SweepTo the count it
	// evicts down to (cap − 2), SweepLevel the pressure logged (Sweep > 0).
	SweepOf    int                `json:"-"`
	SweepTo    int                `json:"-"`
	SweepLevel host.PressureLevel `json:"-"`
	// Basis is the count Headroom and ToCap are computed from (always the
	// live count). words.OutlookSummary says it in words.
	Basis countBasis `json:"basis"`
	Count int        `json:"count"`
}

// VMView is the Cowork VM as the VM logs describe it.
type VMView struct {
	CPUs        int           `json:"cpus,omitempty"`
	MemoryGB    int           `json:"memory_gb,omitempty"`
	MemoryMB    int           `json:"memory_mb,omitempty"` // cowork-service.log's SizeInMB, when logged
	Service     string        `json:"service,omitempty"`   // Windows VM service: started|ready|stopped
	State       event.VMState `json:"state"`               // unknown|booting|running|stalled|failed
	OpenStep    string        `json:"open_step,omitempty"`
	OpenSince   time.Time     `json:"-"`
	LastFailure string        `json:"last_failure,omitempty"`
	BootStalls  int           `json:"boot_stalls"`
	// ServiceWarning: the Windows VM service could not configure its
	// recovery actions (a crashed service stays down until reboot).
	ServiceWarning string `json:"service_warning,omitempty"`
	// BundleDeleted: the app deleted the VM bundle (the line, as logged:
	// "Deleted rootfs.vhdx"): the VM's disk and what was on it are gone.
	BundleDeleted string `json:"bundle_deleted,omitempty"`
	// Unsupported: the app refuses this VM type (claude-logs.md §7.9).
	Unsupported string `json:"unsupported,omitempty"`
	// Downloading: the VM's bundle is being fetched; it boots, it is not
	// stalled.
	Downloading bool `json:"downloading,omitempty"`
	// Repair is what the last repair deleted or kept, as logged.
	Repair string `json:"repair,omitempty"`
	// LastOutage is the last stretch Cowork was unusable after a failed
	// boot (vm_repair.go).
	LastOutage *VMOutage `json:"last_outage,omitempty"`
}

// AppView is the desktop app as its log describes it.
type AppView struct {
	Version   string    `json:"version,omitempty"`
	Platform  string    `json:"platform,omitempty"`
	Arch      string    `json:"arch,omitempty"`
	StartedAt time.Time `json:"-"`
	Pending   string    `json:"pending_version,omitempty"` // downloaded, waiting to install
	// DownSince: the app's last word was a quit (at this time) and no line
	// of a running app followed; DownBy says whether it quit or restarted
	// to update, so the App field can say so.
	DownSince time.Time `json:"-"`
	// StuckQuit: the app went on running after "going down for update"
	// with no new start, for stuckQuitAfter or more (quit_alive.go).
	StuckQuit *StuckQuit `json:"stuck_quit,omitempty"`
	DownBy    AppEnd     `json:"down_by,omitempty"`
}

// AppEnd is how the app's run ended.
type AppEnd int8

// How a run of the app ends, as the log says.
const (
	AppUp        AppEnd = iota // it has not ended: "" in the outputs, left out of JSON
	AppEndQuit                 // "quit"
	AppEndUpdate               // "update restart"
	AppEndCrash                // "crash": a GPU process crash on Windows took the app down
)

// LogLine is a recent event for the event-log pane, already sanitised,
// with what its words need of the model (words.LogText says it).
type LogLine struct {
	Event event.Event
	// Name is how every list names the event's session (State.NameOf, as
	// of the first snapshot that showed the line); "" for none.
	Name string
	// RCLostAt: the event is an idle pause (or timeout) that came because
	// the update restart at RCLostAt left the session's Remote Control
	// off; zero otherwise.
	RCLostAt time.Time
}

// Snapshot is everything the UI, report and metrics show, as of Now.
type Snapshot struct {
	Now time.Time `json:"-"`
	App AppView   `json:"app"`

	// From and Newest are the times of the oldest and the newest line
	// read: the window every figure below is computed over. LogAge is
	// Now − Newest; Stale says the log has been silent longer than
	// StaleAfter, so what looked live is not known to be (Freshness).
	From   time.Time     `json:"-"`
	Newest time.Time     `json:"-"`
	LogAge time.Duration `json:"-"`
	Stale  bool          `json:"stale,omitempty"`
	// CameBack counts the losses that are no longer lost: the session came
	// back since (resumed, warmed, started or active again), or was lost
	// again and is counted by its newest loss (LostCount leaves them out).
	CameBack int `json:"came_back,omitempty"`

	// Live is the one session count: sessions coworktop sees live (working
	// or idle). The header, the Sessions pane, the outlook, snapshot and the
	// metrics all show this figure. Effective is the governor's own last
	// logged count, shown beside it with its age.
	Live      int           `json:"live"`
	Cap       CapView       `json:"cap"`
	Effective EffectiveView `json:"effective"`
	// Pressure is the last level the governor logged (G4), PressureText
	// its text as logged (a level no constant names is PressureOther and
	// only its text says which); JSON has the text, left out when none was.
	Pressure     host.PressureLevel `json:"-"`
	PressureText string             `json:"pressure,omitempty"`
	PressureAt   time.Time          `json:"-"`

	Sessions []SessionView `json:"sessions"` // live and recently seen, newest first
	// SessionsGen changes when the list of Sessions or a name in it
	// (SessionName: title, project, id) changes, and only then: tables
	// built from the names are kept while it does not. No two States'
	// snapshots share one; 0 is none (a Snapshot built by hand).
	SessionsGen uint64        `json:"-"`
	IdleRanking []SessionView `json:"idle_ranking"` // live sessions, longest idle first
	NextVictim  *SessionView  `json:"next_victim"`  // always an estimate; never a protected session
	// NextVictimPassed counts the longer idle sessions the estimate passed
	// over (words.NextVictimWhy says what it rests on).
	NextVictimPassed int     `json:"-"`
	Rules            Rules   `json:"rules"` // the governor rules of the app version that wrote the log
	Outlook          Outlook `json:"outlook"`
	// Update is an update downloaded or staged and not installed, and the
	// live sessions its restart will stop; nil when none is pending.
	Update *UpdateView `json:"update,omitempty"`
	// Restart is the last update restart and what it cost: the sessions it
	// stopped, which came back, whose turn it cut and which lost Remote
	// Control (restart.go); nil when the log shows none.
	Restart *RestartView `json:"restart,omitempty"`

	Outcomes []Outcome `json:"outcomes"` // newest first, bounded
	// EvictionsLastHour counts the real evictions logged in the hour
	// before Now (of those kept, Limits.Evictions).
	EvictionsLastHour int `json:"evictions_last_hour"`
	// Losses are the newest lost sessions, in time order (bounded by
	// Limits.Outcomes); LossCounts counts every one by cause.
	Losses     []Loss      `json:"losses"`
	LossCounts []LossCount `json:"loss_counts"`
	// LostNow counts by cause the losses whose session has not come back:
	// the headline "N lost" (LostCount) is their sum.
	LostNow []LossCount `json:"lost_now"`
	// Risks are coworktop's inference of what is about to go wrong, each
	// with its evidence.
	Risks  []Risk `json:"risks"`
	Counts Counts `json:"counts"`

	// NeedsYou counts the sessions whose record says they wait for the
	// person (needsYouCount); Background lists the supervisor's background
	// sessions; Records says whether records were read (nil where none were
	// looked for: report, replay).
	NeedsYou   int              `json:"-"` // in JSON as records.needs_you: unknown without records
	Background []BackgroundView `json:"background,omitempty"`
	Records    *RecordsView     `json:"records,omitempty"`

	MemorySamples []event.MemorySample `json:"-"` // [process-memory] history, oldest first, bounded
	MemoryTimes   []time.Time          `json:"-"`
	Host          *host.HostMemory     `json:"host,omitempty"`
	HostHistory   []HostPoint          `json:"-"` // oldest first, bounded
	Groups        []host.ProcessGroup  `json:"groups,omitempty"`
	GroupsAt      time.Time            `json:"-"`
	// Memory is the scan's memory per session beyond each session's own
	// figure: unjoined processes, duplicated servers, what a pause frees.
	Memory *MemoryView `json:"session_memory,omitempty"`
	// AppHelpers are the app's own processes by role (app_helpers.go).
	AppHelpers []host.HelperRow `json:"app_helpers,omitempty"`

	Files []event.FileStatus `json:"files,omitempty"` // follower status per log

	VM  VMView    `json:"vm"`
	Log []LogLine `json:"-"` // recent events, oldest first, bounded

	// Quota is the account's 5-hour and 7-day quota (the quota package); nil when
	// no source has a reading.
	Quota *quota.View `json:"quota,omitempty"`
	// QuotaErrors counts the quota files' reads that were refused (not a
	// regular file, over the bound) or could not be decoded, per source.
	QuotaErrors map[quota.Source]int `json:"quota_read_errors,omitempty"`
	// QuotaRefused counts the quota readings refused as implausible (a
	// percentage outside 0–100, a time ahead of the clock), per source.
	QuotaRefused map[quota.Source]int `json:"quota_refused_readings,omitempty"`
	// Share is the 5-hour window's local usage and each live session's
	// share of it (coworktop's estimate); nil when no transcript reading
	// came.
	Share *quota.ShareView `json:"quota_share,omitempty"`
}

// HostPoint is one host sample as the memory timeline needs it: free
// (available where the OS says so) and total bytes.
type HostPoint struct {
	At          time.Time
	Free, Total uint64
}

// Counts are the running totals over everything applied.
type Counts struct {
	Entries         int `json:"entries"`
	AtCapWouldEvict int `json:"at_cap_would_evict"`
	AtCapEvicting   int `json:"at_cap_evicting"`
	Yields          int `json:"yields"`
	// WarmsRefused counts the yields that refused a warm of a session
	// that was not live: it did not come back (returns.go).
	WarmsRefused     int       `json:"warms_refused,omitempty"`
	PressureWarning  int       `json:"pressure_warning"`
	PressureCritical int       `json:"pressure_critical"`
	PressureEvicts   int       `json:"pressure_evictions"`
	MaxEffective     int       `json:"max_effective"`
	Unknown          int       `json:"unknown"`
	SessionsStarted  int       `json:"sessions_started"`
	IdleTimeouts     int       `json:"idle_timeouts"`
	PausedEvict      int       `json:"paused_governor_evict"`
	PausedIdle       int       `json:"paused_idle_timeout"`
	PausedOther      int       `json:"paused_other"`
	Evictions        int       `json:"evictions"` // real evictions, by the report's rule
	EvictionsWarm    int       `json:"evictions_warm"`
	EvictionsUser    int       `json:"evictions_user"`
	EvictionsPress   int       `json:"evictions_pressure"`
	EvictionsUnknown int       `json:"evictions_unknown"`
	RateLimitHits    int       `json:"rate_limit_hits"`
	Stalls           int       `json:"event_loop_stalls"`
	RendererGone     int       `json:"renderer_gone"`
	MemorySamples    int       `json:"memory_samples"`
	MinSysFreeMB     int       `json:"-"` // -1 when no sample; its JSON leaves that out
	MinSysFreeAt     time.Time `json:"-"`
	TotalMB          int       `json:"total_mb"`
	VMBootStalls     int       `json:"vm_boot_stalls"`
	AppStarts        int       `json:"app_starts"`
	Unreadable       int       `json:"unreadable_lines"` // lines that could not be read as entries (orphans, cut lines)

	Crashes             int `json:"crashes"`
	QueriesDone         int `json:"queries_done"`
	Resumed             int `json:"resumed"`
	TornDownWithTasks   int `json:"torn_down_with_tasks"`
	BackgroundTasksLost int `json:"background_tasks_lost"`
	PauseSkippedRC      int `json:"pause_skipped_remote_control"`
	PauseSkippedOther   int `json:"pause_skipped_other"`
	DeclinedPauses      int `json:"declined_pauses"`
	MaxDeclined         int `json:"max_declined"` // the highest "declined N consecutive idle pauses"
	RemoteControlLines  int `json:"remote_control_lines"`
	AppUpdates          int `json:"app_updates"`
	UpdateRestarts      int `json:"update_restarts"`
	LostToUpdate        int `json:"lost_to_update"` // sessions an update restart stopped
	Relaunches          int `json:"relaunches"`
	RelaunchResumes     int `json:"relaunch_resumes"`
	RelaunchWarmed      int `json:"relaunch_warmed"`
	AppQuits            int `json:"app_quits"`
	RendererOOM         int `json:"renderer_oom"`
	AppCrashes          int `json:"app_crashes"` // the app went down with its GPU process (Windows)
	ServiceStarts       int `json:"vm_service_starts"`
	ServiceStops        int `json:"vm_service_stops"`
	BadStamps           int `json:"bad_stamps"` // entries whose timestamp is no real date

	DaemonStarts     int `json:"daemon_starts"`
	DaemonSilentEnds int `json:"daemon_silent_ends"` // daemon starts with no shutdown line since the last start
	DaemonLowMemory  int `json:"daemon_low_memory"`  // "bg: low memory" lines
	DaemonRetired    int `json:"daemon_retired"`
	DaemonCrashed    int `json:"daemon_crashed"` // workers settled as crashed
	DaemonKilled     int `json:"daemon_killed"`  // workers settled as killed

	// claude-logs.md §7.7
	UpdateDeferrals int `json:"update_deferrals"`  // "Deferring auto-restart … Claude is working"
	PTYKilled       int `json:"pty_killed"`        // session terminals killed on quit
	PTYHostExits    int `json:"pty_host_exits"`    // the pty-host worker died
	SecondInstances int `json:"second_instances"`  // a second copy of the app started and exited
	MCPGone         int `json:"mcp_servers_gone"`  // an MCP server disconnected or closed
	VMBoots         int `json:"vm_boots"`          // boot attempts
	VMFailures      int `json:"vm_failures"`       // boot attempts that failed (one each at most)
	VMBundleDeleted int `json:"vm_bundle_deleted"` // "[deleteVMBundle] Deleted …": the VM's disk deleted
	// VMOutages counts failed boots followed by a running VM (VMView.LastOutage).
	VMOutages int `json:"vm_outages,omitempty"`
	// DaemonRespawnFailed counts the daemon's failed upgrade respawns.
	DaemonRespawnFailed   int `json:"daemon_respawn_failed,omitempty"`
	VMNotes               int `json:"vm_notes"` // VM lines that change no state (notes, keepalives)
	ServiceWarnings       int `json:"vm_service_warnings"`
	DaemonUpgrades        int `json:"daemon_upgrades"`   // self-restarts for an upgrade
	DaemonLockRaces       int `json:"daemon_lock_races"` // starts that lost the lock race and exited
	DaemonReaped          int `json:"daemon_orphans_reaped"`
	DaemonRefused         int `json:"daemon_refused"` // workers refused by a post-takeover prewarm: not brought back
	DaemonSpares          int `json:"daemon_spares"`
	DaemonShutdowns       int `json:"daemon_shutdowns"`
	DaemonShutdownWorkers int `json:"daemon_shutdown_live_workers"` // live workers the shutdown lines named, summed
	DaemonWorkersLost     int `json:"daemon_workers_lost"`
}
