package event

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
	// route is the State method that folds the event in (governor's
	// ApplyEvent switches on it). RouteNone: the kind changes nothing beyond
	// what every event does (times, risks, the log).
	route Route
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
// init, so no package-level variable of event may read a kind's name in
// its own initialiser (it would find the table empty); other packages are
// initialised after it.
var kinds [KindCount]kindInfo

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
func kindTable() [KindCount]kindInfo {
	return [KindCount]kindInfo{
		// Governor decisions.
		KindAcquire:         {name: "governor.acquire", route: RouteGovernor},
		KindAtCap:           {name: "governor.at_cap", route: RouteGovernor, tone: ToneCritical},
		KindYield:           {name: "governor.yield", route: RouteGovernor, tone: ToneWarn},
		KindPressure:        {name: "governor.pressure", route: RouteGovernor, tone: ToneWarn},
		KindRatioFailed:     {name: "governor.ratio_failed", route: RouteGovernor, tone: ToneWarn},
		KindPressureEvict:   {name: "governor.pressure_evict", route: RouteGovernor, tone: ToneCritical},
		KindGovernorUnknown: {name: "governor.unknown", route: RouteGovernor, logOnly: true, tone: ToneWarn},

		// Session lifecycle.
		KindSessionStart:  {name: "session.start", route: RouteSession},
		KindFocus:         {name: "session.focus", route: RouteSession},
		KindWarming:       {name: "session.warming", route: RouteSession},
		KindIdleTimer:     {name: "session.idle_timer", route: RouteSession},
		KindIdleTimeout:   {name: "session.idle_timeout", route: RouteSession, tone: ToneEvicted},
		KindPause:         {name: "session.pause", route: RouteSession, tone: ToneEvicted},
		KindPauseSkipped:  {name: "session.pause_skipped", route: RouteEnd, logOnly: true},
		KindRemoteControl: {name: "session.remote_control", route: RouteEnd},
		KindTurnEnd:       {name: "session.turn_end", route: RouteSession},
		KindCycleHealth:   {name: "session.cycle_health", route: RouteSession, logOnly: true},
		KindStopAll:       {name: "session.stop_all", route: RouteSession},
		KindCrash:         {name: "session.crash", route: RouteEnd},
		KindQueryDone:     {name: "session.query_done", route: RouteEnd},
		KindResume:        {name: "session.resume", route: RouteEnd},
		KindTornDown:      {name: "session.torn_down", route: RouteEnd},
		KindPauseDeclined: {name: "session.pause_declined", route: RouteEnd},

		// App and host-side facts.
		KindAppStart:     {name: "app.start", route: RouteApp},
		KindAppQuit:      {name: "app.quit", route: RouteAppLifecycle, notAlive: true},
		KindMemorySample: {name: "memory.sample", route: RouteMemory, unlogged: true},
		KindStall:        {name: "app.event_loop_stall", route: RouteStall, tone: ToneWarn},
		KindHeartbeat:    {name: "app.scheduled_tasks", unlogged: true},
		KindRendererGone: {name: "app.renderer_gone", route: RouteRendererGone, tone: ToneCritical},
		KindUnresponsive: {name: "app.unresponsive", route: RouteRendererGone},
		KindRateLimit:    {name: "api.rate_limit", route: RouteRateLimit, logOnly: true},

		// Updates and relaunches.
		KindAppUpdated:     {name: "app.updated", route: RouteAppLifecycle},
		KindUpdateReady:    {name: "app.update_ready", route: RouteAppLifecycle},
		KindUpdateRestart:  {name: "app.update_restart", route: RouteAppLifecycle, notAlive: true},
		KindRelaunch:       {name: "app.relaunch", route: RouteAppLifecycle},
		KindRelaunchResume: {name: "app.relaunch_resume", route: RouteAppLifecycle},
		KindRemoteState:    {name: "app.remote_control", route: RouteRemoteState},

		// Cowork VM and its service.
		KindVMConfig:     {name: "vm.config", route: RouteVM},
		KindVMStep:       {name: "vm.step", route: RouteVM},
		KindVMFailed:     {name: "vm.failed", route: RouteVM, tone: ToneCritical},
		KindVMReady:      {name: "vm.ready", route: RouteVM},
		KindVMBoot:       {name: "vm.boot", route: RouteVM},
		KindServiceStart: {name: "vm.service_start", route: RouteService},
		KindServiceReady: {name: "vm.service_ready", route: RouteService},
		KindServiceStop:  {name: "vm.service_stop", route: RouteService},

		// The Claude Code daemon.
		KindDaemonStart:     {name: "daemon.start", route: RouteDaemon},
		KindDaemonShutdown:  {name: "daemon.shutdown", route: RouteDaemon},
		KindDaemonAdopt:     {name: "daemon.adopt", route: RouteDaemon},
		KindDaemonSpawn:     {name: "daemon.spawn", route: RouteDaemon},
		KindDaemonSettled:   {name: "daemon.settled", route: RouteDaemon},
		KindDaemonRetire:    {name: "daemon.retire", route: RouteDaemon},
		KindDaemonLowMemory: {name: "daemon.low_memory", route: RouteDaemon},

		// Updates, second instances, the VM service and the daemon, as more
		// real logs show them (claude-logs.md §7.7).
		KindUpdateDeferred:  {name: "app.update_deferred", route: RouteAppLifecycle},
		KindUpdateStaged:    {name: "app.update_staged", route: RouteAppLifecycle},
		KindPTYKill:         {name: "session.pty_kill", route: RouteSession},
		KindSecondInstance:  {name: "app.second_instance", route: RouteAppLifecycle, notAlive: true},
		KindRestartMarker:   {name: "app.restart_marker", route: RouteAppLifecycle},
		KindPTYHostExit:     {name: "app.pty_host_exit", route: RouteAppLifecycle},
		KindMCPGone:         {name: "mcp.server_gone", route: RouteMCPGone},
		KindVMNote:          {name: "vm.note", route: RouteVM, logOnly: true},
		KindServiceWarning:  {name: "vm.service_warning", route: RouteService},
		KindDaemonUpgrade:   {name: "daemon.upgrade", route: RouteDaemon},
		KindDaemonLockRace:  {name: "daemon.lock_race", route: RouteDaemon},
		KindDaemonReap:      {name: "daemon.orphan_reap", route: RouteDaemon},
		KindDaemonPrewarm:   {name: "daemon.prewarm", route: RouteDaemon},
		KindDaemonSpare:     {name: "daemon.spare", route: RouteDaemon},
		KindVMBundleDeleted: {name: "vm.bundle_deleted", route: RouteVM, tone: ToneCritical},

		// What a line proves, and more real lines (claude-logs.md §7.9).
		KindVMUnsupported:     {name: "vm.unsupported", route: RouteVM, tone: ToneWarn},
		KindVMDownload:        {name: "vm.download", route: RouteVM},
		KindVMReinstall:       {name: "vm.reinstall", route: RouteVM},
		KindDaemonRespawnFail: {name: "daemon.respawn_failed", route: RouteDaemon, tone: ToneCritical},
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

// Route is the governor method that folds the kind in.
func (k Kind) Route() Route { return k.info().route }

// Unlogged says the kind stays out of the event log (a figure, not news).
func (k Kind) Unlogged() bool { return k.info().unlogged }

// NotAlive says the kind does not show that the app runs again after it went
// down (a quit, a second copy that exits, the update restart itself).
func (k Kind) NotAlive() bool { return k.info().notAlive }
