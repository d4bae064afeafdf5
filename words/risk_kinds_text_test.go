package words

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

func riskOf(risks []governor.Risk, k governor.RiskKind) (governor.Risk, int) {
	n, first := 0, governor.Risk{}
	for _, r := range risks {
		if r.Kind == k || slices.Contains(r.Also, k) { // one row per session: its other kinds are in Also
			if n == 0 {
				first = r
			}
			n++
		}
	}
	return first, n
}

func at(n int) time.Time { return lt0.Add(time.Duration(n) * time.Second) }

var lt0 = time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)

func ev(n int, kind event.Kind, line int, f func(*event.Event)) event.Event {
	e := event.Event{Time: at(n), File: "main.log", Line: line, Kind: kind}
	if f != nil {
		f(&e)
	}
	return e
}

func sess(id string) func(*event.Event) { return func(e *event.Event) { e.Session = id } }

func TestRiskAppStalled(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	s.Apply(ev(0, event.KindAppStart, 1, nil))
	if _, n := riskOf(s.Snapshot(at(1000)).Risks, governor.RiskAppStalled); n != 0 {
		t.Fatal("no heartbeat seen yet: this app version may not write one, so silence says nothing")
	}
	s.Apply(ev(60, event.KindHeartbeat, 2, nil))
	s.Apply(ev(120, event.KindHeartbeat, 3, nil))
	if _, n := riskOf(s.Snapshot(at(120+150)).Risks, governor.RiskAppStalled); n != 0 {
		t.Fatal("150 s of silence is not yet a stall")
	}
	r, n := riskOf(s.Snapshot(at(120+151)).Risks, governor.RiskAppStalled)
	if n != 1 || !r.Backed || !strings.Contains(RiskSummary(r), "no line for 2m31s") || RiskEvidence(r)[0] != "last [ScheduledTasks] line main.log:3 at 09:02:00" {
		t.Fatalf("stall: %+v", r)
	}
	// A later line read from main.log is a sign of life too.
	s.ApplyUpdate(governor.Update{Files: []event.FileStatus{{Name: "main.log", LastLineAt: at(250)}}})
	if _, n := riskOf(s.Snapshot(at(300)).Risks, governor.RiskAppStalled); n != 0 {
		t.Fatal("main.log was written 50 s ago")
	}
	// A fresh scan without the app: it quit or crashed, it did not stall.
	s.ApplyGroups(at(990), nil)
	if _, n := riskOf(s.Snapshot(at(1000)).Risks, governor.RiskAppStalled); n != 0 {
		t.Fatal("the app is not running")
	}
	s.ApplyGroups(at(995), []host.ProcessGroup{{Kind: host.GroupClaudeApp, Name: "Claude app", Processes: 9}})
	if r, n := riskOf(s.Snapshot(at(1000)).Risks, governor.RiskAppStalled); n != 1 || !strings.Contains(RiskEvidence(r)[1], "Claude app, 9 processes") {
		t.Fatalf("stalled while the scan sees it: %+v", r)
	}
	// An event-loop stall above 1 s is one too, for ten minutes.
	s.Apply(ev(2000, event.KindStall, 9, func(e *event.Event) { e.DurationMs = 1840 }))
	s.Apply(ev(2001, event.KindStall, 10, func(e *event.Event) { e.DurationMs = 784 }))
	s.Apply(ev(2002, event.KindHeartbeat, 11, nil))
	r, n = riskOf(s.Snapshot(at(2010)).Risks, governor.RiskAppStalled)
	if n != 1 || RiskSummary(r) != "the app's main process blocked for 1.8 s 10s ago" || RiskEvidence(r)[0] != "[event-loop-stall] main.log:9" {
		t.Fatalf("event-loop stall: %+v", r)
	}
	for _, r := range s.Snapshot(at(2000 + 601)).Risks {
		if strings.Contains(RiskSummary(r), "blocked") {
			t.Fatalf("a stall ten minutes old is history: %+v", r)
		}
	}
}

