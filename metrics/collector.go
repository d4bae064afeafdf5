package metrics

import (
	"runtime"
	"slices"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// Namespace prefixes every metric.
const Namespace = "coworktop"

// SnapshotFunc returns the latest snapshot. The collector calls it once per
// scrape; it must take whatever lock guards the caller's State.
type SnapshotFunc func() governor.Snapshot

// BuildInfo labels coworktop_build_info.
type BuildInfo struct {
	Version   string
	Commit    string
	GoVersion string // runtime.Version() when empty
}

// normalBuild fills an empty Go version and keeps every build label
// printable and short.
func normalBuild(build BuildInfo) BuildInfo {
	if build.GoVersion == "" {
		build.GoVersion = runtime.Version()
	}
	build.Version = labelText(build.Version, "unknown")
	build.Commit = labelText(build.Commit, "unknown")
	build.GoVersion = labelText(build.GoVersion, "unknown")
	return build
}

// collectSnapshot is the whole mapping from a snapshot to metrics: it hands
// each sample to emit. b is a normalBuild.
func collectSnapshot(emit func(sample), s governor.Snapshot, b BuildInfo) {
	gauge := func(d *desc, v float64, labels ...string) {
		emit(sample{d: d, typ: typeGauge, value: v, values: labels})
	}
	counter := func(d *desc, v int, labels ...string) {
		emit(sample{d: d, typ: typeCounter, value: float64(max(v, 0)), values: labels})
	}

	gauge(descBuildInfo, 1, b.Version, b.Commit, b.GoVersion)

	// Sessions.
	byState := map[governor.SessionState]int{}
	var longestIdle time.Duration
	for _, sess := range s.Sessions {
		byState[sess.State]++
		if sess.Live() && sess.Idle > longestIdle {
			longestIdle = sess.Idle
		}
	}
	for _, st := range sessionStates {
		gauge(descSessions, float64(byState[st]), st.String())
	}
	gauge(descIdleMax, longestIdle.Seconds())
	gauge(descLive, float64(s.Live))
	gauge(descLost, float64(s.LostCount()))
	if v := s.NextVictim; v != nil {
		gauge(descVictimIdle, v.Idle.Seconds())
	}
	if !s.Newest.IsZero() {
		gauge(descLogAge, s.LogAge.Seconds())
	}
	gauge(descEffective, float64(s.Effective.Value), sourceLabel(s.Effective.Source))
	if s.Effective.Source == vocab.SourceLogged {
		gauge(descEffectiveAge, s.Effective.Age.Seconds())
	}
	if s.Cap.Value > 0 {
		gauge(descCap, float64(s.Cap.Value), sourceLabel(s.Cap.Source))
	}

	// Governor actions, counted from the log.
	k := s.Counts
	counter(descEvictions, k.EvictionsWarm, "warm")
	counter(descEvictions, k.EvictionsUser, "user")
	counter(descEvictions, k.EvictionsPress, "pressure")
	counter(descEvictions, k.EvictionsUnknown, "unknown")
	counter(descYields, k.Yields)
	counter(descPressureEvents, k.PressureWarning, "warning")
	counter(descPressureEvents, k.PressureCritical, "critical")
	counter(descIdleTimeouts, k.IdleTimeouts)
	counter(descUnknownLines, k.Unknown)
	counter(descSessionsStarted, k.SessionsStarted)
	for _, l := range s.LossCounts {
		counter(descSessionLosses, l.Count, l.Cause.String())
	}
	risks := map[governor.RiskKind]int{}
	for _, r := range s.Risks {
		risks[r.Kind]++
		for _, k := range r.Also { // one row per session, every kind counted
			risks[k]++
		}
	}
	for _, kind := range governor.RiskKinds {
		gauge(descRisk, float64(risks[kind]), kind.String())
	}
	gauge(descGovernorPressure, float64(s.LoggedPressureNow().Rank()))
	if u := s.Update; u != nil && !u.Since.IsZero() {
		gauge(descUpdatePending, float64(u.PendingS))
	}
	if u := s.Update; u != nil {
		gauge(descUpdateSessions, float64(len(u.RemoteControl)), "true")
		gauge(descUpdateSessions, float64(len(u.Sessions)-len(u.RemoteControl)), "false")
	}
	if r := s.Restart; r != nil {
		for _, o := range [...]struct {
			outcome string
			n       int
		}{{"stopped", len(r.Sessions)}, {"back", r.Back}, {"not_back", r.NotBack}, {"turn_cut", r.CutTurns}, {"remote_control_lost", r.LostRC}} {
			gauge(descRestartSessions, float64(o.n), o.outcome)
		}
		gauge(descRestartAge, max(0, s.Now.Sub(r.At).Seconds()))
	}

	// Host.
	if h := s.Host; h != nil {
		figure := func(d *desc, f vocab.Figure) {
			if f.Known {
				gauge(d, float64(f.Value))
			}
		}
		figure(descHostTotal, h.Total)
		figure(descHostAvailable, h.Available)
		figure(descHostFree, h.Free)
		figure(descHostSwapUsed, h.SwapUsed)
		figure(descHostSwapTotal, h.SwapTotal)
		gauge(descHostPressure, float64(h.Pressure.Rank()))
	}

	// Cowork VM.
	if s.VM.MemoryGB > 0 {
		gauge(descVMMemory, float64(uint64(s.VM.MemoryGB)<<30))
	}
	vmState := s.VM.State
	if !slices.Contains(event.VMStates, vmState) {
		vmState = event.VMUnknown
	}
	for _, st := range event.VMStates {
		v := 0.0
		if st == vmState {
			v = 1
		}
		gauge(descVMState, v, st.String())
	}
	counter(descVMBootStalls, k.VMBootStalls)

	collectGroups(gauge, s.Groups)
	collectFiles(gauge, counter, s)
	collectQuota(gauge, counter, s)
	collectRecords(gauge, s)
	collectMemory(gauge, s)
	collectShare(gauge, s)
}

// collectGroups emits memory per process group, aggregated by a bounded,
// validated label set so a scrape can never carry duplicates or log text.
func collectGroups(gauge func(*desc, float64, ...string), groups []host.ProcessGroup) {
	type key struct{ group, kind string }
	type sums struct {
		procs, rss, footprint, guest   float64
		hasRSS, hasFootprint, hasGuest bool
	}
	agg := map[key]*sums{}
	var order []key
	for _, g := range groups {
		k := key{groupLabel(g.Key), kindLabel(g.Kind)}
		s, ok := agg[k]
		if !ok {
			if len(order) >= maxGroups {
				k = key{"other", k.kind}
				if s, ok = agg[k]; !ok {
					s = &sums{}
					agg[k] = s
					order = append(order, k)
				}
			} else {
				s = &sums{}
				agg[k] = s
				order = append(order, k)
			}
		}
		s.procs += float64(g.Processes)
		if g.RSS.Known {
			s.rss += float64(g.RSS.Value)
			s.hasRSS = true
		}
		if g.Footprint.Known {
			s.footprint += float64(g.Footprint.Value)
			s.hasFootprint = true
		}
		if g.GuestMemory.Known {
			s.guest += float64(g.GuestMemory.Value)
			s.hasGuest = true
		}
	}
	for _, k := range order {
		s := agg[k]
		gauge(descGroupProcesses, s.procs, k.group, k.kind)
		if s.hasRSS {
			gauge(descGroupRSS, s.rss, k.group, k.kind)
		}
		if s.hasFootprint {
			gauge(descGroupFootprint, s.footprint, k.group, k.kind)
		}
		if s.hasGuest {
			gauge(descGroupGuest, s.guest, k.group, k.kind)
		}
	}
}

// collectFiles reports the log follower's health, summed over files so no
// file name (let alone a path) becomes a label.
func collectFiles(gauge func(*desc, float64, ...string), counter func(*desc, int, ...string), s governor.Snapshot) {
	var lines, cut, lost, listErrs int64
	var last time.Time
	byState := map[string]int{}
	failing := 0
	for _, f := range s.Files {
		lines += f.Lines
		cut += f.Cut
		lost += f.LostBytes
		listErrs += f.ListErrors
		if f.LastLineAt.After(last) {
			last = f.LastLineAt
		}
		st := f.State.String()
		if !knownFileState(f.State) {
			st = fileOther
		}
		byState[st]++
		if f.Err != "" || f.State == event.FileUnreadable {
			failing++
		}
	}
	counter(descLinesRead, int(lines))
	counter(descLinesCut, int(cut))
	counter(descBytesLost, int(lost))
	counter(descListErrors, int(listErrs))
	counter(descLinesUnreadable, s.Counts.Unreadable)
	counter(descEntries, s.Counts.Entries)
	for _, st := range fileStates {
		gauge(descLogFiles, float64(byState[st]), st)
	}
	gauge(descFollowErrors, float64(failing))
	if !last.IsZero() {
		gauge(descLastLineTime, float64(last.UnixNano())/1e9)
		gauge(descLastLineAge, max(0, s.Now.Sub(last).Seconds()))
	}
}
