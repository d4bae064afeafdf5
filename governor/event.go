package governor

import "time"

// Kind names what an Event says. The values are stable: they appear in
// `coworktop events` output and scripts match on them.
type Kind string

// Governor decisions ([CliGovernor] lines, shapes G1–G6 in claude-logs.md).
const (
	KindAcquire         Kind = "governor.acquire"        // G1 acquire(reason) effective=E/C
	KindAtCap           Kind = "governor.at_cap"         // G2 at cap=C; evicting|would evict S (idle Ns) for R spawn
	KindYield           Kind = "governor.yield"          // G3 at cap; yielding R spawn
	KindPressure        Kind = "governor.pressure"       // G4 memory pressure (L): would evict N idle session(s), E effective
	KindRatioFailed     Kind = "governor.ratio_failed"   // G5 getFreeMemoryRatio failed
	KindPressureEvict   Kind = "governor.pressure_evict" // G6 pressure evicting S (idle Ns)
	KindGovernorUnknown Kind = "governor.unknown"        // a [CliGovernor] line of no known shape
)

// Session lifecycle (Code-tab "local" sessions).
const (
	KindSessionStart  Kind = "session.start"          // Starting local session S in CWD
	KindFocus         Kind = "session.focus"          // [CCD] LocalSessions.setFocusedSession: sessionId=S
	KindWarming       Kind = "session.warming"        // Warming session S / Warming up session S
	KindIdleTimer     Kind = "session.idle_timer"     // Starting idle timeout for S: Ns
	KindIdleTimeout   Kind = "session.idle_timeout"   // Idle timeout reached, disconnecting S
	KindPause         Kind = "session.pause"          // Pausing session S (reason)
	KindPauseSkipped  Kind = "session.pause_skipped"  // Skipping pause … remote control is active
	KindRemoteControl Kind = "session.remote_control" // Enabling remote control for session S
	KindTurnEnd       Kind = "session.turn_end"       // [Stop hook] Query completed for session S
	KindCycleHealth   Kind = "session.cycle_health"   // [CCD CycleHealth] …
	KindStopAll       Kind = "session.stop_all"       // [CCD] Stopping N active session(s) on quit

	KindCrash         Kind = "session.crash"          // Session S query error: Claude Code process terminated by signal X / exited with code N
	KindQueryDone     Kind = "session.query_done"     // Session S query iterator completed
	KindResume        Kind = "session.resume"         // Resuming session S
	KindTornDown      Kind = "session.torn_down"      // [CCD] Session S torn down with N live background task(s)
	KindPauseDeclined Kind = "session.pause_declined" // Session S has declined N consecutive idle pauses
)

// App and host-side facts from main.log.
const (
	KindAppStart     Kind = "app.start"            // Starting app { appVersion, platform, arch }
	KindAppQuit      Kind = "app.quit"             // beforeQuit / willQuit handlers
	KindMemorySample Kind = "memory.sample"        // [process-memory] …
	KindStall        Kind = "app.event_loop_stall" // [event-loop-stall] main process blocked for Nms
	KindHeartbeat    Kind = "app.scheduled_tasks"  // [ScheduledTasks] …: written every 60 s while the main process runs
	KindRendererGone Kind = "app.renderer_gone"    // Main webview render process gone / GPU process gone
	KindUnresponsive Kind = "app.unresponsive"     // Main webview is unresponsive, will kill and reload
	KindRateLimit    Kind = "api.rate_limit"       // an HTTP 429/529 status, rate_limit_error, overloaded_error

	KindAppUpdated     Kind = "app.updated"         // [updater] Version changed since last launch: A → B
	KindUpdateReady    Kind = "app.update_ready"    // [updater] Update downloaded and ready to install { releaseName: 'Claude X' }
	KindUpdateRestart  Kind = "app.update_restart"  // [stealth-update] Triggering stealth update after idle timeout
	KindRelaunch       Kind = "app.relaunch"        // [stealth-relaunch] Restoring navigation (…)
	KindRelaunchResume Kind = "app.relaunch_resume" // [CCD] Relaunch auto-resume: ran — warmed A of B eligible (C marked)
	KindRemoteState    Kind = "app.remote_control"  // Remote control enabled: / [rcAutoEnable] verdict: / [remote-control] bridge_state:
)

