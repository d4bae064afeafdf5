package governor

import (
	"github.com/coworktop/coworktop/event"
	"testing"
)

// returnCase is one kind of line after a session's loss, and whether it
// brings the session back.
type returnCase struct {
	name  string
	kind  event.Kind
	lines []event.Event // after the loss at 100 s
	back  bool
}

// returnCases hold a case for every entry of returnProofs (and the lines
// that look like one but prove nothing).
func returnCases() []returnCase {
	const id = "local_r"
	on := func(sec int, k event.Kind, f func(*event.Event)) event.Event {
		return ev(sec, k, sec, func(e *event.Event) {
			e.Session = id
			if f != nil {
				f(e)
			}
		})
	}
	gov := func(sec int, k event.Kind, f func(*event.Event)) event.Event { return ev(sec, k, sec, f) }
	return []returnCase{
		{"a new start", event.KindSessionStart, []event.Event{on(200, event.KindSessionStart, nil)}, true},
		{"a resume", event.KindResume, []event.Event{on(200, event.KindResume, nil)}, true},
		{"a new turn", event.KindTurnEnd, []event.Event{on(200, event.KindTurnEnd, nil)}, true},
		{"remote control enabled", event.KindRemoteControl, []event.Event{on(200, event.KindRemoteControl, nil)}, true},
		{"the governor counts it idle", event.KindAtCap, []event.Event{on(200, event.KindAtCap, func(e *event.Event) { e.Verb, e.Reason, e.IdleS, e.Cap = event.VerbWouldEvict, event.ReasonWarm, 30, 6 })}, true},
		{"the governor evicts it", event.KindPressureEvict, []event.Event{on(200, event.KindPressureEvict, func(e *event.Event) { e.IdleS = 90 })}, true},
		{"a warm not refused", event.KindWarming, []event.Event{on(200, event.KindWarming, nil), gov(230, event.KindHeartbeat, nil)}, true},
		{"a warm the governor refused", event.KindWarming, []event.Event{on(200, event.KindWarming, nil),
			gov(200, event.KindAtCap, func(e *event.Event) {
				e.Session, e.Verb, e.Reason, e.IdleS, e.Cap = "local_other", event.VerbWouldEvict, event.ReasonWarm, 5, 6
			}),
			gov(200, event.KindYield, func(e *event.Event) { e.Reason = event.ReasonWarm })}, false},
		{"a healthy cycle", event.KindCycleHealth, []event.Event{on(200, event.KindCycleHealth, func(e *event.Event) { e.Health, e.DurationMs = event.HealthGood, 12000 })}, true},
		{"an unhealthy cycle with no response", event.KindCycleHealth, []event.Event{on(200, event.KindCycleHealth, func(e *event.Event) {
			e.Health, e.Reason, e.Detailed().ReasonText, e.Detailed().NoResponse = event.HealthUnhealthy, event.ReasonOther, "no_response", true
		})}, false},
		{"a focus", event.KindFocus, []event.Event{on(200, event.KindFocus, nil)}, false},
	}
}

// TestReturnNeedsProof: after an idle pause, each kind of line in the
// table brings the session back or leaves it lost, as the table says.
func TestReturnNeedsProof(t *testing.T) {
	covered := map[event.Kind]bool{}
	for _, c := range returnCases() {
		t.Run(c.name, func(t *testing.T) {
			s := New(DefaultLimits())
			s.Apply(ev(0, event.KindSessionStart, 1, sess("local_r")))
			s.Apply(ev(100, event.KindPause, 2, func(e *event.Event) { e.Session, e.Reason = "local_r", event.ReasonIdleTimeout }))
			for _, e := range c.lines {
				s.Apply(e)
			}
			snap := s.Snapshot(lt0.Add(300e9))
			// The idle pause's loss came back (an eviction then is a loss
			// of its own, counted apart).
			if back := snap.CameBack == 1; back != c.back {
				t.Errorf("came back %d after %s; want back %v", snap.CameBack, c.name, c.back)
			}
			if got := s.sessions["local_r"].live(); got != c.back && c.kind != event.KindPressureEvict {
				t.Errorf("live %v after %s; want %v", got, c.name, c.back)
			}
		})
		covered[c.kind] = true
	}
	for k := range returnProofs {
		if !covered[k] {
			t.Errorf("%s is in returnProofs with no case in returnCases", k)
		}
	}
}

// TestRefusedWarmNamesItsSession: the refusal is the warmed session's, it
// is counted, and a refusal after a later warm of a live session does not
// reach back to an earlier one.
func TestRefusedWarmNamesItsSession(t *testing.T) {
	s := New(DefaultLimits())
	s.Apply(ev(0, event.KindSessionStart, 1, sess("local_r")))
	s.Apply(ev(1, event.KindSessionStart, 2, sess("local_live")))
	s.Apply(ev(100, event.KindPause, 3, func(e *event.Event) { e.Session, e.Reason = "local_r", event.ReasonIdleTimeout }))
	s.Apply(ev(200, event.KindWarming, 4, sess("local_r")))
	s.Apply(ev(200, event.KindYield, 5, func(e *event.Event) { e.Reason = event.ReasonWarm }))
	snap := s.Snapshot(lt0.Add(300e9))
	checkEnded(t, s, 0, 5) // put back in its place among the ended
	if snap.Counts.WarmsRefused != 1 || snap.Outcomes[0].Session != "local_r" || snap.LostCount() != 1 {
		t.Fatalf("refused %d, yield names %q, lost %d", snap.Counts.WarmsRefused, snap.Outcomes[0].Session, snap.LostCount())
	}
	s.Apply(ev(210, event.KindWarming, 6, sess("local_r")))    // a warm again: back
	s.Apply(ev(211, event.KindWarming, 7, sess("local_live"))) // a live session's warm
	s.Apply(ev(211, event.KindYield, 8, func(e *event.Event) { e.Reason = event.ReasonWarm }))
	if !s.sessions["local_r"].live() || s.Snapshot(lt0.Add(300e9)).LostCount() != 0 {
		t.Fatal("the refusal of a live session's warm undid another session's return")
	}
}
