package governor

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

var lt0 = time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)

func ev(sec int, kind event.Kind, line int, f func(*event.Event)) event.Event {
	e := event.Event{Time: lt0.Add(time.Duration(sec) * time.Second), File: "main.log", Line: line, Kind: kind}
	if f != nil {
		f(&e)
	}
	return e
}

func sess(id string) func(*event.Event) { return func(e *event.Event) { e.Session = id } }

func countOf(counts []LossCount, c LossCause) int {
	for _, k := range counts {
		if k.Cause == c {
			return k.Count
		}
	}
	return -1
}

// One of each desktop cause, and the second lines of a loss that must not
// count again: the pause after an eviction, the pause after an idle
// timeout, the SIGTERM of an evicted process.
func TestLossesOfTheDesktopApp(t *testing.T) {
	s := New(DefaultLimits())
	for i, id := range []string{"local_a", "local_b", "local_c", "local_d", "local_e", "local_f", "local_g"} {
		s.Apply(ev(i, event.KindSessionStart, i+1, sess(id)))
	}
	sig := func(name string) func(*event.Event) {
		return func(e *event.Event) { e.Session, e.Detailed().Signal = "local_e", name }
	}
	for _, e := range []event.Event{
		ev(100, event.KindAtCap, 10, func(e *event.Event) {
			e.Session, e.Verb, e.Reason, e.IdleS, e.Cap = "local_a", event.VerbEvicting, event.ReasonWarm, 90, 8
		}),
		ev(100, event.KindPause, 11, func(e *event.Event) { e.Session, e.Reason = "local_a", event.ReasonGovernorEvict }),
		ev(102, event.KindCrash, 12, func(e *event.Event) { e.Session, e.Detailed().Signal = "local_a", "SIGTERM" }), // the evicted process going: same loss
		ev(110, event.KindPressureEvict, 13, func(e *event.Event) { e.Session, e.IdleS = "local_b", 286 }),
		ev(110, event.KindPause, 14, func(e *event.Event) { e.Session, e.Reason = "local_b", event.ReasonGovernorEvict }),
		ev(120, event.KindIdleTimeout, 15, sess("local_c")),
		ev(120, event.KindPause, 16, func(e *event.Event) { e.Session, e.Reason = "local_c", event.ReasonIdleTimeout }),
		ev(130, event.KindPause, 17, func(e *event.Event) { e.Session, e.Reason = "local_d", event.ReasonGovernorEvict }), // no governor line: unknown
		ev(140, event.KindCrash, 18, sig("SIGKILL")),
		ev(200, event.KindUpdateRestart, 19, nil), // local_f and local_g are live
		ev(201, event.KindStopAll, 20, func(e *event.Event) { e.Count = 3 }),
	} {
		s.Apply(e)
	}
	got := s.LossCounts()
	want := map[LossCause]int{
		LossGovernorCap: 1, LossGovernorPressure: 1, LossIdleTimeout: 1, LossUnknown: 1,
		LossCrash: 1, LossUpdateRestart: 3, LossDaemonLowMemory: 0, LossDaemonCrashLoop: 0,
	}
	for c, n := range want {
		if countOf(got, c) != n {
			t.Errorf("%s: %d lost, want %d (all %+v)", c, countOf(got, c), n, got)
		}
	}
	list, hidden := s.Losses()
	if hidden != 0 || len(list) != 8 {
		t.Fatalf("want 8 entries (update: f, g and one unnamed), got %d: %+v", len(list), list)
	}
	if l := list[0]; l.Session != "local_a" || l.Cause != LossGovernorCap || l.Evidence() != "main.log:10" || l.IdleS != 90 || l.IdleSource != vocab.SourceLogged || l.Detail != "" {
		t.Errorf("first loss: %+v", l)
	}
	if l := list[4]; l.Cause != LossCrash || l.Detail != "SIGKILL" || l.IdleSource != vocab.SourceNone || l.Line != 18 {
		t.Errorf("crash: %+v", l)
	}
	if l := list[7]; l.Session != "" || l.Count != 1 || l.Line != 20 {
		t.Errorf("the app's own count beyond what coworktop saw: %+v", l)
	}
	if list[5].Session != "local_f" || list[6].Session != "local_g" {
		t.Errorf("update losses in id order: %+v %+v", list[5], list[6])
	}
}

func dm(sec int, kind event.Kind, line int, f func(*event.Event)) event.Event {
	e := ev(sec, kind, line, f)
	e.File = "daemon.log"
	return e
}