// Cowork VM (cowork_vm_node.log, cowork_vm_swift.log).
const (
	KindVMConfig Kind = "vm.config" // - CPUs: N / - Memory: NGB / [VM:start] memory=NGB / startVM … memoryGB=N
	KindVMStep   Kind = "vm.step"   // [VM:steps] step started|completed (Nms) / VM startup step: step started|completed
	KindVMFailed Kind = "vm.failed" // Startup failed / Connection timeout, last completed step
	KindVMReady  Kind = "vm.ready"  // Startup complete, total time: Nms / Linux VM started successfully
	KindVMBoot   Kind = "vm.boot"   // a new boot attempt begins (startVM called / Using bundle at / [VM:start] memory=)

	KindServiceStart Kind = "vm.service_start" // cowork-service.log: Claude VM Service starting...
	KindServiceReady Kind = "vm.service_ready" // cowork-service.log: Service ready. Listening on …
	KindServiceStop  Kind = "vm.service_stop"  // cowork-service.log: Service stopped.
)

// The Claude Code daemon (~/.claude/daemon.log): the CLI's supervisor of
// background sessions ("workers"). Session is the worker's short id.
const (
	KindDaemonStart     Kind = "daemon.start"      // [supervisor] ─── daemon start ─── version=V pid=N origin=O
	KindDaemonShutdown  Kind = "daemon.shutdown"   // [supervisor] shutting down (cause=C, …, live_workers=N) / idle Ns with no clients — exiting
	KindDaemonAdopt     Kind = "daemon.adopt"      // [bg] bg adopt: adopted=A respawned=R dead=D (Count = dead)
	KindDaemonSpawn     Kind = "daemon.spawn"      // [bg] bg spawned ID (claimant) / bg claimed-spare ID (claimant)
	KindDaemonSettled   Kind = "daemon.settled"    // [bg] bg settled ID (done|killed|crashed)[: reason] (Count = ×K)
	KindDaemonRetire    Kind = "daemon.retire"     // [bg] bg retire ID: why, idle N[ [low memory]]
	KindDaemonLowMemory Kind = "daemon.low_memory" // [bg] bg: low memory (NMB free) — retiring … / skipping …
)

// Event is one parsed log entry. It is deliberately flat: every field but
// Time, File, Line and Kind is optional, and JSON output omits the empty ones,
// so `coworktop events | jq` sees one simple object per event.
type Event struct {
	Time  time.Time `json:"time"`
	File  string    `json:"file"`
	Line  int       `json:"line"`
	Kind  Kind      `json:"kind"`
	Level string    `json:"level,omitempty"`

	Session string `json:"session,omitempty"` // local_<uuid>, as logged
	Reason  Reason `json:"reason,omitempty"`  // warm|user (spawn), governor_evict|idle_timeout (pause), …
	Verb    Verb   `json:"verb,omitempty"`    // G2: evicting|would_evict

	Cap        int    `json:"cap,omitempty"`
	Effective  int    `json:"effective,omitempty"`
	IdleS      int    `json:"idle_s,omitempty"`
	Count      int    `json:"count,omitempty"`    // G4 would-evict count, sessions stopped on quit, background tasks torn down, pauses declined, sessions warmed on relaunch
	Pressure   string `json:"pressure,omitempty"` // warning|critical
	Cwd        string `json:"cwd,omitempty"`
	Lifecycle  string `json:"lifecycle,omitempty"` // WarmLifecycle tag: session|preview|cowork
	TimeoutS   int    `json:"timeout_s,omitempty"`
	Healthy    *bool  `json:"healthy,omitempty"`
	DurationMs int64  `json:"duration_ms,omitempty"`

	Signal   string `json:"signal,omitempty"`    // session.crash: SIGKILL, …
	ExitCode *int   `json:"exit_code,omitempty"` // session.crash, app.renderer_gone
	Bridge   string `json:"bridge,omitempty"`    // session.pause_skipped: startup-policy|explicit
	Eligible int    `json:"eligible,omitempty"`  // app.relaunch_resume: sessions eligible
	Marked   int    `json:"marked,omitempty"`    // app.relaunch_resume: sessions marked
	// LowMemory: the daemon said it acted under low memory (daemon.retire
	// "[low memory]", daemon.settled "possibly low memory").
	LowMemory bool `json:"low_memory,omitempty"`

	From     string `json:"from,omitempty"`    // app.updated: the version before
	To       string `json:"to,omitempty"`      // app.updated: the version now running
	Version  string `json:"version,omitempty"` // app.start; app.update_ready: the pending version
	Platform string `json:"platform,omitempty"`
	Arch     string `json:"arch,omitempty"`

	Step     string `json:"step,omitempty"`
	Phase    string `json:"phase,omitempty"` // started|completed
	CPUs     int    `json:"cpus,omitempty"`
	MemoryGB int    `json:"memory_gb,omitempty"`
	MemoryMB int    `json:"memory_mb,omitempty"` // cowork-service.log: "SizeInMB"

	Memory *MemorySample `json:"memory,omitempty"`

	// Text is the entry's first line (sanitised and capped) for kinds that
	// carry free text: unknown governor lines, failures, rate-limit signals.
	Text string `json:"text,omitempty"`
}

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
