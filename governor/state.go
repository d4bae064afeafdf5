package governor

import (
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/internal/ring"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/vocab"
)

// Governor constants as of app v1.11847.5 (claude-logs.md §2). They are used
// only for coworktop's estimates; what the app logs always wins.
const (
	MinVictimIdle   = 60 * time.Second // the governor never evicts a session idle less than this
	capFloor        = 6
	ramPerSession   = 3 << 30 // cap = max(6, floor(RAM / 3 GiB))
	explainWindow   = 10 * time.Second
	effectiveFresh  = 2 * time.Minute
	stepStalledWhen = 90 * time.Second
)

// Limits bound everything State remembers, so a monitor left running for
// weeks (or a report over a gigabyte of log) keeps flat memory.
type Limits struct {
	Outcomes      int // recent evictions/yields/pressure events for the UI
	Evictions     int // evictions kept for the report timeline
	LogLines      int // event-log pane (0: none kept, as `report` shows none)
	MemorySamples int // [process-memory] history
	HostSamples   int // host memory history (sparkline)
	EndedSessions int // paused/disconnected sessions remembered
}

// DefaultLimits suit the live TUI and the report alike.
func DefaultLimits() Limits {
	return Limits{Outcomes: 200, Evictions: 5000, LogLines: 500, MemorySamples: 720, HostSamples: 900, EndedSessions: 200}
}

// State folds events, host samples and process groups. It is not safe for
// concurrent use: one goroutine (the UI's update loop, or the caller holding a
// lock) owns it.
type State struct {
	limits Limits

	unroutedKinds unroutedKinds // kinds a route had no case for (unrouted.go)

	app         AppView
	loggedCap   int
	loggedCapAt time.Time // when the cap was last logged: a fact that outlives an app restart, with its age
	effective   EffectiveView
	pressure    host.PressureLevel
	pressureOth string // the logged level's text when it is host.PressureOther
	pressureAt  time.Time
	counts      Counts

	sessions  map[string]*session
	live      []*session    // the live sessions of the map, in no order (setState keeps it)
	ended     []*session    // the ended sessions of the map in the Sessions order (session_ended.go)
	recent    [8]*session   // the session last got of each recentSlot, always one in sessions under its id
	pruneAt   int           // map size at which pruneEnded runs its next pass
	pruneBuf  []activityKey // pruneEnded's scratch, reused
	pruneWork int           // sessions visited by pruning, so a test can check it stays amortised O(1)
	endedGen  uint64        // the ended sessions' generation: endedBlock is built again when it moves
	forgotten []*session    // sessions forgotten during this event (session_spare.go)
	spare     []*session    // forgotten sessions ready to be used again

	outcomes        *ring.Ring[Outcome]
	evictions       *ring.Ring[Outcome]
	evictionsHidden int
	crashes         *ring.Ring[Crash]
	crashesHidden   int
	loss            losses
	risk            riskState
	daemon          daemonState
	quit            quit            // the last quit, its lines folded into one
	undo            startUndo       // what the last app start changed, in case it was a second instance
	pending         pendingUpdate   // an update downloaded or staged and not installed
	relaunchAt      time.Time       // the last relaunch line
	curRestart      *restartAudit   // the last update restart, followed through the relaunch (restart.go)
	restarts        []*restartAudit // every update restart kept, oldest first (maxRestarts)
	evTime          time.Time       // the event being applied: when a session comes back, and by which line
	evKind          event.Kind
	records         recordState
	snapMemo        snapshotMemo        // what a snapshot keeps for the next (snapshot_memo.go)
	endedBlock      endedBlock          // the Sessions list's ended rows (session_ended_views.go)
	log             *ring.Ring[logItem] // described lazily, once, at snapshot time: Apply is the hot path
	memory          *ring.Ring[event.MemorySample]
	memoryAt        *ring.Ring[time.Time]
	host            *host.HostMemory      // the latest sample
	hostHistory     *ring.Ring[HostPoint] // what the timeline draws
	groups          []host.ProcessGroup
	groupsAt        time.Time
	memJoin         memoryJoin // the scan's members per session (session_memory.go)
	svcVM           serviceVM  // cowork-service.log's last VM start (hyperv.go)
	// stallAfter and waitLongAfter: the stalled and long-wait thresholds
	// (stalled.go; zero: the defaults).
	stallAfter, waitLongAfter time.Duration
	files                     []event.FileStatus
	fileAt                    map[string]int // index in files by name (20 000 generations: no linear search per update)
	// filesShared: snapshots hold files[:filesShared] as it is, so a change
	// of one of those copies files first; a new file is appended past what
	// they see (20 000 generations: a snapshot copies no status, and a
	// backfill, which adds them one by one, copies none either). Atomic:
	// snapshots may be taken at once.
	filesShared  atomic.Int64
	quota        quota.Store          // quota readings per source and window (quota/store.go)
	quotaErrors  map[quota.Source]int // the quota reader's failed reads per source
	quotaRefused map[quota.Source]int // the quota reader's implausible readings per source
	usage        *usageState          // the live sessions' transcripts (state_share.go)

	vm        VMView
	warm      warmUndo            // the last warm of a session not live, undone if the governor refuses it (returns.go)
	stuck     stuckQuit           // the app went on writing after its update quit, with no new start (quit_alive.go)
	vmOut     vmOutage            // a failed boot not yet followed by a running VM (vm_repair.go)
	vmDecided time.Time           // the newest line that set the VM's state: an older one, come late from a slower file, changes it no more
	openSteps map[string]openStep // step → the attempt in progress
	vmBoots   vmBoots             // boot attempts and failures, per VM log
	last      time.Time           // time of the newest event
	first     time.Time
}