func TestLossesOfTheDaemon(t *testing.T) {
	s := New(DefaultLimits())
	for _, e := range []event.Event{
		dm(0, event.KindDaemonStart, 1, nil),
		dm(10, event.KindDaemonSettled, 2, func(e *event.Event) { e.Session, e.Reason = "aaaa0001", event.ReasonWorkerDone }),            // not a loss
		dm(20, event.KindDaemonRetire, 3, func(e *event.Event) { e.Session, e.Reason, e.IdleS = "aaaa0002", event.ReasonSettled, 3600 }), // housekeeping
		dm(30, event.KindDaemonRetire, 4, func(e *event.Event) {
			e.Session, e.Reason, e.Detailed().LowMemory = "aaaa0003", event.ReasonSettled, true
		}), // low memory
		dm(40, event.KindDaemonSettled, 5, func(e *event.Event) {
			e.Session, e.Reason, e.Text, e.Count = "aaaa0004", event.ReasonWorkerCrashed, "x", 3
		}), // loop
		dm(50, event.KindDaemonSettled, 6, func(e *event.Event) { e.Session, e.Reason = "aaaa0005", event.ReasonWorkerCrashed }), // crash
		dm(60, event.KindDaemonSettled, 7, func(e *event.Event) { e.Session, e.Reason = "aaaa0006", event.ReasonWorkerKilled }),  // bare: no proof of a loss (#75037)
		dm(70, event.KindDaemonLowMemory, 8, func(e *event.Event) { e.Detailed().MemoryMB = 79 }),
		dm(71, event.KindDaemonRetire, 9, func(e *event.Event) { e.Session, e.Reason = "aaaa0007", event.ReasonSettled }),         // low memory, by the line before
		dm(88, event.KindDaemonSettled, 10, func(e *event.Event) { e.Session, e.Reason = "aaaa0008", event.ReasonWorkerKilled }),  // low memory too
		dm(200, event.KindDaemonSettled, 11, func(e *event.Event) { e.Session, e.Reason = "aaaa0009", event.ReasonWorkerKilled }), // too late for the low memory: no proof of a loss
		dm(300, event.KindDaemonStart, 12, nil),                                  // no shutdown before: silent death
		dm(300, event.KindDaemonAdopt, 13, func(e *event.Event) { e.Count = 2 }), // crash
		dm(360, event.KindDaemonStart, 14, nil),                                  // again within 5 min: a loop
		dm(360, event.KindDaemonAdopt, 15, func(e *event.Event) { e.Count = 1 }), // crash loop
		dm(400, event.KindDaemonShutdown, 16, func(e *event.Event) { e.Reason = event.DaemonCauseUpgrade }),
		dm(401, event.KindDaemonStart, 17, nil),
		dm(401, event.KindDaemonAdopt, 18, func(e *event.Event) { e.Count = 1 }), // update restart
	} {
		s.Apply(e)
	}
	want := map[LossCause]int{
		LossDaemonLowMemory: 3, LossDaemonCrashLoop: 2, LossCrash: 3, LossUnknown: 0, LossUpdateRestart: 1,
		LossGovernorCap: 0, LossGovernorPressure: 0, LossIdleTimeout: 0,
	}
	got := s.LossCounts()
	for c, n := range want {
		if countOf(got, c) != n {
			t.Errorf("%s: %d lost, want %d", c, countOf(got, c), n)
		}
	}
	list, _ := s.Losses()
	for _, l := range list {
		if l.Session == "aaaa0007" && (l.CauseFile != "daemon.log" || l.CauseLine != 8 || l.Detail != "retired (settled), after low memory, 79 MB free") {
			t.Errorf("a retire explained by the low-memory line must cite it: %+v", l)
		}
	}
	if c := s.counts; c.DaemonStarts != 4 || c.DaemonSilentEnds != 2 || c.DaemonLowMemory != 1 {
		t.Errorf("daemon counts: %+v", c)
	}
}

func TestLossSortedAcrossFiles(t *testing.T) {
	s := New(DefaultLimits())
	s.Apply(ev(50, event.KindCrash, 1, func(e *event.Event) { e.Session, e.Detailed().Signal = "local_z", "SIGKILL" }))
	s.Apply(dm(10, event.KindDaemonSettled, 1, func(e *event.Event) { e.Session, e.Reason = "bbbb0001", event.ReasonWorkerCrashed }))
	list, _ := s.Losses()
	if len(list) != 2 || list[0].File != "daemon.log" {
		t.Fatalf("the timeline must be in time order whatever file came first: %+v", list)
	}
	snap := s.Snapshot(lt0.Add(time.Minute))
	if len(snap.Losses) != 2 || lossTotal(snap.LossCounts) != 2 {
		t.Fatalf("snapshot: %+v %+v", snap.Losses, snap.LossCounts)
	}
}

// Hostile input: a million distinct sessions lost within seconds keeps the
// dedupe map bounded and each loss O(1) amortised.
func TestLossTimesStayBounded(t *testing.T) {
	s := New(DefaultLimits())
	for i := 0; i < 20000; i++ {
		s.Apply(event.Event{Time: lt0, File: "main.log", Line: i + 1, Kind: event.KindCrash, Session: "local_" + strconv.Itoa(i), Detail: &event.EventDetail{Signal: "SIGKILL"}})
	}
	if n := len(s.loss.last); n > 4*DefaultLimits().EndedSessions+1 {
		t.Fatalf("dedupe map holds %d sessions", n)
	}
	if countOf(s.LossCounts(), LossCrash) != 20000 {
		t.Fatalf("every crash counted: %+v", s.LossCounts())
	}
}

// Every loss cause goes out as its name and comes back; a name no cause has
// reads as unknown.
func TestLossCauseNames(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range LossCauses {
		b, err := json.Marshal(LossCount{Cause: c, Count: 1})
		if err != nil {
			t.Fatal(err)
		}
		var back LossCount
		if err := json.Unmarshal(b, &back); err != nil || back.Cause != c || seen[c.String()] || LossCauseOf(c.String()) != c {
			t.Errorf("%d: written as %s, read back as %+v (%v)", c, b, back, err)
		}
		seen[c.String()] = true
	}
	if LossCauseOf("governor_evict") != LossUnknown || LossCause(100).String() != "unknown" || LossCause(-1).String() != "unknown" {
		t.Error("an unknown cause must read as unknown")
	}
}
