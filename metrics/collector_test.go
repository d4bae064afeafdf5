package metrics

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	dto "github.com/prometheus/client_model/go"
)

var t0 = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// richState folds a small known history: cap 8 logged, two evictions (one
// warm, one pressure), one yield, pressure warning then critical, a Cowork
// VM of 4 GB running, a host sample and process groups including hostile keys.
func richState() *governor.State {
	st := governor.New(governor.DefaultLimits())
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	for _, e := range []event.Event{
		{Time: at(0), Kind: event.KindSessionStart, Session: "local_a", Cwd: "/secret/home/alice/proj"},
		{Time: at(1), Kind: event.KindSessionStart, Session: "local_b"},
		{Time: at(2), Kind: event.KindSessionStart, Session: "local_c"},
		{Time: at(3), Kind: event.KindAcquire, Reason: event.ReasonWarm, Effective: 3, Cap: 8},
		{Time: at(200), Kind: event.KindAtCap, Cap: 8, Verb: event.VerbEvicting, Session: "local_a", IdleS: 190, Reason: event.ReasonWarm},
		{Time: at(210), Kind: event.KindYield, Reason: event.ReasonUser},
		{Time: at(220), Kind: event.KindPressure, Pressure: host.PressureWarning, Count: 1, Effective: 2},
		{Time: at(230), Kind: event.KindPressure, Pressure: host.PressureCritical, Count: 1, Effective: 2},
		{Time: at(231), Kind: event.KindPressureEvict, Session: "local_b", IdleS: 200, Reason: event.ReasonPressure},
		{Time: at(240), Kind: event.KindVMConfig, Detail: &event.EventDetail{MemoryGB: 4, CPUs: 4}},
		{Time: at(241), Kind: event.KindVMReady},
	} {
		st.Apply(e)
	}
	st.ApplyUpdate(governor.Update{
		Host: &host.HostMemory{
			At:        at(250),
			Total:     vocab.Figure{Value: 32 << 30, Known: true},
			Available: vocab.Figure{Value: 10 << 30, Known: true},
			Free:      vocab.Figure{Value: 2 << 30, Known: true},
			SwapUsed:  vocab.Figure{Value: 1 << 30, Known: true},
			SwapTotal: vocab.Figure{}, // unreadable: must be absent, not 0
			Pressure:  host.PressureWarning,
		},
		GroupsAt: at(250),
		Groups: []host.ProcessGroup{
			{Key: "docker", Kind: host.GroupCompetitor, Processes: 3, RSS: vocab.Figure{Value: 1000, Known: true}},
			{Key: "docker", Kind: host.GroupCompetitor, Processes: 1, RSS: vocab.Figure{Value: 24, Known: true}},
			{Key: `evil"} 1\nx{`, Kind: host.GroupKind(99), Processes: 1, RSS: vocab.Figure{Value: 5, Known: true}},
			{Key: "cowork", Kind: host.GroupCowork, Processes: 1, GuestMemory: vocab.Figure{Value: 4 << 30, Known: true}},
		},
		Files: []event.FileStatus{
			{Name: "main.log", State: event.FileFollowing, Lines: 100, LostBytes: 4096, ListErrors: 3, LastLineAt: at(245)},
			{Name: "cowork_vm_node.log", State: event.FileWaiting, Err: "no such file", Lines: 5, Cut: 1},
		},
		Unreadable: 2,
	})
	return st
}

func snapFunc(st *governor.State, now time.Time) SnapshotFunc {
	return func() governor.Snapshot { return st.Snapshot(now) }
}

var testBuild = BuildInfo{Version: "v1.2.3", Commit: "abc123", GoVersion: "go1.26"}

