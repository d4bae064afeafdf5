package governor_test

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/words"
)

func applyEvents(s *governor.State, evs ...event.Event) {
	for _, e := range evs {
		s.Apply(e)
	}
}

func sec(n int) time.Time { return t0.Add(time.Duration(n) * time.Second) }

func sessionByID(t *testing.T, snap governor.Snapshot, id string) governor.SessionView {
	t.Helper()
	for _, v := range snap.Sessions {
		if v.ID == id {
			return v
		}
	}
	t.Fatalf("no session %s in %+v", id, snap.Sessions)
	return governor.SessionView{}
}

func TestCrashEndsSessionAndIsListed(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	code := 143
	applyEvents(s,
		event.Event{Time: sec(0), Kind: event.KindSessionStart, Session: "local_a"},
		event.Event{Time: sec(1), Kind: event.KindSessionStart, Session: "local_b"},
		event.Event{Time: sec(10), Kind: event.KindCrash, Session: "local_a", File: "main.log", Line: 3, Detail: &event.EventDetail{Signal: "SIGKILL"}},
		event.Event{Time: sec(20), Kind: event.KindCrash, Session: "local_b", File: "main.log", Line: 4, Detail: &event.EventDetail{ExitCode: &code}},
	)
	crashes, hidden := s.Crashes()
	if hidden != 0 || len(crashes) != 2 || crashes[0].Text() != "SIGKILL" || crashes[1].Text() != "exit 143" || crashes[1].Line != 4 {
		t.Fatalf("crashes %+v hidden %d", crashes, hidden)
	}
	snap := s.Snapshot(sec(30))
	if a := sessionByID(t, snap, "local_a"); a.Live() || a.PauseReason != event.EndCrash || a.Crashes != 1 {
		t.Errorf("crashed session: %+v", a)
	}
	if snap.Counts.Crashes != 2 {
		t.Errorf("crashes counted %d", snap.Counts.Crashes)
	}
}

func TestResumeMakesSessionLiveAgain(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	applyEvents(s,
		event.Event{Time: sec(0), Kind: event.KindSessionStart, Session: "local_a"},
		event.Event{Time: sec(100), Kind: event.KindPressureEvict, Session: "local_a", IdleS: 90},
		event.Event{Time: sec(100), Kind: event.KindPause, Session: "local_a", Reason: event.ReasonGovernorEvict},
		event.Event{Time: sec(101), Kind: event.KindQueryDone, Session: "local_a"},
	)
	if v := sessionByID(t, s.Snapshot(sec(102)), "local_a"); v.Live() {
		t.Fatalf("query iterator completed after an eviction must not revive it: %+v", v)
	}
	s.Apply(event.Event{Time: sec(200), Kind: event.KindResume, Session: "local_a"})
	snap := s.Snapshot(sec(201))
	if v := sessionByID(t, snap, "local_a"); !v.Live() || v.PauseReason != event.ReasonNone {
		t.Fatalf("resumed session should be live: %+v", v)
	}
	if c := snap.Counts; c.Resumed != 1 || c.QueriesDone != 1 || c.Evictions != 1 {
		t.Errorf("counts %+v", c)
	}
}

