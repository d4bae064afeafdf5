package event

import (
	"github.com/coworktop/coworktop/host"
	"time"
)

// Kind names what an Event says. The names are stable: they appear in
// `coworktop events` output and scripts match on them. Each kind has one
// entry in the kind table (kinds.go): its name, how the model applies it,
// its words for the event log.
type Kind uint16

// Governor decisions ([CliGovernor] lines, shapes G1–G6 in claude-logs.md).
const (
	KindAcquire         Kind = iota + 1 // governor.acquire: G1 acquire(reason) effective=E/C
	KindAtCap                           // governor.at_cap: G2 at cap=C; evicting|would evict S (idle Ns) for R spawn
	KindYield                           // governor.yield: G3 at cap; yielding R spawn
	KindPressure                        // governor.pressure: G4 memory pressure (L): would evict N idle session(s), E effective
	KindRatioFailed                     // governor.ratio_failed: G5 getFreeMemoryRatio failed
	KindPressureEvict                   // governor.pressure_evict: G6 pressure evicting S (idle Ns)
	KindGovernorUnknown                 // governor.unknown: a [CliGovernor] line of no known shape

	// Session lifecycle (Code-tab "local" sessions).
	KindSessionStart  // session.start: Starting local session S in CWD
	KindFocus         // session.focus: [CCD] LocalSessions.setFocusedSession: sessionId=S
	KindWarming       // session.warming: Warming session S / Warming up session S
	KindIdleTimer     // session.idle_timer: Starting idle timeout for S: Ns
	KindIdleTimeout   // session.idle_timeout: Idle timeout reached, disconnecting S
	KindPause         // session.pause: Pausing session S (reason)
	KindPauseSkipped  // session.pause_skipped: Skipping pause … remote control is active
	KindRemoteControl // session.remote_control: Enabling remote control for session S
	KindTurnEnd       // session.turn_end: [Stop hook] Query completed for session S
	KindCycleHealth   // session.cycle_health: [CCD CycleHealth] …
	KindStopAll       // session.stop_all: [CCD] Stopping N active session(s) on quit

	KindCrash         // session.crash: Session S query error: Claude Code process terminated by signal X / exited with code N
	KindQueryDone     // session.query_done: Session S query iterator completed
	KindResume        // session.resume: Resuming session S
	KindTornDown      // session.torn_down: [CCD] Session S torn down with N live background task(s)
	KindPauseDeclined // session.pause_declined: Session S has declined N consecutive idle pauses

	// App and host-side facts from main.log.
	KindAppStart     // app.start: Starting app { appVersion, platform, arch }
	KindAppQuit      // app.quit: beforeQuit / willQuit handlers
	KindMemorySample // memory.sample: [process-memory] …
	KindStall        // app.event_loop_stall: [event-loop-stall] main process blocked for Nms
	KindHeartbeat    // app.scheduled_tasks: [ScheduledTasks] …: written every 60 s while the main process runs
	KindRendererGone // app.renderer_gone: Main webview render process gone / GPU process gone
	KindUnresponsive // app.unresponsive: Main webview is unresponsive, will kill and reload
	KindRateLimit    // api.rate_limit: an HTTP 429/529 status, rate_limit_error, overloaded_error

	KindAppUpdated     // app.updated: [updater] Version changed since last launch: A → B
	KindUpdateReady    // app.update_ready: [updater] Update downloaded and ready to install { releaseName: 'Claude X' }
	KindUpdateRestart  // app.update_restart: [stealth-update] Triggering stealth update after idle timeout
	KindRelaunch       // app.relaunch: [stealth-relaunch] Restoring navigation (…)
	KindRelaunchResume // app.relaunch_resume: [CCD] Relaunch auto-resume: ran — warmed A of B eligible (C marked)
	KindRemoteState    // app.remote_control: Remote control enabled: / [rcAutoEnable] verdict: / [remote-control] bridge_state:

	// Cowork VM (cowork_vm_node.log, cowork_vm_swift.log).
	KindVMConfig // vm.config: - CPUs: N / - Memory: NGB / [VM:start] memory=NGB / startVM … memoryGB=N
	KindVMStep   // vm.step: [VM:steps] step started|completed (Nms) / VM startup step: step started|completed
	KindVMFailed // vm.failed: Startup failed / Connection timeout, last completed step
	KindVMReady  // vm.ready: Startup complete, total time: Nms / Linux VM started successfully
	KindVMBoot   // vm.boot: a new boot attempt begins (startVM called / Using bundle at / [VM:start] memory=)

	KindServiceStart // vm.service_start: cowork-service.log: Claude VM Service starting...
	KindServiceReady // vm.service_ready: cowork-service.log: Service ready. Listening on …
	KindServiceStop  // vm.service_stop: cowork-service.log: Service stopped.

	// The Claude Code daemon (~/.claude/daemon.log): the CLI's supervisor of
	// background sessions ("workers"). Session is the worker's short id.
	KindDaemonStart     // daemon.start: [supervisor] ─── daemon start ─── version=V pid=N origin=O
	KindDaemonShutdown  // daemon.shutdown: [supervisor] shutting down (cause=C, …, live_workers=N) / idle Ns with no clients — exiting
	KindDaemonAdopt     // daemon.adopt: [bg] bg adopt: adopted=A respawned=R dead=D (Count = dead)
	KindDaemonSpawn     // daemon.spawn: [bg] bg spawned ID (claimant) / bg claimed-spare ID (claimant)
	KindDaemonSettled   // daemon.settled: [bg] bg settled ID (done|killed|crashed)[: reason] (Count = ×K)
	KindDaemonRetire    // daemon.retire: [bg] bg retire ID: why, idle N[ [low memory]]
	KindDaemonLowMemory // daemon.low_memory: [bg] bg: low memory (NMB free) — retiring … / skipping …

	// Updates, second instances, the VM service and the daemon, as more
	// real logs show them (claude-logs.md §7.7).
	KindUpdateDeferred // app.update_deferred: [updater] Deferring auto-restart after N hours: Claude is working (PendingS; Text: why)
	KindUpdateStaged   // app.update_staged: [updater] Staged version V is still current (latest: …)
	KindPTYKill        // session.pty_kill: [CCD] Killing N PTY process tree(s) on quit
	KindSecondInstance // app.second_instance: Not main instance, returning early from app ready / second-instance: suppressing duplicate argv
	KindRestartMarker  // app.restart_marker: [update-restart] Detected nav-restore marker, launching normally
	KindPTYHostExit    // app.pty_host_exit: [pty-host] worker exited (code) with N live PTY(s)
	KindMCPGone        // mcp.server_gone: [LocalMcpServerManager] <name> disconnected / Closing <name>
	KindVMNote         // vm.note: [VM:start] Bundle version / Still waiting for guest connection / Skipping auto-reinstall / [KernelBugMonitor] State reset
	KindServiceWarning // vm.service_warning: cowork-service.log: Warning: failed to configure recovery actions …
	KindDaemonUpgrade  // daemon.upgrade: binary at P changed (A → B) — self-restarting for upgrade
	KindDaemonLockRace // daemon.lock_race: another daemon won the lock race (pid=N) — exiting
	KindDaemonReap     // daemon.orphan_reap: [bg] bg orphan-spare reap: N
	KindDaemonPrewarm  // daemon.prewarm: [bg] bg: post-takeover prewarm burst — respawned A/B stale workers, N refused (Count = refused)
	KindDaemonSpare    // daemon.spare: [bg] bg spare spawned host pid=N

	// claude-logs.md §7.8.
	KindVMBundleDeleted // vm.bundle_deleted: [deleteVMBundle] Deleted rootfs.vhdx: the VM's disk and what was on it are gone

	// claude-logs.md §7.9.
	KindVMUnsupported     // vm.unsupported: [cleanupVMBundleIfUnsupported] yukonSilver not supported: a refusal to start, no failed boot
	KindVMDownload        // vm.download: [downloadVM] …: the VM's bundle is being fetched (booting, not stalled)
	KindVMReinstall       // vm.reinstall: Reinstall files deleted (sessiondata.img and rootfs.img.zst preserved): a repair that kept the session data
	KindDaemonRespawnFail // daemon.respawn_failed: [supervisor] upgrade self-respawn failed to spawn: EACCES …: its workers are at risk

	// A new kind goes above this line, and its entry in kinds.go's table.
	KindCount // the number of kinds plus one (the zero Kind): not a kind
)

