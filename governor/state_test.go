package governor_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/vocab"
)

var t0 = time.Date(2026, 9, 30, 10, 0, 0, 0, time.UTC)

func at(sec int) string {
	return t0.Add(time.Duration(sec) * time.Second).Format("2006-01-02 15:04:05")
}

func stateFrom(t *testing.T, lines ...string) *governor.State {
	t.Helper()
	s := governor.New(governor.DefaultLimits())
	for _, e := range parseLines(t, "main.log", lines...) {
		s.Apply(e)
	}
	return s
}

func TestIdleClimbsAndNextVictim(t *testing.T) {
	s := stateFrom(t,
		at(0)+" [info] Starting local session local_aaaaaaaa-1 in /p/alpha",
		at(10)+" [info] Starting local session local_bbbbbbbb-2 in /p/beta",
		at(20)+" [info] [Stop hook] Query completed for session local_aaaaaaaa-1",
		at(50)+" [info] [Stop hook] Query completed for session local_bbbbbbbb-2",
	)
	snap := s.Snapshot(t0.Add(60 * time.Second))
	if snap.NextVictim != nil {
		t.Fatalf("nobody idle ≥ 60 s yet, got victim %+v", snap.NextVictim)
	}
	snap = s.Snapshot(t0.Add(200 * time.Second))
	if len(snap.IdleRanking) != 2 || snap.IdleRanking[0].ID != "local_aaaaaaaa-1" || snap.IdleRanking[0].Idle != 180*time.Second {
		t.Fatalf("ranking: %+v", snap.IdleRanking)
	}
	if snap.NextVictim == nil || snap.NextVictim.ID != "local_aaaaaaaa-1" || snap.IdleRanking[0].State != governor.StateIdle {
		t.Fatalf("victim: %+v", snap.NextVictim)
	}
	later := s.Snapshot(t0.Add(260 * time.Second))
	if later.IdleRanking[0].Idle != 240*time.Second {
		t.Fatalf("idle must climb with the clock: %v", later.IdleRanking[0].Idle)
	}
}

func TestGovernorIdleIsFact(t *testing.T) {
	s := stateFrom(t,
		at(0)+" [info] Starting local session local_x in /p/x",
		at(300)+" [info] [CliGovernor] at cap=8; would evict local_x (idle 100s) for warm spawn",
	)
	snap := s.Snapshot(t0.Add(300 * time.Second))
	if got := snap.Sessions[0].Idle; got != 100*time.Second {
		t.Fatalf("the governor's logged idle should anchor last activity, got %v", got)
	}
}

func TestEvictionCausesAndDedup(t *testing.T) {
	s := stateFrom(t,
		at(0)+" [info] Starting local session local_a in /p/a",
		at(1)+" [info] Starting local session local_b in /p/b",
		at(2)+" [info] Starting local session local_c in /p/c",
		at(100)+" [info] [CliGovernor] at cap=8; evicting local_a (idle 90s) for warm spawn",
		at(101)+" [info] Pausing session local_a (governor_evict)",
		at(200)+" [info] [CliGovernor] pressure evicting local_b (idle 150s)",
		at(200)+" [info] Pausing session local_b (governor_evict)",
		at(300)+" [info] Pausing session local_c (governor_evict)",
		at(400)+" [info] Pausing session local_c (idle_timeout)",
	)
	ev, hidden := s.Evictions()
	if hidden != 0 || len(ev) != 3 {
		t.Fatalf("want 3 evictions, got %d: %+v", len(ev), ev)
	}
	for i, want := range []event.Cause{event.CauseWarm, event.CausePressure, event.CauseUnknown} {
		if ev[i].Cause != want {
			t.Errorf("eviction %d cause %q want %q", i, ev[i].CauseName(), want.String())
		}
	}
	if ev[2].IdleS != 298 {
		t.Errorf("unexplained pause idle: %d", ev[2].IdleS)
	}
	c := s.Snapshot(t0.Add(500 * time.Second)).Counts
	if c.PausedEvict != 3 || c.PausedIdle != 1 || c.AtCapEvicting != 1 || c.PressureEvicts != 1 {
		t.Fatalf("counts: %+v", c)
	}
}

func TestPauseLongAfterEvictionIsNewEviction(t *testing.T) {
	s := stateFrom(t,
		at(0)+" [info] [CliGovernor] at cap=8; evicting local_a (idle 90s) for warm spawn",
		at(30)+" [info] Pausing session local_a (governor_evict)",
	)
	if ev, _ := s.Evictions(); len(ev) != 2 || ev[1].Cause != event.CauseUnknown {
		t.Fatalf("a pause 30 s after the eviction line is not explained by it: %+v", ev)
	}
}

