package governor

import (
	"fmt"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// kindInfo is everything the model knows of one event kind, in one place.
//
// To add a kind: a constant in event.go's block, then one entry below, in
// the same order. kinds_test.go fails until the entry has a name and words,
// and until docs/commands.md lists the name.
type kindInfo struct {
	// name is the kind's stable name, as `events`, the JSON outputs and
	// scripts read it ("governor.at_cap").
	name string
	// apply is the State method that folds the event in (ApplyEvent's
	// switch, apply.go). byNone: the kind changes nothing beyond what every
	// event does (times, risks, the log).
	apply applyBy
	// describe is the event's one line in the event log and `events`
	// (Describe), built only from parsed, sanitised fields.
	describe func(Event) string
	// logOnly: State reads the kind's Text only into its event log
	// (LogOnlyText).
	logOnly bool
	// tone is how loudly the event log shows the kind (LogTone).
	tone LogTone
	// unlogged kinds stay out of the event log: they are figures, not news.
	unlogged bool
	// notAlive kinds do not show that the app is running again after it went
	// down (a quit, a second copy that exits, the update restart itself).
	notAlive bool
}

// kinds is the table of event kinds, indexed by Kind. It is filled in init:
// its functions call Kind.String, which reads it, and Go refuses such a
// cycle in a variable's initialiser. So no package-level variable of
// governor may read a kind's name or words in its own initialiser (it
// would find the table empty); other packages are initialised after it.
var kinds [kindCount]kindInfo

// kindByName inverts the table's names.
var kindByName map[string]Kind

func init() {
	kinds = kindTable()
	kindByName = make(map[string]Kind, len(kinds))
	for k, info := range kinds {
		if info.name != "" {
			kindByName[info.name] = Kind(k)
		}
	}
}

// info is the kind's entry; the zero Kind and unknown values have an empty
// one.
func (k Kind) info() *kindInfo {
	if int(k) < len(kinds) {
		return &kinds[k]
	}
	return &kinds[0]
}

// kindTable is the entries. Each describe is the kind's words; longer ones
// sit in describe.go and daemon.go.
func kindTable() [kindCount]kindInfo {
	return [kindCount]kindInfo{
		// Governor decisions.
		KindAcquire: {name: "governor.acquire", apply: byGovernor, describe: func(e Event) string {
			return fmt.Sprintf("governor: acquire(%s) effective %d/%d", e.ReasonText(), e.Effective, e.Cap)
		}},
		KindAtCap: {name: "governor.at_cap", apply: byGovernor, tone: ToneCritical, describe: describeAtCap},
		KindYield: {name: "governor.yield", apply: byGovernor, tone: ToneWarn, describe: func(e Event) string {
			return fmt.Sprintf("governor: at cap, yielding %s spawn", e.ReasonText())
		}},
		KindPressure: {name: "governor.pressure", apply: byGovernor, tone: ToneWarn, describe: func(e Event) string {
			return fmt.Sprintf("governor: memory pressure %s, would evict %d, %d effective", e.PressureText(), e.Count, e.Effective)
		}},
		KindRatioFailed: {name: "governor.ratio_failed", apply: byGovernor, tone: ToneWarn, describe: func(Event) string {
			return "governor: getFreeMemoryRatio failed; pressure treated as clear"
		}},
		KindPressureEvict: {name: "governor.pressure_evict", apply: byGovernor, tone: ToneCritical, describe: func(e Event) string {
			return fmt.Sprintf("governor: PRESSURE EVICTING %s (idle %ds)", vocab.ShortID(e.Session), e.IdleS)
		}},
		KindGovernorUnknown: {name: "governor.unknown", apply: byGovernor, logOnly: true, tone: ToneWarn, describe: func(e Event) string {
			return "governor (unknown shape): " + e.Text
		}},

		// Session lifecycle.
		KindSessionStart: {name: "session.start", apply: bySession, describe: func(e Event) string {
			return fmt.Sprintf("session %s started in %s", vocab.ShortID(e.Session), ProjectName(e.Cwd))
		}},
		KindFocus:   {name: "session.focus", apply: bySession, describe: sessionWords("focused")},
		KindWarming: {name: "session.warming", apply: bySession, describe: sessionWords("warming")},
		KindIdleTimer: {name: "session.idle_timer", apply: bySession, describe: func(e Event) string {
			return fmt.Sprintf("session %s idle timer armed: %ds (%s)", vocab.ShortID(e.Session), e.TimeoutS, e.Lifecycle)
		}},
		KindIdleTimeout: {name: "session.idle_timeout", apply: bySession, tone: ToneEvicted, describe: func(e Event) string {
			return fmt.Sprintf("session %s idle timeout reached, disconnecting (%s)", vocab.ShortID(e.Session), e.Lifecycle)
		}},
		KindPause: {name: "session.pause", apply: bySession, tone: ToneEvicted, describe: func(e Event) string {
			return fmt.Sprintf("session %s paused (%s)", vocab.ShortID(e.Session), e.ReasonText())
		}},
		KindPauseSkipped:  {name: "session.pause_skipped", apply: byEnd, logOnly: true, describe: describePauseSkipped},
		KindRemoteControl: {name: "session.remote_control", apply: byEnd, describe: sessionWords("remote control enabled")},
		KindTurnEnd:       {name: "session.turn_end", apply: bySession, describe: sessionWords("turn ended")},
		KindCycleHealth:   {name: "session.cycle_health", apply: bySession, logOnly: true, describe: describeCycleHealth},
		KindStopAll: {name: "session.stop_all", apply: bySession, describe: func(e Event) string {
			return fmt.Sprintf("app quitting: stopping %d session(s)", e.Count)
		}},
		KindCrash: {name: "session.crash", apply: byEnd, describe: func(e Event) string {
			det := e.Details()
			return fmt.Sprintf("session %s CRASHED: process %s", vocab.ShortID(e.Session), Crash{Signal: det.Signal, ExitCode: det.ExitCode}.crashText())
		}},
		KindQueryDone: {name: "session.query_done", apply: byEnd, describe: sessionWords("query ended")},
		KindResume:    {name: "session.resume", apply: byEnd, describe: sessionWords("resumed")},
		KindTornDown: {name: "session.torn_down", apply: byEnd, describe: func(e Event) string {
			return fmt.Sprintf("session %s torn down: %d background task(s) lost", vocab.ShortID(e.Session), e.Count)
		}},
		KindPauseDeclined: {name: "session.pause_declined", apply: byEnd, describe: func(e Event) string {
			return fmt.Sprintf("session %s has declined %d idle pauses in a row: its process is not reaped", vocab.ShortID(e.Session), e.Count)
		}},

		// App and host-side facts.
		KindAppStart: {name: "app.start", apply: byApp, describe: func(e Event) string {
			det := e.Details()
			return fmt.Sprintf("app started: %s %s %s", det.Version, det.Platform, det.Arch)
		}},
		KindAppQuit:      {name: "app.quit", apply: byAppLifecycle, notAlive: true, describe: words("app quitting")},
		KindMemorySample: {name: "memory.sample", apply: byMemory, unlogged: true, describe: describeMemory},
		KindStall: {name: "app.event_loop_stall", apply: byStall, tone: ToneWarn, describe: func(e Event) string {
			return fmt.Sprintf("app main process blocked for %d ms", e.DurationMs)
		}},
		KindHeartbeat: {name: "app.scheduled_tasks", unlogged: true, describe: words("app heartbeat ([ScheduledTasks])")},
		KindRendererGone: {name: "app.renderer_gone", apply: byRendererGone, tone: ToneCritical, describe: func(e Event) string {
			if e.ReasonText() != "" {
				return fmt.Sprintf("%s (%s): %s", e.Kind, e.ReasonText(), e.Text)
			}
			return e.Kind.String() + ": " + e.Text
		}},
		KindUnresponsive: {name: "app.unresponsive", apply: byRendererGone, describe: nameAndText},
		KindRateLimit:    {name: "api.rate_limit", apply: byRateLimit, logOnly: true, describe: nameAndText},

		// Updates and relaunches.
		KindAppUpdated: {name: "app.updated", apply: byAppLifecycle, describe: func(e Event) string {
			return fmt.Sprintf("app updated: %s → %s", e.Details().From, e.Details().To)
		}},
		KindUpdateReady: {name: "app.update_ready", apply: byAppLifecycle, describe: func(e Event) string {
			return fmt.Sprintf("app update %s downloaded, waiting to install", e.Details().Version)
		}},
		KindUpdateRestart: {name: "app.update_restart", apply: byAppLifecycle, notAlive: true, describe: describeUpdateRestart},
		KindRelaunch:      {name: "app.relaunch", apply: byAppLifecycle, describe: words("app relaunched after an update")},
		KindRelaunchResume: {name: "app.relaunch_resume", apply: byAppLifecycle, describe: func(e Event) string {
			det := e.Details()
			return fmt.Sprintf("app relaunch: warmed %d of %d eligible session(s) (%d marked)", e.Count, det.Eligible, det.Marked)
		}},
		KindRemoteState: {name: "app.remote_control", apply: byRemoteState, describe: func(e Event) string {
			return "remote control: " + e.Text
		}},

		// Cowork VM and its service.
		KindVMConfig:     {name: "vm.config", apply: byVM, describe: vmConfigText},
		KindVMStep:       {name: "vm.step", apply: byVM, describe: describeVMStep},
		KindVMFailed:     {name: "vm.failed", apply: byVM, tone: ToneCritical, describe: nameAndText},
		KindVMReady:      {name: "vm.ready", apply: byVM, describe: words("vm: started")},
		KindVMBoot:       {name: "vm.boot", apply: byVM, describe: words("vm: boot attempt")},
		KindServiceStart: {name: "vm.service_start", apply: byService, describe: words("vm service starting")},
		KindServiceReady: {name: "vm.service_ready", apply: byService, describe: words("vm service ready")},
		KindServiceStop:  {name: "vm.service_stop", apply: byService, describe: words("vm service stopped")},

		// The Claude Code daemon.
		KindDaemonStart: {name: "daemon.start", apply: byDaemon, describe: func(e Event) string {
			if e.Details().Version != "" {
				return "claude code daemon started (" + e.Details().Version + ")"
			}
			return "claude code daemon started"
		}},
		KindDaemonShutdown: {name: "daemon.shutdown", apply: byDaemon, describe: func(e Event) string {
			return fmt.Sprintf("claude code daemon shutting down (%s)", e.ReasonText())
		}},
		KindDaemonAdopt: {name: "daemon.adopt", apply: byDaemon, describe: func(e Event) string {
			return fmt.Sprintf("claude code daemon: %d worker(s) found dead at start", e.Count)
		}},
		KindDaemonSpawn: {name: "daemon.spawn", apply: byDaemon, describe: func(e Event) string {
			return fmt.Sprintf("background worker %s started (%s)", vocab.ShortID(e.Session), e.ReasonText())
		}},
		KindDaemonSettled: {name: "daemon.settled", apply: byDaemon, describe: describeDaemonSettled},
		KindDaemonRetire:  {name: "daemon.retire", apply: byDaemon, describe: describeDaemonRetire},
		KindDaemonLowMemory: {name: "daemon.low_memory", apply: byDaemon, describe: func(e Event) string {
			return "claude code daemon: " + e.Text
		}},

		// Updates, second instances, the VM service and the daemon, as more
		// real logs show them (claude-logs.md §7.7).
		KindUpdateDeferred: {name: "app.update_deferred", apply: byAppLifecycle, describe: func(e Event) string {
			return fmt.Sprintf("app deferred its update restart (%s pending): %s", vocab.FormatDuration(time.Duration(e.Details().PendingS)*time.Second), e.Text)
		}},
		KindUpdateStaged: {name: "app.update_staged", apply: byAppLifecycle, describe: func(e Event) string {
			return fmt.Sprintf("app update %s staged, waiting to install", e.Details().Version)
		}},
		KindPTYKill: {name: "session.pty_kill", apply: bySession, describe: func(e Event) string {
			return fmt.Sprintf("app quitting: killing %d session terminal(s)", e.Count)
		}},
		KindSecondInstance: {name: "app.second_instance", apply: byAppLifecycle, notAlive: true, describe: func(e Event) string {
			return "a second copy of the app started and exited: " + e.Text
		}},
		KindRestartMarker: {name: "app.restart_marker", apply: byAppLifecycle, describe: words("app came back after an update restart")},
		KindPTYHostExit:   {name: "app.pty_host_exit", apply: byAppLifecycle, describe: describePTYHostExit},
		KindMCPGone: {name: "mcp.server_gone", apply: byMCPGone, describe: func(e Event) string {
			return "mcp server gone: " + e.Text
		}},
		KindVMNote:         {name: "vm.note", apply: byVM, logOnly: true, describe: vmText},
		KindServiceWarning: {name: "vm.service_warning", apply: byService, describe: vmText},
		KindDaemonUpgrade: {name: "daemon.upgrade", apply: byDaemon, describe: func(e Event) string {
			return fmt.Sprintf("claude code daemon restarting to upgrade: %s → %s", e.Details().From, e.Details().To)
		}},
		KindDaemonLockRace: {name: "daemon.lock_race", apply: byDaemon, describe: words("claude code daemon lost the lock race and exited: background sessions wait for a daemon")},
		KindDaemonReap: {name: "daemon.orphan_reap", apply: byDaemon, describe: func(e Event) string {
			return fmt.Sprintf("claude code daemon reaped %d orphan spare(s)", e.Count)
		}},
		KindDaemonPrewarm: {name: "daemon.prewarm", apply: byDaemon, describe: func(e Event) string {
			return fmt.Sprintf("claude code daemon prewarm after takeover: %d worker(s) refused, not brought back", e.Count)
		}},
		KindDaemonSpare: {name: "daemon.spare", apply: byDaemon, describe: words("claude code daemon: spare host spawned")},
		KindVMBundleDeleted: {name: "vm.bundle_deleted", apply: byVM, tone: ToneCritical, describe: func(e Event) string {
			return "vm: " + VMBundleDeletedText + ": " + e.Text
		}},

		// What a line proves, and more real lines (claude-logs.md §7.9).
		KindVMUnsupported: {name: "vm.unsupported", apply: byVM, tone: ToneWarn, describe: func(e Event) string {
			return "vm: " + VMUnsupportedText + ": " + e.Text
		}},
		KindVMDownload: {name: "vm.download", apply: byVM, describe: func(e Event) string {
			return "vm: downloading its bundle: " + e.Text
		}},
		KindVMReinstall: {name: "vm.reinstall", apply: byVM, describe: func(e Event) string {
			return "vm: repair deleted its reinstall files: " + e.Text
		}},
		KindDaemonRespawnFail: {name: "daemon.respawn_failed", apply: byDaemon, tone: ToneCritical, describe: func(e Event) string {
			return "claude code daemon: " + DaemonRespawnFailedText + ": " + e.Text
		}},
	}
}

// LogTone is how loudly the event log shows a kind; the screen picks the
// colour for each.
type LogTone uint8

// The tones, quietest first.
const (
	TonePlain    LogTone = iota // most kinds
	ToneEvicted                 // a session was paused or timed out
	ToneWarn                    // the governor held back, or the app stalled
	ToneCritical                // a session was evicted, a process died, the VM failed
)

// LogTone is the kind's tone in the event log.
func (k Kind) LogTone() LogTone { return k.info().tone }