// logItem is an event kept for the event-log pane; line is what the
// pane shows of it, filled in the first time a snapshot shows it (named).
type logItem struct {
	ev    event.Event
	named bool
	line  LogLine
}

// New returns an empty State with the given limits.
func New(l Limits) *State {
	return &State{
		limits:      l,
		sessions:    map[string]*session{},
		outcomes:    ring.New[Outcome](l.Outcomes),
		evictions:   ring.New[Outcome](l.Evictions),
		crashes:     ring.New[Crash](l.Evictions),
		loss:        newLosses(l.Evictions),
		log:         ring.New[logItem](l.LogLines),
		memory:      ring.New[event.MemorySample](l.MemorySamples),
		memoryAt:    ring.New[time.Time](l.MemorySamples),
		hostHistory: ring.New[HostPoint](l.HostSamples),
		openSteps:   map[string]openStep{},
		vm:          VMView{State: event.VMUnknown},
		counts:      Counts{MinSysFreeMB: -1},
	}
}

// Span is the time of the first and the newest event applied.
func (s *State) Span() (first, last time.Time) { return s.first, s.last }

// Evictions returns the real evictions in log order (bounded by
// Limits.Evictions) and how many older ones were not kept.
func (s *State) Evictions() ([]Outcome, int) {
	return s.evictions.Items(), s.evictionsHidden
}

// EvictionCount is every real eviction applied, kept or not: what
// Evictions returns, counted without copying the kept ones (the live
// view reads it at every delivery; the list grows all day to its bound).
func (s *State) EvictionCount() int {
	return s.evictions.Len() + s.evictionsHidden
}

// ApplyHost records a host memory sample.
func (s *State) ApplyHost(h host.HostMemory) {
	s.host = &h
	free := h.Available
	if !free.Known {
		free = h.Free
	}
	if free.Known && h.Total.Known {
		s.hostHistory.Push(HostPoint{At: h.At, Free: free.Value, Total: h.Total.Value})
	}
}

// ApplyGroups records the process scanner's latest groups.
func (s *State) ApplyGroups(at time.Time, groups []host.ProcessGroup) {
	s.groups = append(s.groups[:0], groups...)
	s.groupsAt = at
	s.joinMemory()
}

// Finish marks the end of the log: VM startup steps still open never
// completed, so they count as boot stalls (the report's rule).
func (s *State) Finish() {
	s.counts.VMBootStalls += len(s.openSteps)
	clear(s.openSteps)
	s.vm.BootStalls = s.counts.VMBootStalls
}

// Apply folds one event into the state.
func (s *State) Apply(e event.Event) { s.ApplyEvent(&e) }

// ApplyEvent is Apply without copying the event (an Event is 176 bytes):
// report's hot path. The state keeps nothing that points into e. The kind
// table (event/kinds.go) says which apply method takes each kind.
func (s *State) ApplyEvent(e *event.Event) {
	if len(s.forgotten) > 0 {
		s.recycleForgotten()
	}
	s.counts.Entries++
	s.evTime, s.evKind = e.Time, e.Kind
	s.keepWarm(e)
	if s.first.IsZero() || !e.Time.IsZero() && e.Time.Before(s.first) { // files are read one after another
		s.first = e.Time
	}
	if e.Time.After(s.last) {
		s.last = e.Time
	}
	s.apply(e.Kind.Route(), e)
	if !s.app.DownSince.IsZero() && !e.Kind.NotAlive() {
		s.noteAppAlive(e)
	}
	if s.stuck.open && isMainLog(e.File) {
		s.extendStuck(e.Time)
	}
	if s.curRestart != nil {
		s.restartFollow(e)
	}
	s.risk.observe(s, e)
	if !e.Kind.Unlogged() && s.limits.LogLines > 0 {
		s.log.Push(logItem{ev: *e})
	}
}