// Event is one parsed log entry. Every field but Time, File, Line and Kind
// is optional, and JSON output omits the empty ones, so `coworktop events |
// jq` sees one simple object per event (see eventjson.go: the JSON is flat,
// whatever the layout here).
//
// The fields most lines fill sit in the struct; the rarely filled ones (app
// start, update, VM, daemon and crash facts) sit behind Detail, nil on most
// events. A dense log yields an event every few lines, and each is written
// into a block's slice and read once by State.ApplyEvent: with every field
// inline the struct cost more than the line it came from.
// An Event is 176 bytes (TestEventSizeInComments holds the comments'
// figure to unsafe.Sizeof).
type Event struct {
	Time time.Time
	File string
	Line int
	// The small integers sit together after Kind; the text of an uncommon
	// level, reason or pressure is in Detail (LevelText, ReasonText,
	// PressureText).
	Kind     Kind
	Level    Level
	Reason   Reason             // warm|user (spawn), governor_evict|idle_timeout (pause), …
	Verb     Verb               // G2: evicting|would_evict
	Pressure host.PressureLevel // G4: warning|critical
	Health   Health             // session.cycle_health: healthy|unhealthy

	Session string // local_<uuid>, as logged

	Cap       int
	Effective int
	IdleS     int
	Count     int // G4 would-evict count, sessions stopped on quit, background tasks torn down, pauses declined, sessions warmed on relaunch
	Cwd       string
	Lifecycle string // WarmLifecycle tag: session|preview|cowork
	// TimeoutS and DurationMs are 32 bits, and share one word: a parser
	// caps them (vocab.CapInt32). DurationMs is a stall's, a cycle's or a VM
	// step's length: stalls and cycles fill every month of logs, and behind
	// Detail each cost an allocation.
	TimeoutS   int32
	DurationMs int32

	Memory *MemorySample

	// Text is the entry's first line (sanitised and capped) for kinds that
	// carry free text: unknown governor lines, failures, rate-limit signals.
	Text string

	// Detail holds the rare fields; nil when none is set. It is shared by
	// copies of the event and never changed once the event is parsed.
	Detail *EventDetail
}