func TestCollectorValues(t *testing.T) {
	now := t0.Add(300 * time.Second)
	c := NewCollector(snapFunc(richState(), now), testBuild)
	want := `
# HELP coworktop_evictions_total Sessions the governor evicted, by cause (warm or user spawn at the cap, memory pressure), counted from the log.
# TYPE coworktop_evictions_total counter
coworktop_evictions_total{cause="pressure"} 1
coworktop_evictions_total{cause="unknown"} 0
coworktop_evictions_total{cause="user"} 0
coworktop_evictions_total{cause="warm"} 1
# HELP coworktop_session_cap The governor's session cap; source=logged once a cap= line was seen, estimated as max(6, floor(RAM/3GiB)). Absent when unknown.
# TYPE coworktop_session_cap gauge
coworktop_session_cap{source="logged"} 8
# HELP coworktop_pressure_events_total Memory pressure events the governor logged, by level.
# TYPE coworktop_pressure_events_total counter
coworktop_pressure_events_total{level="critical"} 1
coworktop_pressure_events_total{level="warning"} 1
# HELP coworktop_yields_total Spawns the governor yielded at the cap, counted from the log.
# TYPE coworktop_yields_total counter
coworktop_yields_total 1
# HELP coworktop_host_memory_total_bytes Host physical memory.
# TYPE coworktop_host_memory_total_bytes gauge
coworktop_host_memory_total_bytes 3.4359738368e+10
# HELP coworktop_host_pressure_level Host memory pressure level as sampled: 0 unknown, 1 normal, 2 warning, 3 critical.
# TYPE coworktop_host_pressure_level gauge
coworktop_host_pressure_level 2
# HELP coworktop_governor_pressure_level Memory pressure level the governor logged in the last 10 minutes: 0 none or older, 1 normal, 2 warning, 3 critical.
# TYPE coworktop_governor_pressure_level gauge
coworktop_governor_pressure_level 3
# HELP coworktop_vm_configured_memory_bytes Memory the Cowork VM was configured with, from the VM logs.
# TYPE coworktop_vm_configured_memory_bytes gauge
coworktop_vm_configured_memory_bytes 4.294967296e+09
# HELP coworktop_group_resident_memory_bytes Resident memory summed over a group's readable processes.
# TYPE coworktop_group_resident_memory_bytes gauge
coworktop_group_resident_memory_bytes{group="docker",kind="competitor"} 1024
coworktop_group_resident_memory_bytes{group="other",kind="other"} 5
# HELP coworktop_log_lines_read_total Log lines the follower read, over all followed files.
# TYPE coworktop_log_lines_read_total counter
coworktop_log_lines_read_total 105
# HELP coworktop_log_bytes_lost_total Bytes of log generations that vanished before the follower could read them to their end.
# TYPE coworktop_log_bytes_lost_total counter
coworktop_log_bytes_lost_total 4096
# HELP coworktop_log_list_errors_total Follower checks at which listing the log folder or opening a generation failed (too many open files, a folder briefly unreadable); every known generation was kept and the check retried.
# TYPE coworktop_log_list_errors_total counter
coworktop_log_list_errors_total 3
# HELP coworktop_log_lines_unreadable_total Log lines that could not be read as entries (orphans before the first timestamp, cut lines).
# TYPE coworktop_log_lines_unreadable_total counter
coworktop_log_lines_unreadable_total 2
# HELP coworktop_log_files_failing Log files the follower currently cannot follow (an error or unreadable).
# TYPE coworktop_log_files_failing gauge
coworktop_log_files_failing 1
# HELP coworktop_log_last_line_age_seconds Seconds since the newest log line was read, as of the scrape.
# TYPE coworktop_log_last_line_age_seconds gauge
coworktop_log_last_line_age_seconds 55
# HELP coworktop_build_info coworktop build: version, commit and Go version (value 1).
# TYPE coworktop_build_info gauge
coworktop_build_info{commit="abc123",goversion="go1.26",version="v1.2.3"} 1
`
	names := []string{
		"coworktop_evictions_total", "coworktop_session_cap", "coworktop_pressure_events_total",
		"coworktop_yields_total", "coworktop_host_memory_total_bytes", "coworktop_host_pressure_level",
		"coworktop_governor_pressure_level", "coworktop_vm_configured_memory_bytes",
		"coworktop_group_resident_memory_bytes", "coworktop_log_lines_read_total", "coworktop_log_bytes_lost_total", "coworktop_log_list_errors_total",
		"coworktop_log_lines_unreadable_total", "coworktop_log_files_failing",
		"coworktop_log_last_line_age_seconds", "coworktop_build_info",
	}
	if err := testutil.CollectAndCompare(c, strings.NewReader(want), names...); err != nil {
		t.Fatal(err)
	}
}

