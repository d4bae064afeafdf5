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
)

// App and host-side facts from main.log.
const (
	KindAppStart     Kind = "app.start"            // Starting app { appVersion, platform, arch }
	KindAppQuit      Kind = "app.quit"             // beforeQuit / willQuit handlers
	KindMemorySample Kind = "memory.sample"        // [process-memory] …
	KindStall        Kind = "app.event_loop_stall" // [event-loop-stall] main process blocked for Nms
	KindRendererGone Kind = "app.renderer_gone"    // Main webview render process gone / GPU process gone
	KindUnresponsive Kind = "app.unresponsive"     // Main webview is unresponsive, will kill and reload
	KindRateLimit    Kind = "api.rate_limit"       // an HTTP 429/529 status, rate_limit_error, overloaded_error
)

// Cowork VM (cowork_vm_node.log, cowork_vm_swift.log).
const (
	KindVMConfig Kind = "vm.config" // - CPUs: N / - Memory: NGB / [VM:start] memory=NGB / startVM … memoryGB=N
	KindVMStep   Kind = "vm.step"   // [VM:steps] step started|completed (Nms) / VM startup step: step started|completed
	KindVMFailed Kind = "vm.failed" // Startup failed / Connection timeout, last completed step
	KindVMReady  Kind = "vm.ready"  // Startup complete, total time: Nms / Linux VM started successfully
	KindVMBoot   Kind = "vm.boot"   // a new boot attempt begins (startVM called / Using bundle at / [VM:start] memory=)
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
	Reason  string `json:"reason,omitempty"`  // warm|user (spawn), governor_evict|idle_timeout (pause), …
	Verb    string `json:"verb,omitempty"`    // G2: evicting|would_evict

	Cap        int    `json:"cap,omitempty"`
	Effective  int    `json:"effective,omitempty"`
	IdleS      int    `json:"idle_s,omitempty"`
	Count      int    `json:"count,omitempty"`    // G4 would-evict count, sessions stopped on quit
	Pressure   string `json:"pressure,omitempty"` // warning|critical
	Cwd        string `json:"cwd,omitempty"`
	Lifecycle  string `json:"lifecycle,omitempty"` // WarmLifecycle tag: session|preview|cowork
	TimeoutS   int    `json:"timeout_s,omitempty"`
	Healthy    *bool  `json:"healthy,omitempty"`
	DurationMs int64  `json:"duration_ms,omitempty"`

	Version  string `json:"version,omitempty"`
	Platform string `json:"platform,omitempty"`
	Arch     string `json:"arch,omitempty"`

	Step     string `json:"step,omitempty"`
	Phase    string `json:"phase,omitempty"` // started|completed
	CPUs     int    `json:"cpus,omitempty"`
	MemoryGB int    `json:"memory_gb,omitempty"`

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