// EventDetail is the fields of an Event that few kinds fill.
type EventDetail struct {
	Signal   string // session.crash: SIGKILL, …
	ExitCode *int   // session.crash, app.renderer_gone
	Bridge   string // session.pause_skipped: startup-policy|explicit
	Eligible int    // app.relaunch_resume: sessions eligible; daemon.prewarm: stale workers
	// PendingS: how long the app says its update has been pending
	// (app.update_deferred, app.update_restart after "pending for N hours").
	PendingS int64
	Marked   int // app.relaunch_resume: sessions marked
	// LowMemory: the daemon said it acted under low memory (daemon.retire
	// "[low memory]", daemon.settled "possibly low memory").
	LowMemory bool
	// NoResponse: session.cycle_health said hadFirstResponse=false (the
	// process never answered; after a crash it never ran: no return).
	NoResponse bool

	From     string // app.updated: the version before
	To       string // app.updated: the version now running
	Version  string // app.start; app.update_ready: the pending version
	Platform string
	Arch     string

	Step     string
	Phase    string // started|completed
	CPUs     int
	MemoryGB int
	MemoryMB int // cowork-service.log: "SizeInMB"

	LevelText    string // the level, when it is none the app writes (LevelOther)
	ReasonText   string // the reason, when no constant names it (ReasonOther)
	PressureText string // the G4 level, when no constant names it (host.PressureOther)
}

// ReasonText is the event's reason as logged ("" when none was).
func (e *Event) ReasonText() string {
	if e.Reason == ReasonOther {
		if e.Detail == nil {
			return ""
		}
		return e.Detail.ReasonText
	}
	return e.Reason.String()
}

// PressureText is the event's G4 level as logged ("" when none was).
func (e *Event) PressureText() string {
	if e.Pressure == host.PressureOther {
		if e.Detail == nil {
			return ""
		}
		return e.Detail.PressureText
	}
	return e.Pressure.String()
}

// LevelText is the event's level as logged ("" when none was).
func (e *Event) LevelText() string {
	if e.Level == LevelOther {
		if e.Detail == nil {
			return ""
		}
		return e.Detail.LevelText
	}
	return e.Level.String()
}

// Details returns a copy of the event's rare fields, all empty when it has
// none (a copy, so no reader can change a parsed event: write through
// Detailed).
func (e *Event) Details() EventDetail {
	if e.Detail == nil {
		return EventDetail{}
	}
	return *e.Detail
}

// Detailed returns the event's rare fields for writing, allocating them on
// first use. Only a parser calls it, before the event is handed on.
func (e *Event) Detailed() *EventDetail {
	if e.Detail == nil {
		e.Detail = new(EventDetail)
	}
	return e.Detail
}

// Health is what a session.cycle_health line says of the cycle.
type Health int8

// The cycle's health.
const (
	HealthNone      Health = iota // not a cycle_health event
	HealthGood                    // "healthy cycle for …"
	HealthUnhealthy               // "unhealthy cycle for …", or an error the cycle ended on
)

// MemorySample is one [process-memory] line. Figures are MB as logged.
type MemorySample struct {
	Trigger         string `json:"trigger,omitempty"` // interval|stall
	TreeRSSMB       int    `json:"tree_rss_mb"`
	TreeFootprintMB int    `json:"tree_footprint_mb"`
	ElectronCount   int    `json:"electron_count"`
	ElectronMB      int    `json:"electron_mb"`
	ChildCount      int    `json:"child_count"`
	ChildrenMB      int    `json:"children_mb"`
	SysFreeMB       int    `json:"sys_free_mb"`
	TotalMB         int    `json:"total_mb"`
	SysFreeRawMB    int    `json:"sys_free_raw_mb"`
}