func TestRiskDeclinedPausesAndWarnings(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	for i := 0; i < 8; i++ {
		id := "local_" + string(rune('a'+i))
		s.Apply(ev(i, event.KindSessionStart, i+1, func(e *event.Event) { e.Session, e.Cwd = id, "/p/proj-"+id[6:] }))
	}
	s.Apply(ev(10, event.KindAcquire, 20, func(e *event.Event) { e.Cap, e.Effective = 8, 8 }))
	s.Apply(ev(20, event.KindPauseDeclined, 21, func(e *event.Event) { e.Session, e.Count = "local_h", 8 }))
	s.ApplyGroups(at(399), []host.ProcessGroup{{Kind: host.GroupSessions, Name: "claude sessions", Processes: 12, RSS: vocab.Figure{Value: 3 << 30, Known: true}}})
	snap := s.Snapshot(at(400))
	r, n := riskOf(snap.Risks, governor.RiskDeclinedPauses)
	if n != 1 || r.Session != "local_h" || !strings.Contains(RiskSummary(r), "proj-h has declined 8 idle pauses") ||
		RiskEvidence(r)[0] != "main.log:21" || !strings.Contains(RiskEvidence(r)[1], "hold 3.0 GiB in 12 processes") {
		t.Fatalf("declined: %+v", r)
	}
	// At the cap (8 live, logged cap 8): the least recently active
	// unprotected idle session goes at the next warm spawn. local_h is
	// protected (it declines its pauses: Remote Control).
	w, n := riskOf(snap.Risks, governor.RiskEvictNext)
	if n != 1 || w.Session != "local_a" || !w.Backed || RiskSummary(w) != "proj-a will be evicted at the next warm spawn: it has been idle 6m40s" {
		t.Fatalf("evict next: %+v (outlook %+v)", w, snap.Outlook)
	}
	for _, v := range snap.Sessions {
		if (v.AtRisk == governor.RiskEvictNext) != (v.ID == "local_a") {
			t.Fatalf("only the victim is marked: %+v", v)
		}
	}
	// Pressure in a 2.x app: a sweep down to cap-2 would evict two.
	s.Apply(ev(399, event.KindAppUpdated, 22, func(e *event.Event) { e.Detailed().To = "2.26454.0" }))
	s.Apply(ev(399, event.KindPressure, 23, func(e *event.Event) { e.Pressure, e.Effective = host.PressureWarning, 8 }))
	snap = s.Snapshot(at(400))
	if r, n := riskOf(snap.Risks, governor.RiskPressureSweep); n != 2 || r.Session != "local_a" || !r.Backed {
		t.Fatalf("sweep: %d %+v", n, r)
	}
}

func TestRiskNotBackedOnAnEstimatedCap(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	for i := 0; i < 6; i++ {
		id := "local_" + string(rune('a'+i))
		s.Apply(ev(i, event.KindSessionStart, i+1, sess(id)))
	}
	s.ApplyHost(host.HostMemory{At: at(100), Total: vocab.Figure{Value: 16 << 30, Known: true}})
	r, n := riskOf(s.Snapshot(at(400)).Risks, governor.RiskEvictNext)
	if n != 1 || r.Backed {
		t.Fatalf("the cap is coworktop's estimate from RAM: shown, never sent: %+v", r)
	}
}

func TestRiskOrphansAndVMAfterQuit(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	s.Apply(ev(0, event.KindAppStart, 1, nil))
	s.Apply(ev(1, event.KindSessionStart, 2, sess("local_a")))
	s.Apply(ev(100, event.KindPause, 3, func(e *event.Event) { e.Session, e.Reason = "local_a", event.ReasonIdleTimeout }))
	s.ApplyGroups(at(199), []host.ProcessGroup{
		{Kind: host.GroupSessions, Name: "claude sessions", Processes: 3, RSS: vocab.Figure{Value: 600 << 20, Known: true}},
		{Kind: host.GroupClaudeApp, Name: "Claude app", Processes: 9}})
	r, n := riskOf(s.Snapshot(at(200)).Risks, governor.RiskOrphans)
	if n != 1 || !strings.Contains(RiskSummary(r), "3 claude process(es) holding 600.0 MiB") || !strings.Contains(RiskEvidence(r)[1], "paused: local_a") {
		t.Fatalf("orphans: %+v", r)
	}
	if _, n := riskOf(s.Snapshot(at(240)).Risks, governor.RiskOrphans); n != 0 {
		t.Fatal("a scan 41 s old says nothing about now")
	}
	s.Apply(ev(300, event.KindAppQuit, 4, nil))
	vm := host.ProcessGroup{Kind: host.GroupCowork, Name: "Claude Cowork VM", Processes: 2, GuestMemory: vocab.Figure{Value: 4 << 30, Known: true}}
	s.ApplyGroups(at(310), []host.ProcessGroup{vm})
	if _, n := riskOf(s.Snapshot(at(311)).Risks, governor.RiskVMAfterQuit); n != 0 {
		t.Fatal("10 s after a quit the VM may still be stopping")
	}
	s.ApplyGroups(at(400), []host.ProcessGroup{vm})
	r, n = riskOf(s.Snapshot(at(401)).Risks, governor.RiskVMAfterQuit)
	if n != 1 || RiskSummary(r) != "the Cowork VM still runs 1m40s after the app quit, holding 4.0 GiB" || !strings.HasPrefix(RiskEvidence(r)[0], "app quit main.log:4") {
		t.Fatalf("vm after quit: %+v", r)
	}
	s.ApplyGroups(at(402), []host.ProcessGroup{vm, {Kind: host.GroupClaudeApp, Name: "Claude app", Processes: 9}})
	if _, n := riskOf(s.Snapshot(at(403)).Risks, governor.RiskVMAfterQuit); n != 0 {
		t.Fatal("the app runs again")
	}
}

