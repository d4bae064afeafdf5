package governor_test

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

// A restart: the cap logged by the run before carries over with its age,
// the earlier run's sessions say how it ended, the count logged before the
// quit is not shown as the present, nor the pressure (issue 23 #1, #4).
func TestFactsCarryOverARestart(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	applyEvents(s,
		event.Event{Time: sec(0), Kind: event.KindAppStart, Detail: &event.EventDetail{Version: "1.1"}},
		event.Event{Time: sec(1), Kind: event.KindSessionStart, Session: "local_a", Cwd: "/p/web-frontend"},
		event.Event{Time: sec(2), Kind: event.KindAcquire, Cap: 8, Effective: 9},
		event.Event{Time: sec(3), Kind: event.KindPressure, Pressure: host.PressureCritical, Effective: 9},
		event.Event{Time: sec(20), Kind: event.KindAppQuit},
	)
	snap := s.Snapshot(sec(30))
	if snap.LoggedPressureNow() != host.PressureUnknown || !strings.Contains(words.LoggedPressureText(snap), "no longer current") {
		t.Errorf("a level logged before the app quit is current: %q", words.LoggedPressureText(snap))
	}
	if snap.Effective.Source == vocab.SourceLogged {
		t.Errorf("the quit app's count shown beside %d live: %+v", snap.Live, snap.Effective)
	}
	if end := words.AppEndText(snap); !strings.HasPrefix(end, "quit ") || !strings.HasSuffix(end, "10s ago") {
		t.Errorf("App field: %q", end)
	}
	applyEvents(s, event.Event{Time: sec(60), Kind: event.KindAppStart, Detail: &event.EventDetail{Version: "1.1"}})
	snap = s.Snapshot(sec(120))
	if snap.Cap.Value != 8 || snap.Cap.Source != vocab.SourceLogged || snap.Cap.Age != 118*time.Second {
		t.Errorf("cap after the restart: %+v", snap.Cap)
	}
	if words.AppEndText(snap) != "" {
		t.Errorf("a new run still says the last one ended: %q", words.AppEndText(snap))
	}
	v := sessionByID(t, snap, "local_a")
	if v.Live() || v.PauseReason != event.EndAppQuit || v.Project != "web-frontend" {
		t.Errorf("earlier run's session: %+v", v)
	}
	if words.CarriedCapText(snap) != "8 (logged 1m58s ago)" {
		t.Errorf("the cap carried over the restart: %q", words.CarriedCapText(snap))
	}
	if !strings.Contains(words.SessionsText(snap), "cap 8 (logged 1m58s ago)") {
		t.Errorf("sessions text: %q", words.SessionsText(snap))
	}
}

// Lost means not back: sessions the app resumed seconds after an update
// restart, or a user resumed much later, are not lost; the one never seen
// again is.
func TestLostLeavesOutSessionsThatCameBack(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	applyEvents(s,
		event.Event{Time: sec(1), Kind: event.KindSessionStart, Session: "local_a"},
		event.Event{Time: sec(2), Kind: event.KindSessionStart, Session: "local_b"},
		event.Event{Time: sec(3), Kind: event.KindSessionStart, Session: "local_c"},
		event.Event{Time: sec(4), Kind: event.KindSessionStart, Session: "local_d"},
		event.Event{Time: sec(20), Kind: event.KindUpdateRestart},
		event.Event{Time: sec(40), Kind: event.KindResume, Session: "local_a"},
		event.Event{Time: sec(41), Kind: event.KindWarming, Session: "local_b"},
		event.Event{Time: sec(900), Kind: event.KindResume, Session: "local_c"}, // a user, much later
	)
	snap := s.Snapshot(sec(901))
	if governor.LossTotal(snap.LossCounts) != 4 || snap.CameBack != 3 || snap.LostCount() != 1 {
		t.Fatalf("losses %d, came back %d, lost %d; want 4, 3, 1", governor.LossTotal(snap.LossCounts), snap.CameBack, snap.LostCount())
	}
	for _, l := range snap.Losses {
		if back := !l.Back.IsZero(); back != (l.Session != "local_d") {
			t.Errorf("loss of %s: back %v", l.Session, l.Back)
		}
	}
	if got := words.LostText(snap); !strings.HasPrefix(got, "1 lost since ") || !strings.HasSuffix(got, "(3 more came back)") {
		t.Errorf("LostText = %q", got)
	}
}

// A log silent for 64 days: nothing live, no victim, no timers, and the
// snapshot says how old the log is (issue 23 #7).
func TestSilentLogIsSaidToBeOld(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	applyEvents(s,
		event.Event{Time: sec(0), Kind: event.KindAcquire, Cap: 2, Effective: 2},
		event.Event{Time: sec(1), Kind: event.KindSessionStart, Session: "local_a"},
		event.Event{Time: sec(2), Kind: event.KindSessionStart, Session: "local_b"},
		event.Event{Time: sec(3), Kind: event.KindIdleTimer, Session: "local_a", TimeoutS: 900},
	)
	if snap := s.Snapshot(sec(300)); snap.Stale || snap.NextVictim == nil || snap.Live != 2 {
		t.Fatalf("five minutes on: stale %v victim %v live %d", snap.Stale, snap.NextVictim, snap.Live)
	}
	snap := s.Snapshot(sec(3).Add(64 * 24 * time.Hour))
	if !snap.Stale || snap.Live != 0 || snap.NextVictim != nil || len(snap.IdleRanking) != 0 || snap.Effective.Source == vocab.SourceLogged {
		t.Fatalf("stale %v live %d victim %v ranking %d effective %+v", snap.Stale, snap.Live, snap.NextVictim, len(snap.IdleRanking), snap.Effective)
	}
	for _, v := range snap.Sessions {
		if v.State != governor.StateUnknown || v.TimerRemaining != 0 || !strings.Contains(v.PauseText, "64d") {
			t.Errorf("session of a silent log: %+v", v)
		}
	}
	if !strings.Contains(words.OutlookSummary(&snap), "64d00h old") || !strings.Contains(words.WindowText(snap), "64d00h old") {
		t.Errorf("outlook %q window %q", words.OutlookSummary(&snap), words.WindowText(snap))
	}
}

// A logged level stops being the present once the host's own reading says
// normal after it: the app logs no return to normal (issue 23 #4).
func TestLoggedLevelEndsAtAHostNormal(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	applyEvents(s, event.Event{Time: sec(0), Kind: event.KindPressure, Pressure: host.PressureCritical, Effective: 3})
	s.ApplyHost(host.HostMemory{At: sec(10), Pressure: host.PressureWarning})
	if got := s.Snapshot(sec(20)).LoggedPressureNow(); got != host.PressureCritical {
		t.Fatalf("a host warning after a logged critical: %s, want critical still", got)
	}
	s.ApplyHost(host.HostMemory{At: sec(30), Pressure: host.PressureNormal})
	snap := s.Snapshot(sec(40))
	if snap.LoggedPressureNow() != host.PressureUnknown || snap.PressureNow() != host.PressureNormal ||
		words.LoggedPressureText(snap) != "critical, 40s ago, no longer current" {
		t.Fatalf("after the host's normal: logged %s, now %s, %q", snap.LoggedPressureNow(), snap.PressureNow(), words.LoggedPressureText(snap))
	}
}
