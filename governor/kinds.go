package governor

// kindInfo is everything the model knows of one event kind, in one place.
//
// To add a kind: a constant in event.go's block, then one entry below, in
// the same order, and its words in words/describe.go. kinds_test.go fails
// until the entry has a name and docs/commands.md lists it;
// words/describe_test.go until it has words.
type kindInfo struct {
	// name is the kind's stable name, as `events`, the JSON outputs and
	// scripts read it ("governor.at_cap").
	name string
	// apply is the State method that folds the event in (ApplyEvent's
	// switch, apply.go). byNone: the kind changes nothing beyond what every
	// event does (times, risks, the log).
	apply applyBy
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

// kinds is the table of event kinds, indexed by Kind. It is filled in
// init, so no package-level variable of governor may read a kind's name in
// its own initialiser (it would find the table empty); other packages are
// initialised after it.
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

// kindTable is the entries; their words are words' (words/describe.go).
func kindTable() [kindCount]kindInfo {
	return [kindCount]kindInfo{
		// Governor decisions.
		KindAcquire:         {name: "governor.acquire", apply: byGovernor},
		KindAtCap:           {name: "governor.at_cap", apply: byGovernor, tone: ToneCritical},
		KindYield:           {name: "governor.yield", apply: byGovernor, tone: ToneWarn},
		KindPressure:        {name: "governor.pressure", apply: byGovernor, tone: ToneWarn},
		KindRatioFailed:     {name: "governor.ratio_failed", apply: byGovernor, tone: ToneWarn},
		KindPressureEvict:   {name: "governor.pressure_evict", apply: byGovernor, tone: ToneCritical},
		KindGovernorUnknown: {name: "governor.unknown", apply: byGovernor, logOnly: true, tone: ToneWarn},

		// Session lifecycle.
		KindSessionStart:  {name: "session.start", apply: bySession},
		KindFocus:         {name: "session.focus", apply: bySession},
		KindWarming:       {name: "session.warming", apply: bySession},
		KindIdleTimer:     {name: "session.idle_timer", apply: bySession},
		KindIdleTimeout:   {name: "session.idle_timeout", apply: bySession, tone: ToneEvicted},
		KindPause:         {name: "session.pause", apply: bySession, tone: ToneEvicted},
		KindPauseSkipped:  {name: "session.pause_skipped", apply: byEnd, logOnly: true},
		KindRemoteControl: {name: "session.remote_control", apply: byEnd},
		KindTurnEnd:       {name: "session.turn_end", apply: bySession},
		KindCycleHealth:   {name: "session.cycle_health", apply: bySession, logOnly: true},
		KindStopAll:       {name: "session.stop_all", apply: bySession},
		KindCrash:         {name: "session.crash", apply: byEnd},
		KindQueryDone:     {name: "session.query_done", apply: byEnd},
		KindResume:        {name: "session.resume", apply: byEnd},
		KindTornDown:      {name: "session.torn_down", apply: byEnd},
		KindPauseDeclined: {name: "session.pause_declined", apply: byEnd},

		// App and host-side facts.
		KindAppStart:     {name: "app.start", apply: byApp},
		KindAppQuit:      {name: "app.quit", apply: byAppLifecycle, notAlive: true},
		KindMemorySample: {name: "memory.sample", apply: byMemory, unlogged: true},
		KindStall:        {name: "app.event_loop_stall", apply: byStall, tone: ToneWarn},
		KindHeartbeat:    {name: "app.scheduled_tasks", unlogged: true},
		KindRendererGone: {name: "app.renderer_gone", apply: byRendererGone, tone: ToneCritical},
		KindUnresponsive: {name: "app.unresponsive", apply: byRendererGone},
		KindRateLimit:    {name: "api.rate_limit", apply: byRateLimit, logOnly: true},

		// Updates and relaunches.
		KindAppUpdated:     {name: "app.updated", apply: byAppLifecycle},
		KindUpdateReady:    {name: "app.update_ready", apply: byAppLifecycle},
		KindUpdateRestart:  {name: "app.update_restart", apply: byAppLifecycle, notAlive: true},
		KindRelaunch:       {name: "app.relaunch", apply: byAppLifecycle},
		KindRelaunchResume: {name: "app.relaunch_resume", apply: byAppLifecycle},
		KindRemoteState:    {name: "app.remote_control", apply: byRemoteState},

		// Cowork VM and its service.
		KindVMConfig:     {name: "vm.config", apply: byVM},
		KindVMStep:       {name: "vm.step", apply: byVM},
		KindVMFailed:     {name: "vm.failed", apply: byVM, tone: ToneCritical},
		KindVMReady:      {name: "vm.ready", apply: byVM},
		KindVMBoot:       {name: "vm.boot", apply: byVM},
		KindServiceStart: {name: "vm.service_start", apply: byService},
		KindServiceReady: {name: "vm.service_ready", apply: byService},
		KindServiceStop:  {name: "vm.service_stop", apply: byService},

		// The Claude Code daemon.
		KindDaemonStart:     {name: "daemon.start", apply: byDaemon},
		KindDaemonShutdown:  {name: "daemon.shutdown", apply: byDaemon},
		KindDaemonAdopt:     {name: "daemon.adopt", apply: byDaemon},
		KindDaemonSpawn:     {name: "daemon.spawn", apply: byDaemon},
		KindDaemonSettled:   {name: "daemon.settled", apply: byDaemon},
		KindDaemonRetire:    {name: "daemon.retire", apply: byDaemon},
		KindDaemonLowMemory: {name: "daemon.low_memory", apply: byDaemon},

		// Updates, second instances, the VM service and the daemon, as more
		// real logs show them (claude-logs.md §7.7).
		KindUpdateDeferred:  {name: "app.update_deferred", apply: byAppLifecycle},
		KindUpdateStaged:    {name: "app.update_staged", apply: byAppLifecycle},
		KindPTYKill:         {name: "session.pty_kill", apply: bySession},
		KindSecondInstance:  {name: "app.second_instance", apply: byAppLifecycle, notAlive: true},
		KindRestartMarker:   {name: "app.restart_marker", apply: byAppLifecycle},
		KindPTYHostExit:     {name: "app.pty_host_exit", apply: byAppLifecycle},
		KindMCPGone:         {name: "mcp.server_gone", apply: byMCPGone},
		KindVMNote:          {name: "vm.note", apply: byVM, logOnly: true},
		KindServiceWarning:  {name: "vm.service_warning", apply: byService},
		KindDaemonUpgrade:   {name: "daemon.upgrade", apply: byDaemon},
		KindDaemonLockRace:  {name: "daemon.lock_race", apply: byDaemon},
		KindDaemonReap:      {name: "daemon.orphan_reap", apply: byDaemon},
		KindDaemonPrewarm:   {name: "daemon.prewarm", apply: byDaemon},
		KindDaemonSpare:     {name: "daemon.spare", apply: byDaemon},
		KindVMBundleDeleted: {name: "vm.bundle_deleted", apply: byVM, tone: ToneCritical},

		// What a line proves, and more real lines (claude-logs.md §7.9).
		KindVMUnsupported:     {name: "vm.unsupported", apply: byVM, tone: ToneWarn},
		KindVMDownload:        {name: "vm.download", apply: byVM},
		KindVMReinstall:       {name: "vm.reinstall", apply: byVM},
		KindDaemonRespawnFail: {name: "daemon.respawn_failed", apply: byDaemon, tone: ToneCritical},
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