func TestRiskMemoryTrend(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	total := uint64(16 << 30)
	// 10 % free falling one point a minute, sampled every 10 s for 3 minutes.
	for i := 0; i <= 18; i++ {
		free := 0.10 - 0.01*float64(i)/6
		s.ApplyHost(host.HostMemory{At: at(10 * i), Total: vocab.Figure{Value: total, Known: true}, Available: vocab.Figure{Value: uint64(free * float64(total)), Known: true}})
	}
	r, n := riskOf(s.Snapshot(at(180)).Risks, governor.RiskMemoryTrend)
	if n != 1 || r.Backed || RiskSummary(r)[:len("host free memory falls 1.0 points a minute (last 7.0 % at 09:03:00)")] != "host free memory falls 1.0 points a minute (last 7.0 % at 09:03:00)" ||
		!strings.Contains(RiskSummary(r), "crosses 5 % (warning) in ~2m00s and crosses 2 % (critical) in ~5m00s") {
		t.Fatalf("trend: %+v", r)
	}
	if !strings.Contains(RiskEvidence(r)[0], "host free memory: 19 samples 09:00:00–09:03:00") {
		t.Fatalf("evidence: %v", RiskEvidence(r))
	}
	// Too few samples back no slope; a rising line is no risk.
	s2 := governor.New(governor.DefaultLimits())
	for i := 0; i < 3; i++ {
		s2.ApplyHost(host.HostMemory{At: at(30 * i), Total: vocab.Figure{Value: total, Known: true}, Available: vocab.Figure{Value: total / uint64(20-i), Known: true}})
	}
	if _, n := riskOf(s2.Snapshot(at(60)).Risks, governor.RiskMemoryTrend); n != 0 {
		t.Fatal("three samples back no slope")
	}
	// Issue 23 #4: 30 s into a recovery the fit still falls, but the last
	// samples rose: no "falls" beside a header that shows it rising.
	s3 := governor.New(governor.DefaultLimits())
	for i := 0; i <= 18; i++ {
		free := 0.10 - 0.01*float64(i)/6
		if i >= 16 {
			free = 0.075 + 0.01*float64(i-15) // rising again
		}
		s3.ApplyHost(host.HostMemory{At: at(10 * i), Total: vocab.Figure{Value: total, Known: true}, Available: vocab.Figure{Value: uint64(free * float64(total)), Known: true}})
	}
	if r, n := riskOf(s3.Snapshot(at(180)).Risks, governor.RiskMemoryTrend); n != 0 {
		t.Fatalf("free memory rose in the last samples, yet: %+v", r)
	}
}

// The app's own series says it is the app's: the live header shows host
// memory, and the two differ.
func TestRiskMemoryTrendNamesTheAppSeries(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	for i := 0; i <= 6; i++ {
		s.Apply(ev(30*i, event.KindMemorySample, i+1, func(e *event.Event) { e.Memory = &event.MemorySample{TotalMB: 10000, SysFreeMB: 1000 - 100*i/3} }))
	}
	r, n := riskOf(s.Snapshot(at(180)).Risks, governor.RiskMemoryTrend)
	if n != 1 || !strings.HasPrefix(RiskSummary(r), "the app's sys_free falls 0.7 points a minute (last 8.0 % at 09:03:00)") {
		t.Fatalf("trend of the app's series: %+v", r)
	}
}

// On macOS (the kernel's pressure governs) the same falling free memory is
// no risk while the kernel says normal: macOS keeps free memory low on
// purpose, and the app's governor there reads no free/total ratio.
func TestRiskMemoryTrendNotOnMacOS(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	total := uint64(16 << 30)
	for i := 0; i <= 18; i++ {
		free := 0.10 - 0.01*float64(i)/6
		s.ApplyHost(host.HostMemory{At: at(10 * i), Total: vocab.Figure{Value: total, Known: true}, Available: vocab.Figure{Value: uint64(free * float64(total)), Known: true},
			Pressure: host.PressureNormal, PressureSource: "sysctl kern.memorystatus_vm_pressure_level", KernelGoverned: true})
	}
	if r, n := riskOf(s.Snapshot(at(180)).Risks, governor.RiskMemoryTrend); n != 0 {
		t.Fatalf("the kernel says normal, yet: %+v", r)
	}
}