func TestRemoteControlProtectsUntilPaused(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	applyEvents(s,
		event.Event{Time: sec(0), Kind: event.KindSessionStart, Session: "local_rc"},
		event.Event{Time: sec(1), Kind: event.KindSessionStart, Session: "local_plain"},
		event.Event{Time: sec(2), Kind: event.KindRemoteControl, Session: "local_rc"},
		event.Event{Time: sec(50), Kind: event.KindTurnEnd, Session: "local_plain"},
		event.Event{Time: sec(900), Kind: event.KindIdleTimeout, Session: "local_rc", Lifecycle: "session"},
		event.Event{Time: sec(900), Kind: event.KindPauseSkipped, Session: "local_rc", Reason: event.ReasonRemoteControl, Detail: &event.EventDetail{Bridge: "startup-policy"}},
		event.Event{Time: sec(901), Kind: event.KindPauseDeclined, Session: "local_rc", Count: 8},
	)
	snap := s.Snapshot(sec(1000))
	if len(snap.IdleRanking) != 2 || snap.IdleRanking[0].ID != "local_rc" || snap.IdleRanking[0].Protected != governor.ProtectedRemoteControl {
		t.Fatalf("the protected session is in the ranking, marked: %+v", snap.IdleRanking)
	}
	if snap.NextVictim == nil || snap.NextVictim.ID != "local_plain" {
		t.Fatalf("next victim must pass over the protected session: %+v", snap.NextVictim)
	}
	if c := snap.Counts; c.PauseSkippedRC != 1 || c.DeclinedPauses != 1 || c.MaxDeclined != 8 {
		t.Errorf("counts %+v", c)
	}
	s.Apply(event.Event{Time: sec(1100), Kind: event.KindPause, Session: "local_rc", Reason: event.ReasonIdleTimeout})
	s.Apply(event.Event{Time: sec(1200), Kind: event.KindResume, Session: "local_rc"})
	if v := sessionByID(t, s.Snapshot(sec(1300)), "local_rc"); v.Protected != "" || v.RemoteControl {
		t.Errorf("a pause ends the protection: %+v", v)
	}
}

func TestUpdateRestartLosesSessionsAndSetsVersion(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	applyEvents(s,
		event.Event{Time: sec(0), Kind: event.KindAppStart, Detail: &event.EventDetail{Version: "1.46388.1"}},
		event.Event{Time: sec(1), Kind: event.KindSessionStart, Session: "local_a"},
		event.Event{Time: sec(2), Kind: event.KindSessionStart, Session: "local_b"},
		event.Event{Time: sec(10), Kind: event.KindUpdateReady, Detail: &event.EventDetail{Version: "1.46388.2"}},
	)
	if snap := s.Snapshot(sec(11)); snap.App.Pending != "1.46388.2" {
		t.Fatalf("pending version: %+v", snap.App)
	}
	applyEvents(s,
		event.Event{Time: sec(20), Kind: event.KindUpdateRestart},
		event.Event{Time: sec(21), Kind: event.KindStopAll, Count: 3}, // the app knew one more than the log showed
		event.Event{Time: sec(22), Kind: event.KindAppQuit},
		event.Event{Time: sec(40), Kind: event.KindAppUpdated, Detail: &event.EventDetail{From: "1.46388.1", To: "1.46388.2"}},
	)
	snap := s.Snapshot(sec(41))
	if snap.App.Version != "1.46388.2" || snap.App.Pending != "" {
		t.Errorf("app after update: %+v", snap.App)
	}
	c := snap.Counts
	if c.LostToUpdate != 3 || c.UpdateRestarts != 1 || c.AppUpdates != 1 || c.AppQuits != 0 { // the quit is the update restart's
		t.Errorf("counts %+v", c)
	}
	if v := sessionByID(t, snap, "local_a"); v.Live() || v.PauseReason != event.EndUpdateRestart {
		t.Errorf("session after update restart: %+v", v)
	}
	// A quit with no update before it loses nothing to an update.
	s.Apply(event.Event{Time: sec(100), Kind: event.KindSessionStart, Session: "local_c"})
	s.Apply(event.Event{Time: sec(500), Kind: event.KindStopAll, Count: 1})
	if got := s.Snapshot(sec(501)).Counts.LostToUpdate; got != 3 {
		t.Errorf("a plain quit counted as lost to the update: %d", got)
	}
}

func TestRulesByVersion(t *testing.T) {
	for v, gen := range map[string]int{"2.110.0": 2, "2.9939.4": 2, "1.46388.2": 1, "": 1, "10.1": 2} {
		if r := governor.RulesFor(v); r.Generation != gen || r.SweepEvicts != (gen == 2) {
			t.Errorf("%q: %+v", v, r)
		}
	}
}