// The kinds that only count.
func (s *State) applyMCPGone(*event.Event)     { s.counts.MCPGone++ }
func (s *State) applyRemoteState(*event.Event) { s.counts.RemoteControlLines++ }
func (s *State) applyStall(*event.Event)       { s.counts.Stalls++ }
func (s *State) applyRateLimit(*event.Event)   { s.counts.RateLimitHits++ }

// applyRendererGone counts a renderer that died or hung, and the OOMs among
// them.
func (s *State) applyRendererGone(e *event.Event) {
	s.counts.RendererGone++
	if e.Reason == event.ReasonOOM {
		s.counts.RendererOOM++
	}
	if isGPUCrash(e) && s.app.Platform == "win32" {
		s.gpuCrash(e)
	}
}

// GPUCrashText is what a GPU process crash does on Windows: "GPU process
// gone: { type: 'GPU', reason: 'crashed', … }" takes the whole app down
// with every session (#81698, #84980, #85934, #89264).
const GPUCrashText = "the app went down with its GPU process (Windows)"

// isGPUCrash: "GPU process gone: { type: 'GPU', reason: 'crashed', … }".
func isGPUCrash(e *event.Event) bool {
	return e.Kind == event.KindRendererGone && e.ReasonText() == "crashed" && strings.HasPrefix(e.Text, "GPU process gone")
}

// gpuCrash: the app is gone, and every live session with it.
func (s *State) gpuCrash(e *event.Event) {
	s.counts.AppCrashes++
	for _, sess := range slices.Clone(s.live) {
		s.lost(Loss{Time: e.Time, Session: sess.id, Cause: LossCrash, File: e.File, Line: e.Line, Detail: GPUCrashText})
		s.end(sess, event.EndCrash)
	}
	s.app.DownSince, s.app.DownBy = e.Time, AppEndCrash
	s.quit.at, s.quit.last = time.Time{}, e.Time // down until a line written after quitGrace
	s.effective = EffectiveView{}
}

func (s *State) applyGovernor(e *event.Event) {
	c := &s.counts
	switch e.Kind {
	case event.KindAcquire:
		s.loggedCap, s.loggedCapAt = e.Cap, e.Time
		s.setEffective(e)
	case event.KindAtCap:
		s.loggedCap, s.loggedCapAt = e.Cap, e.Time
		sess := s.touchIdle(e.Session, e.Time, e.IdleS)
		cause, other := reasonCause(e)
		if e.Verb == event.VerbEvicting {
			c.AtCapEvicting++
			s.evict(sess, e, cause, other)
		} else {
			c.AtCapWouldEvict++
			s.outcomes.Push(Outcome{Time: e.Time, Kind: e.Kind, Session: e.Session, IdleS: e.IdleS, IdleSource: vocab.SourceLogged, Cause: cause, Other: other, File: e.File, Line: e.Line})
		}
	case event.KindYield:
		c.Yields++
		cause, other := reasonCause(e)
		refused := ""
		if e.Reason == event.ReasonWarm {
			refused = s.warmRefused(e.Time) // that session stays as it was: no return
		}
		s.outcomes.Push(Outcome{Time: e.Time, Kind: e.Kind, Session: refused, Cause: cause, Other: other, File: e.File, Line: e.Line})
	case event.KindPressure:
		switch e.Pressure {
		case host.PressureWarning:
			c.PressureWarning++
		case host.PressureCritical:
			c.PressureCritical++
		}
		s.pressure, s.pressureOth, s.pressureAt = e.Pressure, "", e.Time
		if e.Pressure == host.PressureOther {
			s.pressureOth = e.PressureText()
		}
		s.setEffective(e)
		cause, other := pressureCause(e)
		s.outcomes.Push(Outcome{Time: e.Time, Kind: e.Kind, Cause: cause, Other: other, File: e.File, Line: e.Line})
	case event.KindPressureEvict:
		c.PressureEvicts++
		sess := s.touchIdle(e.Session, e.Time, e.IdleS)
		s.evict(sess, e, event.CausePressure, "")
	case event.KindGovernorUnknown:
		c.Unknown++
	case event.KindRatioFailed:
		// The event log says it; no figure counts it.
	default:
		s.unrouted(e)
	}
}

