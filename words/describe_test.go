package words

import (
	"testing"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// TestEveryKindHasWords: a kind added to governor's kind table without its
// words here fails, not silently in the event log (which would print only
// its name).
func TestEveryKindHasWords(t *testing.T) {
	n := 0
	for k := event.Kind(1); k.String() != ""; k++ {
		if describers[k] == nil {
			t.Errorf("%s: no words in describers, so the event log would print only its name", k)
		}
		n++
	}
	if len(describers) != n || describers[0] != nil {
		t.Errorf("describers has %d entries for %d kinds (the zero Kind has none)", len(describers), n)
	}
}

// TestVMConfigWords: a CPU count that was not logged is never printed
// as 0.
func TestVMConfigWords(t *testing.T) {
	for _, c := range []struct {
		e    event.Event
		want string
	}{
		{event.Event{Kind: event.KindVMConfig, Detail: &event.EventDetail{MemoryGB: 4}}, "vm: config memory=4GB"},
		{event.Event{Kind: event.KindVMConfig, Detail: &event.EventDetail{CPUs: 6}}, "vm: config cpus=6"},
		{event.Event{Kind: event.KindVMConfig, Detail: &event.EventDetail{CPUs: 6, MemoryGB: 8}}, "vm: config cpus=6 memory=8GB"},
		{event.Event{Kind: event.KindVMConfig}, "vm: config (no figure logged)"},
	} {
		if got := Describe(c.e); got != c.want {
			t.Errorf("Describe(%+v) = %q, want %q", c.e, got, c.want)
		}
	}
}

func TestDescribeDaemonEvents(t *testing.T) {
	for _, c := range []struct {
		e    event.Event
		want string
	}{
		{event.Event{Kind: event.KindDaemonStart, Detail: &event.EventDetail{Version: "2.1.263"}}, "claude code daemon started (2.1.263)"},
		{event.Event{Kind: event.KindDaemonSettled, Session: "9d903e04", Reason: event.ReasonWorkerCrashed, Text: "exit 1 within 5s of spawn ×3"},
			"background worker 9d903e04 settled crashed: exit 1 within 5s of spawn ×3"},
		{event.Event{Kind: event.KindDaemonRetire, Session: "5a5a5a5a", Reason: event.ReasonSettled, Detail: &event.EventDetail{LowMemory: true}},
			"background worker 5a5a5a5a retired (settled) [low memory]"},
		{event.Event{Kind: event.KindDaemonAdopt, Count: 2}, "claude code daemon: 2 worker(s) found dead at start"},
		{event.Event{Kind: event.KindHeartbeat}, "app heartbeat ([ScheduledTasks])"},
	} {
		if got := Describe(c.e); got != c.want {
			t.Errorf("Describe(%s) = %q, want %q", c.e.Kind, got, c.want)
		}
	}
}

// Every kind §7.7 added has its own words in the event log.
func TestSection77KindsAreDescribed(t *testing.T) {
	code := 1073807364
	for _, e := range []event.Event{
		{Kind: event.KindUpdateDeferred, Text: "Claude is working", Detail: &event.EventDetail{PendingS: 74 * 3600}},
		{Kind: event.KindUpdateStaged, Detail: &event.EventDetail{Version: "2.110.0"}},
		{Kind: event.KindUpdateRestart, Detail: &event.EventDetail{PendingS: 101 * 3600}},
		{Kind: event.KindPTYKill, Count: 5},
		{Kind: event.KindSecondInstance, Text: "Not main instance, returning early from app ready"},
		{Kind: event.KindRestartMarker},
		{Kind: event.KindPTYHostExit, Count: 2, Detail: &event.EventDetail{ExitCode: &code}},
		{Kind: event.KindMCPGone, Text: "mimir"},
		{Kind: event.KindVMNote, Text: "[KernelBugMonitor] State reset"},
		{Kind: event.KindServiceWarning, Text: "Warning: failed to configure recovery actions"},
		{Kind: event.KindDaemonUpgrade, Detail: &event.EventDetail{From: "2.1.233", To: "2.1.235"}},
		{Kind: event.KindDaemonLockRace},
		{Kind: event.KindDaemonReap, Count: 1},
		{Kind: event.KindDaemonPrewarm, Count: 1},
		{Kind: event.KindDaemonSpare},
	} {
		if d := Describe(e); d == "" || d == e.Kind.String() {
			t.Errorf("%s is described as %q", e.Kind, d)
		}
	}
}

// TestLogText: an event-log line names its session as lists do, and an
// idle pause after an update restart left Remote Control off says so.
func TestLogText(t *testing.T) {
	e := event.Event{Time: sec(900), Kind: event.KindPause, Session: "local_7f3a9c21-5b8e", Reason: event.ReasonIdleTimeout}
	for _, c := range []struct {
		l    governor.LogLine
		want string
	}{
		{governor.LogLine{Event: e}, "session 7f3a9c21 paused (idle_timeout)"},
		{governor.LogLine{Event: e, Name: "terraform", RCLostAt: sec(60)},
			"session terraform paused (idle_timeout): Remote Control was not turned back on after the 10:01 update"},
	} {
		if got := LogText(c.l); got != c.want {
			t.Errorf("LogText = %q, want %q", got, c.want)
		}
	}
}
