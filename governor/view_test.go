package governor_test

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

// TestOneSessionCount: Live counts the sessions seen live and nothing else;
// the governor's logged count stays its own figure, with its age, and the
// outlook counts Live and says so.
func TestOneSessionCount(t *testing.T) {
	s := stateFrom(t,
		at(0)+" [debug] [CliGovernor] acquire(user) effective=1/4",
		at(0)+" [info] Starting local session local_a in /p/a",
		at(1)+" [debug] [CliGovernor] acquire(user) effective=2/4",
		at(1)+" [info] Starting local session local_b in /p/b",
		at(2)+" [debug] [CliGovernor] acquire(warm) effective=3/4",
		at(2)+" [info] Starting local session local_c in /p/c",
		at(100)+" [info] [CliGovernor] at cap=4; evicting local_a (idle 100s) for warm spawn",
		at(100)+" [info] Pausing session local_a (governor_evict)",
	)
	snap := s.Snapshot(t0.Add(112 * time.Second))
	live := 0
	for _, v := range snap.Sessions {
		if v.Live() {
			live++
		}
	}
	if snap.Live != 2 || live != 2 {
		t.Fatalf("Live = %d, sessions live = %d, want 2", snap.Live, live)
	}
	e := snap.Effective
	if e.Value != 3 || e.Source != vocab.SourceLogged || e.Age != 110*time.Second || !e.Fresh {
		t.Fatalf("governor effective: %+v", e)
	}
	if got := words.EffectiveText(e); got != "governor 3 effective, 1m50s ago" {
		t.Errorf("governor.EffectiveText = %q", got)
	}
	o := snap.Outlook
	if o.Basis != governor.BasisLive || o.Count != 2 || o.ToCap != 2 || o.Headroom != 0 || !strings.Contains(words.OutlookSummary(&snap), "2 live") {
		t.Fatalf("outlook: %+v", o)
	}
	if got := words.SessionsText(snap); got != "2 live / cap 4 (logged 12s ago) · governor 3 effective, 1m50s ago" {
		t.Errorf("governor.SessionsText = %q", got)
	}
	if later := s.Snapshot(t0.Add(10 * time.Minute)).Effective; later.Fresh || later.Value != 3 {
		t.Errorf("a ten-minute-old count is not fresh: %+v", later)
	}
	restarted := stateFrom(t, at(0)+" [debug] [CliGovernor] acquire(user) effective=5/8",
		at(5)+" [info] Starting app {", "  appVersion: '2.9939.4',", "}")
	if e := restarted.Snapshot(t0.Add(10 * time.Second)).Effective; e.Source != vocab.SourceUnknown || e.Value != 0 {
		t.Errorf("after an app start the old count is gone: %+v", e)
	}
}

// TestLogOrderedAcrossFiles: main.log is applied before the VM log, yet the
// event log lists by log time, and lines of one second keep file order.
func TestLogOrderedAcrossFiles(t *testing.T) {
	s := governor.New(governor.DefaultLimits())
	for _, e := range parseLines(t, "main.log",
		at(10)+" [info] Starting local session local_a in /p/a",
		at(20)+" [info] [Stop hook] Query completed for session local_a",
		at(20)+" [info] [CCD] LocalSessions.setFocusedSession: sessionId=local_a",
	) {
		s.Apply(e)
	}
	for _, e := range parseLines(t, "cowork_vm_node.log",
		at(5)+" [info] [VM:start] memory=4GB tier=flat",
		at(15)+" [info] [VM:steps] vm_boot started",
	) {
		s.Apply(e)
	}
	var got []string
	for _, l := range s.Snapshot(t0.Add(time.Minute)).Log {
		got = append(got, l.Event.Time.Format("05")+" "+l.Event.Kind.String())
	}
	want := "05 vm.boot|05 vm.config|10 session.start|15 vm.step|20 session.turn_end|20 session.focus"
	if strings.Join(got, "|") != want {
		t.Errorf("log order:\n got %s\nwant %s", strings.Join(got, "|"), want)
	}
}

// TestEndedSessionHasNoRunningTimer: an idle timer armed before an eviction
// or a pause does not count down afterwards.
func TestEndedSessionHasNoRunningTimer(t *testing.T) {
	s := stateFrom(t,
		at(0)+" [info] Starting local session local_a in /p/a",
		at(0)+" [info] Starting local session local_b in /p/b",
		at(10)+" [info] [WarmLifecycle:session] Starting idle timeout for local_a: 900s",
		at(10)+" [info] [WarmLifecycle:session] Starting idle timeout for local_b: 900s",
		at(100)+" [info] [CliGovernor] at cap=2; evicting local_a (idle 100s) for warm spawn",
		at(100)+" [info] Pausing session local_a (governor_evict)",
	)
	for _, v := range s.Snapshot(t0.Add(200 * time.Second)).Sessions {
		switch v.ID {
		case "local_a":
			if v.TimerRemaining != 0 || v.TimerTimeout != 0 {
				t.Errorf("evicted session shows a timer: %+v", v)
			}
		case "local_b":
			if v.TimerRemaining != 710*time.Second {
				t.Errorf("live session's timer: %v left", v.TimerRemaining)
			}
		}
	}
}

// TestEvictionsLastHour: the one count of recent evictions, as the clock
// moves on.
func TestEvictionsLastHour(t *testing.T) {
	s := stateFrom(t,
		at(0)+" [info] [CliGovernor] at cap=4; evicting local_a (idle 100s) for warm spawn",
		at(1800)+" [info] [CliGovernor] pressure evicting local_b (idle 400s)",
		at(1900)+" [info] [CliGovernor] at cap=4; would evict local_c (idle 90s) for user spawn",
	)
	for _, c := range []struct{ after, want int }{{1900, 2}, {3601, 1}, {5401, 0}} {
		if got := s.Snapshot(t0.Add(time.Duration(c.after) * time.Second)).EvictionsLastHour; got != c.want {
			t.Errorf("at +%ds: %d evictions in the last hour, want %d", c.after, got, c.want)
		}
	}
}

// TestOutlookNamesTheVictim: at the cap, the outlook names the session a
// warm spawn would evict by its project, its id after it (issue 23 #5: the
// next victim was a bare hex id).
func TestOutlookNamesTheVictim(t *testing.T) {
	s := stateFrom(t,
		at(0)+" [info] [CliGovernor] at cap=2; evicting local_zzzzzzzz-9 (idle 100s) for warm spawn",
		at(10)+" [info] Starting local session local_aaaaaaaa-1 in /p/web-frontend",
		at(20)+" [info] Starting local session local_bbbbbbbb-2 in /p/beta",
	)
	snap := s.Snapshot(t0.Add(300 * time.Second))
	o := snap.Outlook
	if o.Action != "evict" || !strings.Contains(words.OutlookSummary(&snap), "would make the app pause web-frontend (aaaaaaaa), idle ") {
		t.Errorf("outlook %q: %s", o.Action, words.OutlookSummary(&snap))
	}
}