func (s *State) setEffective(e *event.Event) {
	s.effective = EffectiveView{Value: e.Effective, Source: vocab.SourceLogged, At: e.Time}
	s.counts.MaxEffective = max(s.counts.MaxEffective, e.Effective)
}

// evict records a real eviction and pauses the session.
func (s *State) evict(sess *session, e *event.Event, cause event.Cause, other string) {
	sess.lastEvict = e.Time
	s.setState(sess, StatePaused, event.ReasonGovernorEvict)
	sess.evictions++
	s.recordEviction(Outcome{Time: e.Time, Kind: e.Kind, Session: e.Session, IdleS: e.IdleS, IdleSource: vocab.SourceLogged, Cause: cause, Other: other, Eviction: true, File: e.File, Line: e.Line})
}

func (s *State) recordEviction(o Outcome) {
	c := &s.counts
	c.Evictions++
	switch o.Cause {
	case event.CauseWarm:
		c.EvictionsWarm++
	case event.CauseUser:
		c.EvictionsUser++
	case event.CausePressure:
		c.EvictionsPress++
	default:
		c.EvictionsUnknown++
	}
	s.outcomes.Push(o)
	s.lost(evictionLoss(o))
	// A ring, not a sliding slice: re-slicing a full window of thousands
	// copied it whole every few hundred evictions.
	if s.evictions.Len() >= s.evictions.Bound() {
		s.evictionsHidden++
	}
	s.evictions.Push(o)
}

// pressureText is the last logged level's text, as logged.
func (s *State) pressureText() string {
	if s.pressure == host.PressureOther {
		return s.pressureOth
	}
	return s.pressure.String()
}

func (s *State) applyApp(e *event.Event) {
	det := e.Details()
	if e.Kind != event.KindAppStart {
		s.unrouted(e)
	} else {
		s.counts.AppStarts++
		s.stuck.open = false
		s.undo = startUndo{valid: true, at: e.Time, app: s.app, effective: s.effective, pressure: s.pressure,
			pressureOth: s.pressureOth, pressureAt: s.pressureAt, pending: s.pending, risk: s.risk, ended: s.undo.ended[:0]}
		pending := s.app.Pending
		if pending == det.Version || !s.pending.restartAt.IsZero() { // the restart installed it
			pending, s.pending = "", pendingUpdate{}
		}
		s.app = AppView{Version: det.Version, Platform: det.Platform, Arch: det.Arch, StartedAt: e.Time, Pending: pending}
		// A new app process starts with no pressure and no effective count.
		s.effective = EffectiveView{}
		s.pressure, s.pressureOth, s.pressureAt = host.PressureUnknown, "", time.Time{}
		s.quit.at = time.Time{}
		for _, sess := range s.live {
			if len(s.undo.ended) < maxQuitSessions {
				s.undo.ended = append(s.undo.ended, endedSession{id: sess.id, state: sess.state, reason: sess.pauseReason,
					timerArmedAt: sess.timerArmedAt, timerTimeout: sess.timerTimeout, rc: sess.remoteControl})
			}
		}
		s.endAllSessions(event.EndAppRestarted)
	}
}

func (s *State) applyMemory(e *event.Event) {
	m := e.Memory
	c := &s.counts
	c.MemorySamples++
	s.memory.Push(*m)
	s.memoryAt.Push(e.Time)
	if m.TotalMB > 0 {
		c.TotalMB = m.TotalMB
	}
	if m.TotalMB > 0 && (c.MinSysFreeMB < 0 || m.SysFreeMB < c.MinSysFreeMB) {
		c.MinSysFreeMB, c.MinSysFreeAt = m.SysFreeMB, e.Time
	}
}