// No pressure logged yet, but free memory reaches the warning line within
// two minutes: a 2.x sweep is about to start, and its victims are shown as
// at risk, never sent (the trend is an estimate).
func TestRiskSweepAboutToStart(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	s.Apply(ev(0, event.KindAppUpdated, 1, func(e *event.Event) { e.Detailed().To = "2.26454.0" }))
	for i := 0; i < 8; i++ {
		id := "local_" + string(rune('a'+i))
		s.Apply(ev(i, event.KindSessionStart, i+2, func(e *event.Event) { e.Session, e.Cwd = id, "/p/"+id[6:] }))
	}
	s.Apply(ev(10, event.KindAcquire, 20, func(e *event.Event) { e.Cap, e.Effective = 8, 8 }))
	total := uint64(16 << 30)
	for i := 0; i <= 18; i++ { // 13 % falling two points a minute: 7 % at 180 s, 5 % a minute later
		free := 0.13 - 0.06*float64(i)/18
		s.ApplyHost(host.HostMemory{At: at(10 * i), Total: vocab.Figure{Value: total, Known: true}, Available: vocab.Figure{Value: uint64(free * float64(total)), Known: true}})
	}
	snap := s.Snapshot(at(180))
	r, n := riskOf(snap.Risks, governor.RiskPressureSweep)
	if n != 2 || r.Session != "local_a" || !strings.Contains(RiskSummary(r), "the pressure sweep that would start when free memory reaches 5 % in ~1m00s") {
		t.Fatalf("%d sweep warnings, first %+v (trend %+v)", n, r, snap.Risks)
	}
	// local_a's row leads with its backed eviction at the next spawn; the
	// sweep alone, on local_b, rests on the trend: never sent.
	if r.Kind != governor.RiskEvictNext || !r.Backed || !slices.Equal(r.Also, []governor.RiskKind{governor.RiskPressureSweep}) {
		t.Fatalf("local_a's one row: %+v", r)
	}
	rowsOfA := 0
	for _, b := range snap.Risks {
		if b.Session == "local_b" && b.Backed {
			t.Fatalf("a sweep warning from the trend is backed: %+v", b)
		}
		if b.Session == "local_a" {
			rowsOfA++
		}
	}
	if rowsOfA != 1 || !strings.Contains(RiskSummary(r), "will be evicted at the next warm spawn") { // issue 23 #4
		t.Fatalf("local_a has %d risk rows, want one with every reason: %+v", rowsOfA, r)
	}
	// The same machine under 1.x rules: pressure only logs, nothing to warn of.
	s.Apply(ev(170, event.KindAppUpdated, 30, func(e *event.Event) { e.Detailed().To = "1.46388.2" }))
	if _, n := riskOf(s.Snapshot(at(180)).Risks, governor.RiskPressureSweep); n != 0 {
		t.Fatal("a 1.x pressure line evicts nobody")
	}
}

// Windows as it really is (platforms audit W3, U6): the Cowork service
// outliving a quit is not "the VM after quit" (it starts at boot), and a
// claude a terminal or an IDE started is no orphan of a desktop session.
func TestRiskServiceAndOtherCLIs(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	s.Apply(ev(0, event.KindAppStart, 1, nil))
	s.Apply(ev(1, event.KindSessionStart, 2, sess("local_a")))
	s.Apply(ev(100, event.KindPause, 3, func(e *event.Event) { e.Session, e.Reason = "local_a", event.ReasonIdleTimeout }))
	s.ApplyGroups(at(199), []host.ProcessGroup{
		{Kind: host.GroupOtherCLI, Name: "other claude CLIs", Processes: 2, RSS: vocab.Figure{Value: 300 << 20, Known: true}},
		{Kind: host.GroupClaudeApp, Name: "Claude app", Processes: 4}})
	if r, n := riskOf(s.Snapshot(at(200)).Risks, governor.RiskOrphans); n != 0 {
		t.Fatalf("a terminal's claude is no orphan: %+v", r)
	}
	s.Apply(ev(300, event.KindAppQuit, 4, nil))
	svc := host.ProcessGroup{Kind: host.GroupCoworkService, Name: "Cowork service", Processes: 1}
	s.ApplyGroups(at(400), []host.ProcessGroup{svc})
	if r, n := riskOf(s.Snapshot(at(401)).Risks, governor.RiskVMAfterQuit); n != 0 {
		t.Fatalf("the service is not the VM: %+v", r)
	}
	vm := host.ProcessGroup{Kind: host.GroupCowork, Name: "Claude Cowork VM", Processes: 2, GuestMemory: vocab.Figure{Value: 4 << 30, Known: true}}
	s.ApplyGroups(at(410), []host.ProcessGroup{vm, svc})
	if _, n := riskOf(s.Snapshot(at(411)).Risks, governor.RiskVMAfterQuit); n != 1 {
		t.Fatal("the Hyper-V VM outliving the quit (#74890) is the risk")
	}
}