func TestCapLoggedOrEstimated(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	if c := s.Snapshot(t0).Cap; c.Source != vocab.SourceUnknown {
		t.Fatalf("no data: %+v", c)
	}
	s.ApplyHost(host.HostMemory{At: t0, Total: vocab.Figure{Value: 16 << 30, Known: true}})
	if c := s.Snapshot(t0).Cap; c.Value != 6 || c.Source != vocab.SourceEstimated {
		t.Fatalf("16 GiB: %+v", c)
	}
	s.ApplyHost(host.HostMemory{At: t0, Total: vocab.Figure{Value: 64 << 30, Known: true}})
	if c := s.Snapshot(t0).Cap; c.Value != 21 {
		t.Fatalf("64 GiB: %+v", c)
	}
	for _, e := range parseLines(t, "main.log", at(0)+" [info] [CliGovernor] at cap=8; would evict local_a (idle 5s) for user spawn") {
		s.Apply(e)
	}
	if c := s.Snapshot(t0).Cap; c.Value != 8 || c.Source != vocab.SourceLogged {
		t.Fatalf("logged cap wins: %+v", c)
	}
}

func TestOutlook(t *testing.T) {
	lines := []string{at(0) + " [info] [CliGovernor] at cap=3; would evict local_0 (idle 0s) for user spawn"}
	for i := 0; i < 3; i++ {
		lines = append(lines, fmt.Sprintf("%s [info] Starting local session local_%d in /p/%d", at(i), i, i))
	}
	s := stateFrom(t, lines...)
	o := s.Snapshot(t0.Add(30 * time.Second)).Outlook
	if o.Action != "yield" || o.ToCap != 0 || o.Headroom != -2 {
		t.Fatalf("at cap, nobody idle: %+v", o)
	}
	o = s.Snapshot(t0.Add(120 * time.Second)).Outlook
	if o.Action != "evict" || o.Victim != "local_0" {
		t.Fatalf("at cap with an idle victim: %+v", o)
	}
	for _, e := range parseLines(t, "main.log", at(121)+" [info] Pausing session local_2 (idle_timeout)") {
		s.Apply(e)
	}
	if o = s.Snapshot(t0.Add(122 * time.Second)).Outlook; o.Action != "start" || o.ToCap != 1 {
		t.Fatalf("below cap: %+v", o)
	}
}

func TestVMBootStalls(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	for _, e := range parseLines(t, "cowork_vm_node.log",
		at(0)+" [info] [VM:start] memory=4GB tier=flat",
		at(1)+" [info] [VM:steps] guest_vsock_connect started",
		at(200)+" [info] [VM:start] memory=4GB tier=flat",
		at(201)+" [info] [VM:steps] guest_vsock_connect started",
		at(400)+" [info] [VM:steps] guest_vsock_connect started",
	) {
		s.Apply(e)
	}
	snap := s.Snapshot(t0.Add(500 * time.Second))
	if snap.VM.BootStalls != 2 || snap.VM.State != event.VMStalled || snap.VM.MemoryGB != 4 {
		t.Fatalf("vm: %+v", snap.VM)
	}
	s.Finish()
	if got := s.Snapshot(t0.Add(500 * time.Second)).VM.BootStalls; got != 3 {
		t.Fatalf("open step at end of log is a stall: %d", got)
	}
}

func TestHistoryIsBounded(t *testing.T) {
	l := governor.DefaultLimits()
	s := governor.New(l)
	for i := 0; i < 20000; i++ {
		ts := t0.Add(time.Duration(i) * time.Second)
		id := fmt.Sprintf("local_%08d", i)
		s.Apply(event.Event{Time: ts, Kind: event.KindSessionStart, Session: id})
		s.Apply(event.Event{Time: ts, Kind: event.KindPause, Session: id, Reason: event.ReasonGovernorEvict})
		s.Apply(event.Event{Time: ts, Kind: event.KindMemorySample, Memory: &event.MemorySample{SysFreeMB: i, TotalMB: 100000}})
	}
	snap := s.Snapshot(t0.Add(30000 * time.Second))
	if len(snap.Sessions) > l.EndedSessions || len(snap.Outcomes) > l.Outcomes || len(snap.Log) > l.LogLines || len(snap.MemorySamples) > l.MemorySamples {
		t.Fatalf("unbounded: sessions %d outcomes %d log %d memory %d", len(snap.Sessions), len(snap.Outcomes), len(snap.Log), len(snap.MemorySamples))
	}
	ev, hidden := s.Evictions()
	if len(ev) != l.Evictions || hidden != 20000-l.Evictions || snap.Counts.Evictions != 20000 {
		t.Fatalf("evictions kept %d hidden %d counted %d", len(ev), hidden, snap.Counts.Evictions)
	}
	if n := s.EvictionCount(); n != len(ev)+hidden {
		t.Fatalf("EvictionCount %d, want kept %d + hidden %d", n, len(ev), hidden)
	}
}