func TestSweepOutlook2x(t *testing.T) {
	state := func(version string) *governor.State {
		s := governor.New(governor.DefaultLimits())
		evs := []event.Event{{Time: sec(0), Kind: event.KindAppStart, Detail: &event.EventDetail{Version: version}}}
		for i, id := range []string{"local_1", "local_2", "local_3", "local_4", "local_5", "local_6"} {
			evs = append(evs, event.Event{Time: sec(i), Kind: event.KindSessionStart, Session: id})
		}
		evs = append(evs,
			event.Event{Time: sec(7), Kind: event.KindRemoteControl, Session: "local_1"}, // protected
			event.Event{Time: sec(590), Kind: event.KindTurnEnd, Session: "local_6"},     // running: idle 10 s
			event.Event{Time: sec(600), Kind: event.KindPressure, Pressure: host.PressureCritical, Effective: 8},
			event.Event{Time: sec(600), Kind: event.KindAcquire, Cap: 6, Effective: 6},
		)
		applyEvents(s, evs...)
		return s
	}
	build := func(version string) governor.Snapshot { return state(version).Snapshot(sec(600)) }
	snap := build("2.19675.0")
	// effective 6, cap 6: cap−2 = 4, so 2 must go; candidates: 2..5 (1 is protected, 6 is running).
	if snap.Outlook.Sweep != 2 || snap.Rules.Generation != 2 {
		t.Errorf("2.x sweep: %+v rules %+v", snap.Outlook, snap.Rules)
	}
	if snap.NextVictim == nil || snap.NextVictim.ID != "local_2" {
		t.Errorf("next victim %+v", snap.NextVictim)
	}
	if old := build("1.46388.2"); old.Outlook.Sweep != 0 {
		t.Errorf("1.x pressure only logs: %+v", old.Outlook)
	}
	// A pressure line older than PressureFreshFor is history: no sweep.
	stale := state("2.19675.0").Snapshot(sec(600).Add(governor.PressureFreshFor + time.Second))
	if stale.Outlook.Sweep != 0 || words.SweepSummary(stale.Outlook) != "" {
		t.Errorf("a stale pressure level still drives the sweep outlook: %+v", stale.Outlook)
	}
}

func TestServiceStartStop(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	applyEvents(s,
		event.Event{Time: sec(0), Kind: event.KindServiceStart},
		event.Event{Time: sec(1), Kind: event.KindVMConfig, Detail: &event.EventDetail{MemoryMB: 4096, CPUs: 2}},
		event.Event{Time: sec(2), Kind: event.KindServiceReady},
		event.Event{Time: sec(9), Kind: event.KindServiceStop},
	)
	snap := s.Snapshot(sec(10))
	if snap.VM.MemoryMB != 4096 || snap.VM.MemoryGB != 4 || snap.VM.CPUs != 2 || snap.VM.Service != "stopped" ||
		snap.Counts.ServiceStarts != 1 || snap.Counts.ServiceStops != 1 {
		t.Errorf("vm %+v counts %+v", snap.VM, snap.Counts)
	}
}

// An idle timeout of a session with Remote Control active is vetoed: the
// session is not lost, and stays live.
func TestIdleTimeoutUnderRemoteControlIsNoLoss(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	applyEvents(s,
		event.Event{Time: sec(0), Kind: event.KindSessionStart, Session: "local_rc"},
		event.Event{Time: sec(1), Kind: event.KindRemoteControl, Session: "local_rc"},
		event.Event{Time: sec(900), Kind: event.KindIdleTimeout, Session: "local_rc", Lifecycle: "session"},
		event.Event{Time: sec(900), Kind: event.KindPauseSkipped, Session: "local_rc", Reason: event.ReasonRemoteControl, Detail: &event.EventDetail{Bridge: "explicit"}},
	)
	snap := s.Snapshot(sec(901))
	if v := sessionByID(t, snap, "local_rc"); !v.Live() || v.Protected == "" {
		t.Errorf("the vetoed session: %+v", v)
	}
	if losses, _ := s.Losses(); len(losses) != 0 {
		t.Errorf("a vetoed idle timeout is no loss: %+v", losses)
	}
}
