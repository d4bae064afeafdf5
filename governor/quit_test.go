package governor_test

import (
	"testing"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// One quit's lines come in no fixed order: whichever says it is for an
// update makes the whole quit an update restart, the sessions it stopped
// are lost to it, and the app's own count of terminals killed wins over
// the sessions coworktop saw live.
func TestQuitLinesFoldInAnyOrder(t *testing.T) {
	update := event.Event{Kind: event.KindUpdateRestart, Reason: event.ReasonUpdate}
	kill := event.Event{Kind: event.KindPTYKill, Count: 4}
	quit := event.Event{Kind: event.KindAppQuit}
	for name, order := range map[string][]event.Event{
		"update, kill, quit": {update, kill, quit},
		"kill, update, quit": {kill, update, quit},
		"quit, kill, update": {quit, kill, update},
		"kill, quit, update": {kill, quit, update},
	} {
		s := governor.New(governor.DefaultLimits())
		applyEvents(s,
			event.Event{Time: sec(0), Kind: event.KindSessionStart, Session: "local_a"},
			event.Event{Time: sec(1), Kind: event.KindSessionStart, Session: "local_b"},
		)
		for i, e := range order {
			e.Time = sec(100 + i)
			s.Apply(e)
		}
		snap := s.Snapshot(sec(200))
		c := snap.Counts
		if c.UpdateRestarts != 1 || c.LostToUpdate != 4 || c.AppQuits != 0 || governor.LossTotal(snap.LossCounts) != 4 {
			t.Errorf("%s: %d update restarts, %d lost to it, %d quits, %d losses; want 1, 4, 0, 4", name,
				c.UpdateRestarts, c.LostToUpdate, c.AppQuits, governor.LossTotal(snap.LossCounts))
		}
		if v := sessionByID(t, snap, "local_a"); v.Live() || v.PauseReason != event.EndUpdateRestart {
			t.Errorf("%s: session a %+v, want ended by the update restart", name, v)
		}
		if snap.App.DownSince != sec(100) || snap.App.DownBy != governor.AppEndUpdate {
			t.Errorf("%s: down since %v by %q", name, snap.App.DownSince, snap.App.DownBy)
		}
	}
}

// A quit with no update line is a plain quit: one, and no session lost to
// an update; two quits minutes apart are two.
func TestPlainQuits(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	applyEvents(s,
		event.Event{Time: sec(0), Kind: event.KindSessionStart, Session: "local_a"},
		event.Event{Time: sec(10), Kind: event.KindPTYKill, Count: 1},
		event.Event{Time: sec(10), Kind: event.KindAppQuit},
		event.Event{Time: sec(600), Kind: event.KindAppQuit},
	)
	if c := s.Snapshot(sec(601)).Counts; c.AppQuits != 2 || c.UpdateRestarts != 0 || c.LostToUpdate != 0 {
		t.Errorf("counts %+v", c)
	}
}

// A second copy of the app writes "Starting app {" and exits at once: the
// running app keeps its version, its sessions and its pending update.
func TestSecondInstanceChangesNothing(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	applyEvents(s,
		event.Event{Time: sec(0), Kind: event.KindAppStart, Detail: &event.EventDetail{Version: "1.1"}},
		event.Event{Time: sec(5), Kind: event.KindSessionStart, Session: "local_a"},
		event.Event{Time: sec(10), Kind: event.KindUpdateReady, Detail: &event.EventDetail{Version: "1.2"}},
		event.Event{Time: sec(60), Kind: event.KindAppStart, Detail: &event.EventDetail{Version: "1.2"}},
		event.Event{Time: sec(60), Kind: event.KindSecondInstance},
		event.Event{Time: sec(61), Kind: event.KindSecondInstance}, // the running app's "second-instance:" line
	)
	snap := s.Snapshot(sec(70))
	if snap.App.Version != "1.1" || snap.App.Pending != "1.2" || snap.Counts.AppStarts != 1 || snap.Counts.SecondInstances != 2 {
		t.Errorf("app %+v, %d starts, %d second instances", snap.App, snap.Counts.AppStarts, snap.Counts.SecondInstances)
	}
	if v := sessionByID(t, snap, "local_a"); !v.Live() {
		t.Errorf("the session ended by the second instance's start: %+v", v)
	}
	if snap.Update == nil || snap.Update.Version != "1.2" || len(snap.Update.Sessions) != 1 {
		t.Errorf("update %+v", snap.Update)
	}
	// A real start later is a start.
	s.Apply(event.Event{Time: sec(3600), Kind: event.KindAppStart, Detail: &event.EventDetail{Version: "1.2"}})
	if snap := s.Snapshot(sec(3601)); snap.App.Version != "1.2" || snap.Counts.AppStarts != 2 || snap.App.Pending != "" {
		t.Errorf("after a real start: %+v, %d starts", snap.App, snap.Counts.AppStarts)
	}
}

// Pending since: the download line's own time when logged, else as the
// app's deferral hours put it (the earliest such); the deferrals are
// counted; the restart ends the warning.
func TestPendingUpdateSince(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	deferred := func(at, hours int) event.Event {
		return event.Event{Time: sec(at), Kind: event.KindUpdateDeferred, Text: "Claude is working", Detail: &event.EventDetail{PendingS: int64(hours) * 3600}}
	}
	applyEvents(s, deferred(0, 74), deferred(600, 74), deferred(1200, 74),
		event.Event{Time: sec(1201), Kind: event.KindUpdateStaged, Detail: &event.EventDetail{Version: "2.110.0"}})
	u := s.Snapshot(sec(1260)).Update
	if u == nil || u.Version != "2.110.0" || u.Deferrals != 3 || !u.Since.Equal(sec(0).Add(-74*3600e9)) {
		t.Fatalf("update %+v", u)
	}
	s.Apply(event.Event{Time: sec(1300), Kind: event.KindUpdateRestart, Reason: event.ReasonUpdate, Detail: &event.EventDetail{PendingS: 75 * 3600}})
	if snap := s.Snapshot(sec(1310)); snap.Update != nil || snap.Counts.UpdateDeferrals != 3 {
		t.Errorf("after the restart: %+v, %d deferrals", snap.Update, snap.Counts.UpdateDeferrals)
	}
}

// One failure per boot attempt, and a boot after a failure is a new
// attempt: the VM runs again and is not "failed".
func TestVMFailurePerBootAttempt(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	node := func(at int, k event.Kind) event.Event {
		return event.Event{Time: sec(at), File: "cowork_vm_node.log", Kind: k, Text: "x"}
	}
	applyEvents(s, node(0, event.KindVMBoot), node(0, event.KindVMBoot), node(90, event.KindVMFailed), node(90, event.KindVMFailed))
	if snap := s.Snapshot(sec(91)); snap.VM.State != event.VMFailed || snap.Counts.VMFailures != 1 || snap.Counts.VMBoots != 1 {
		t.Errorf("after the failure: %s, %d failures, %d boots", snap.VM.State, snap.Counts.VMFailures, snap.Counts.VMBoots)
	}
	applyEvents(s, node(300, event.KindVMBoot))
	if snap := s.Snapshot(sec(301)); snap.VM.State != event.VMBooting || snap.Counts.VMBoots != 2 {
		t.Errorf("booting again: %s, %d boots", snap.VM.State, snap.Counts.VMBoots)
	}
	applyEvents(s, node(305, event.KindVMReady))
	if snap := s.Snapshot(sec(306)); snap.VM.State != event.VMRunning || snap.Counts.VMFailures != 1 {
		t.Errorf("running: %s, %d failures", snap.VM.State, snap.Counts.VMFailures)
	}
}

// Windows' DBG_TERMINATE_PROCESS exit code (#84764) is a kill, not a
// crash of the process's own.
func TestWindowsTerminateIsAKill(t *testing.T) {
	code, other := governor.ExitWindowsTerminate, 143
	if got := (governor.Crash{ExitCode: &code}).Text(); got != "killed (exit 1073807364: Windows DBG_TERMINATE_PROCESS)" {
		t.Errorf("terminate: %q", got)
	}
	if got := (governor.Crash{ExitCode: &other}).Text(); got != "exit 143" {
		t.Errorf("exit 143: %q", got)
	}
}

// The daemon's "self-restarting for upgrade" is its end: with no shutdown
// line after it, the next start is no silent death, and the workers it
// finds dead were lost to the upgrade.
func TestDaemonUpgradeWithoutShutdownLine(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	applyEvents(s,
		event.Event{Time: sec(0), File: "daemon.log", Kind: event.KindDaemonStart},
		event.Event{Time: sec(100), File: "daemon.log", Kind: event.KindDaemonUpgrade, Detail: &event.EventDetail{From: "2.1.233", To: "2.1.235"}},
		event.Event{Time: sec(102), File: "daemon.log", Kind: event.KindDaemonStart},
		event.Event{Time: sec(103), File: "daemon.log", Kind: event.KindDaemonAdopt, Count: 2},
	)
	snap := s.Snapshot(sec(104))
	if snap.Counts.DaemonSilentEnds != 0 || snap.Counts.DaemonUpgrades != 1 {
		t.Errorf("counts %+v", snap.Counts)
	}
	for _, c := range snap.LossCounts {
		if want := map[bool]int{true: 2}[c.Cause == governor.LossUpdateRestart]; c.Count != want {
			t.Errorf("%s: %d lost, want %d (the dead workers lost to the upgrade)", c.Cause, c.Count, want)
		}
	}
}