func TestAppRestartEndsSessions(t *testing.T) {
	s := stateFrom(t,
		at(0)+" [info] Starting local session local_a in /p/a",
		at(10)+" [info] Starting app { appVersion: '2.9939.4', platform: 'darwin', arch: 'arm64' }",
	)
	snap := s.Snapshot(t0.Add(20 * time.Second))
	if snap.Sessions[0].Live() || snap.App.Version != "2.9939.4" {
		t.Fatalf("a session does not survive an app restart: %+v %+v", snap.Sessions[0], snap.App)
	}
}

func TestShortIDNeverSplitsACharacter(t *testing.T) {
	for in, want := range map[string]string{
		"local_0a235fb9-a681-41bd-89cd-98453ef18aa1": "0a235fb9",
		"local_é€😀é€😀é€😀xyz":                         "é€😀é€😀é€",
		"plain":                                      "plain",
		"ééééééééééééééééé":                          "éééééééééééééé",
	} {
		if got := vocab.ShortID(in); got != want || !utf8.ValidString(got) {
			t.Errorf("ShortID(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestVMStallCountedOnceAcrossBothVMLogs(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	apply := func(file string, lines ...string) {
		for _, e := range parseLines(t, file, lines...) {
			s.Apply(e)
		}
	}
	apply("cowork_vm_node.log", at(0)+" [info] [VM:steps] guest_vsock_connect started")
	apply("cowork_vm_swift.log", "[VM] "+at(1)+" [info] VM startup step: guest_vsock_connect started")
	apply("cowork_vm_node.log", at(200)+" [info] [VM:steps] guest_vsock_connect started")
	apply("cowork_vm_swift.log", "[VM] "+at(200)+" [info] VM startup step: guest_vsock_connect started")
	apply("cowork_vm_node.log", at(205)+" [info] [VM:steps] guest_vsock_connect completed (5000ms)")
	s.Finish()
	if got := s.Snapshot(t0.Add(300 * time.Second)).VM.BootStalls; got != 1 {
		t.Fatalf("one stalled attempt recorded by both logs is one stall, got %d", got)
	}
}

func TestUnexplainedEvictionIdleSource(t *testing.T) {
	s := stateFrom(t,
		at(0)+" [info] Starting local session local_a in /p/a",
		at(100)+" [info] Pausing session local_a (governor_evict)",
		at(200)+" [info] Pausing session local_never_seen (governor_evict)",
		at(300)+" [info] [CliGovernor] pressure evicting local_b (idle 70s)",
	)
	ev, _ := s.Evictions()
	if len(ev) != 3 || ev[0].IdleSource != vocab.SourceEstimated || ev[0].IdleS != 100 ||
		ev[1].IdleSource != vocab.SourceUnknown || ev[2].IdleSource != vocab.SourceLogged {
		t.Fatalf("idle sources: %+v", ev)
	}
}

func TestPressureForgottenOnAppStart(t *testing.T) {
	s := stateFrom(t,
		at(0)+" [warn] [CliGovernor] memory pressure (critical): would evict 0 idle session(s), 1 effective",
		at(10)+" [info] Starting app { appVersion: '2.1', platform: 'darwin' }",
	)
	if p := s.Snapshot(t0.Add(20 * time.Second)).Pressure; p != host.PressureUnknown {
		t.Fatalf("a restarted app has no pressure level yet, got %q", p)
	}
}

// The timestamp cache must give what a fresh parse gives, second by second,
// across a zone change (DST ends: 01:00–02:00 happens twice in New York).

// parseLines reads log lines the way coworktop does, through ingest.
func parseLines(t testing.TB, file string, lines ...string) []event.Event {
	t.Helper()
	var evs []event.Event
	text := strings.Join(lines, "\n")
	if _, err := ingest.ReadEach(strings.NewReader(text), file, time.UTC, func(e *event.Event) { evs = append(evs, *e) }); err != nil {
		t.Fatal(err)
	}
	return evs
}