func TestCollectorSessionsAndVMState(t *testing.T) {
	now := t0.Add(300 * time.Second)
	c := NewCollector(snapFunc(richState(), now), testBuild)
	// local_c was last active at t0+2s: idle 298 s at now; a and b were evicted.
	if got := testutil.ToFloat64(onlyLabels(c, "coworktop_sessions", "state", "idle")); got != 1 {
		t.Errorf("idle sessions = %v, want 1", got)
	}
	if got := testutil.ToFloat64(onlyLabels(c, "coworktop_sessions", "state", "paused")); got != 2 {
		t.Errorf("paused sessions = %v, want 2", got)
	}
	if got := testutil.ToFloat64(onlyLabels(c, "coworktop_session_idle_seconds_max")); got != 298 {
		t.Errorf("longest idle = %v, want 298", got)
	}
	if got := testutil.ToFloat64(onlyLabels(c, "coworktop_vm_state", "state", "running")); got != 1 {
		t.Errorf("vm running = %v, want 1", got)
	}
	if got := testutil.ToFloat64(onlyLabels(c, "coworktop_vm_state", "state", "booting")); got != 0 {
		t.Errorf("vm booting = %v, want 0", got)
	}
	// swap total was unreadable: absent, never 0.
	if n := testutil.CollectAndCount(c, "coworktop_host_swap_total_bytes"); n != 0 {
		t.Errorf("unreadable swap total exported %d series", n)
	}
}

func TestEmptySnapshotEstimatedCapAndNoHost(t *testing.T) {
	st := governor.New(governor.DefaultLimits())
	c := NewCollector(snapFunc(st, t0), BuildInfo{})
	if n := testutil.CollectAndCount(c, "coworktop_session_cap"); n != 0 {
		t.Errorf("unknown cap exported %d series, want none", n)
	}
	if n := testutil.CollectAndCount(c, "coworktop_host_memory_total_bytes"); n != 0 {
		t.Errorf("no host sample but %d host series", n)
	}
	st.ApplyHost(host.HostMemory{Total: vocab.Figure{Value: 24 << 30, Known: true}})
	if got := testutil.ToFloat64(onlyLabels(c, "coworktop_session_cap", "source", "estimated")); got != 8 {
		t.Errorf("estimated cap = %v, want 8 (24 GiB / 3 GiB)", got)
	}
}

// TestLintAndPedantic: promlint (what `promtool check metrics` runs) finds
// nothing, and a pedantic registry sees only described metrics.
func TestLintAndPedantic(t *testing.T) {
	reg := prometheus.NewPedanticRegistry()
	if err := reg.Register(NewCollector(snapFunc(richState(), t0.Add(time.Hour)), testBuild)); err != nil {
		t.Fatal(err)
	}
	if _, err := reg.Gather(); err != nil {
		t.Fatalf("pedantic gather: %v", err)
	}
	problems, err := testutil.GatherAndLint(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("lint: %s: %s", p.Metric, p.Text)
	}
}

// TestNoSessionIDsOrPaths: nothing from the log's free text reaches a label.
func TestNoSessionIDsOrPaths(t *testing.T) {
	var sb strings.Builder
	if err := Encode(&sb, richState().Snapshot(t0.Add(time.Hour)), testBuild); err != nil {
		t.Fatal(err)
	}
	out := sb.String()
	for _, bad := range []string{"local_a", "local_b", "local_c", "/secret", "alice", "proj", "main.log", "evil", "no such file"} {
		if strings.Contains(out, bad) {
			t.Errorf("exposition contains %q", bad)
		}
	}
}

// onlyLabels returns a collector emitting the one series of name whose
// labels match the given name/value pairs.
func onlyLabels(c prometheus.Collector, name string, kv ...string) prometheus.Collector {
	return filterCollector{c: c, name: name, kv: kv}
}

type filterCollector struct {
	c    prometheus.Collector
	name string
	kv   []string
}

func (f filterCollector) Describe(ch chan<- *prometheus.Desc) { f.c.Describe(ch) }

func (f filterCollector) Collect(ch chan<- prometheus.Metric) {
	all := make(chan prometheus.Metric)
	go func() { f.c.Collect(all); close(all) }()
	for m := range all {
		if !strings.Contains(m.Desc().String(), `fqName: "`+f.name+`"`) {
			continue
		}
		if labelsMatch(m, f.kv) {
			ch <- m
		}
	}
}

func labelsMatch(m prometheus.Metric, kv []string) bool {
	var pb dto.Metric
	if err := m.Write(&pb); err != nil {
		return false
	}
	for i := 0; i+1 < len(kv); i += 2 {
		found := false
		for _, lp := range pb.GetLabel() {
			if lp.GetName() == kv[i] && lp.GetValue() == kv[i+1] {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}