func (s *State) applyVM(e *event.Event) {
	s.noteServiceVM(e)
	s.applyVMRepair(e)
	det := e.Details()
	switch e.Kind {
	case event.KindVMBoot:
		s.closeStepsAsStalled(e.File)
		s.vmBoots.boot(e, &s.counts)
		if s.vmDecides(e) {
			s.vm.State, s.vm.OpenStep, s.vm.LastFailure = event.VMBooting, "", ""
		}
	case event.KindVMConfig:
		if det.CPUs > 0 {
			s.vm.CPUs = det.CPUs
		}
		if det.MemoryGB > 0 {
			s.vm.MemoryGB = det.MemoryGB
		}
		if det.MemoryMB > 0 {
			s.vm.MemoryMB, s.vm.MemoryGB = det.MemoryMB, (det.MemoryMB+512)/1024
		}
	case event.KindVMStep:
		open, isOpen := s.openSteps[det.Step]
		if det.Phase == "started" {
			// Both VM logs record the same step on macOS: a start from the
			// other file within seconds is the same attempt, not a retry.
			if isOpen && open.file != e.File && e.Time.Sub(open.at) <= explainWindow {
				break
			}
			if isOpen { // started again: the earlier attempt never completed
				s.counts.VMBootStalls++
			}
			s.openSteps[det.Step] = openStep{at: e.Time, file: e.File}
			if s.vmDecides(e) {
				s.vm.State, s.vm.OpenStep, s.vm.OpenSince = event.VMBooting, det.Step, e.Time
			}
		} else {
			delete(s.openSteps, det.Step)
			if s.vm.OpenStep == det.Step {
				s.vm.OpenStep, s.vm.OpenSince = "", time.Time{}
			}
		}
	case event.KindVMFailed:
		s.vmBoots.fail(e, &s.counts)
		if s.vmDecides(e) {
			s.vm.State, s.vm.LastFailure = event.VMFailed, e.Text
		}
	case event.KindVMReady:
		if s.vmDecides(e) {
			s.vm.State, s.vm.OpenStep, s.vm.OpenSince = event.VMRunning, "", time.Time{}
		}
	case event.KindVMBundleDeleted:
		s.counts.VMBundleDeleted++
		s.vm.BundleDeleted = e.Text
	case event.KindVMNote:
		s.counts.VMNotes++
	case event.KindVMUnsupported, event.KindVMDownload, event.KindVMReinstall:
		// applyVMRepair, above, folds them.
	default:
		s.unrouted(e)
	}
	s.vm.BootStalls = s.counts.VMBootStalls
}

// vmDecides says whether e may set the VM's state: not when a later line,
// of another VM log that the live view delivered first, already did (the
// files are one timeline; a line that comes too late changes nothing a
// later one decided). Counts are kept either way.
func (s *State) vmDecides(e *event.Event) bool {
	if e.Time.Before(s.vmDecided) {
		return false
	}
	s.vmDecided = e.Time
	return true
}

// closeStepsAsStalled ends a boot attempt: the steps the same log opened
// and never completed were stalls.
func (s *State) closeStepsAsStalled(file string) {
	for step, open := range s.openSteps {
		if open.file == file {
			s.counts.VMBootStalls++
			delete(s.openSteps, step)
		}
	}
}

// openStep is a VM startup step that started and has not completed.
type openStep struct {
	at   time.Time
	file string
}

// vmBoots counts boot attempts and their failures per VM log: on macOS
// both VM logs write each attempt, and the files are read one after the
// other, so the counts are each file's, the largest kept.
type vmBoots struct {
	files []vmBootFile
}

type vmBootFile struct {
	name            string
	boots, failures int
	at              time.Time // the last line that began an attempt
	failed          bool      // the attempt has failed already
	failAt          time.Time // when it failed
}

// maxVMBootFiles bounds the files counted (a VM has two logs, rotated).
const maxVMBootFiles = 8

func (v *vmBoots) file(name string) *vmBootFile {
	for i := range v.files {
		if v.files[i].name == name {
			return &v.files[i]
		}
	}
	if len(v.files) >= maxVMBootFiles {
		return &v.files[len(v.files)-1]
	}
	v.files = append(v.files, vmBootFile{name: name})
	return &v.files[len(v.files)-1]
}

// boot: several lines of one log begin the same attempt; a new one is a
// boot line after a failure or more than seconds after the last.
func (v *vmBoots) boot(e *event.Event, c *Counts) {
	f := v.file(e.File)
	if f.failed || f.at.IsZero() || e.Time.Sub(f.at) > explainWindow || e.Time.Before(f.at) {
		f.boots++
		f.failed = false
		c.VMBoots = max(c.VMBoots, f.boots)
	}
	f.at = e.Time
}

// fail: "Startup failed", "Connection timeout" and "Dispatching startup
// error" are one failure of one attempt. A failure long after the last,
// with no boot line between (#93385: "Startup failed" on three days), is
// another attempt's: the app tried again without a line that says so.
// Every failure is an attempt's, so attempts are never fewer.
func (v *vmBoots) fail(e *event.Event, c *Counts) {
	f := v.file(e.File)
	if f.failed && (e.Time.Before(f.failAt) || e.Time.Sub(f.failAt) <= vmFailureWindow) {
		return
	}
	f.failures++
	f.failed, f.failAt = true, e.Time
	f.boots = max(f.boots, f.failures)
	c.VMFailures = max(c.VMFailures, f.failures)
	c.VMBoots = max(c.VMBoots, f.boots)
}

// vmFailureWindow: failure lines of one attempt come within this long of
// each other.
const vmFailureWindow = 10 * time.Minute
