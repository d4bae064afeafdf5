package governor

import (
	"testing"
)

// returnCase is one kind of line after a session's loss, and whether it
// brings the session back.
type returnCase struct {
	name  string
	kind  Kind
	lines []Event // after the loss at 100 s
	back  bool
}

// returnCases hold a case for every entry of returnProofs (and the lines
// that look like one but prove nothing).
func returnCases() []returnCase {
	const id = "local_r"
	on := func(sec int, k Kind, f func(*Event)) Event {
		return ev(sec, k, sec, func(e *Event) {
			e.Session = id
			if f != nil {
				f(e)
			}
		})
	}
	gov := func(sec int, k Kind, f func(*Event)) Event { return ev(sec, k, sec, f) }
	return []returnCase{
		{"a new start", KindSessionStart, []Event{on(200, KindSessionStart, nil)}, true},
		{"a resume", KindResume, []Event{on(200, KindResume, nil)}, true},
		{"a new turn", KindTurnEnd, []Event{on(200, KindTurnEnd, nil)}, true},
		{"remote control enabled", KindRemoteControl, []Event{on(200, KindRemoteControl, nil)}, true},
		{"the governor counts it idle", KindAtCap, []Event{on(200, KindAtCap, func(e *Event) { e.Verb, e.Reason, e.IdleS, e.Cap = VerbWouldEvict, ReasonWarm, 30, 6 })}, true},
		{"the governor evicts it", KindPressureEvict, []Event{on(200, KindPressureEvict, func(e *Event) { e.IdleS = 90 })}, true},
		{"a warm not refused", KindWarming, []Event{on(200, KindWarming, nil), gov(230, KindHeartbeat, nil)}, true},
		{"a warm the governor refused", KindWarming, []Event{on(200, KindWarming, nil),
			gov(200, KindAtCap, func(e *Event) {
				e.Session, e.Verb, e.Reason, e.IdleS, e.Cap = "local_other", VerbWouldEvict, ReasonWarm, 5, 6
			}),
			gov(200, KindYield, func(e *Event) { e.Reason = ReasonWarm })}, false},
		{"a healthy cycle", KindCycleHealth, []Event{on(200, KindCycleHealth, func(e *Event) { e.Health, e.DurationMs = HealthGood, 12000 })}, true},
		{"an unhealthy cycle with no response", KindCycleHealth, []Event{on(200, KindCycleHealth, func(e *Event) {
			e.Health, e.Reason, e.Detailed().ReasonText, e.Detailed().NoResponse = HealthUnhealthy, ReasonOther, "no_response", true
		})}, false},
		{"a focus", KindFocus, []Event{on(200, KindFocus, nil)}, false},
	}
}

// TestReturnNeedsProof: after an idle pause, each kind of line in the
// table brings the session back or leaves it lost, as the table says.
func TestReturnNeedsProof(t *testing.T) {
	covered := map[Kind]bool{}
	for _, c := range returnCases() {
		t.Run(c.name, func(t *testing.T) {
			s := New(DefaultLimits())
			s.Apply(ev(0, KindSessionStart, 1, sess("local_r")))
			s.Apply(ev(100, KindPause, 2, func(e *Event) { e.Session, e.Reason = "local_r", ReasonIdleTimeout }))
			for _, e := range c.lines {
				s.Apply(e)
			}
			snap := s.Snapshot(lt0.Add(300e9))
			// The idle pause's loss came back (an eviction then is a loss
			// of its own, counted apart).
			if back := snap.CameBack == 1; back != c.back {
				t.Errorf("came back %d after %s; want back %v", snap.CameBack, c.name, c.back)
			}
			if got := s.sessions["local_r"].live(); got != c.back && c.kind != KindPressureEvict {
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
	s.Apply(ev(0, KindSessionStart, 1, sess("local_r")))
	s.Apply(ev(1, KindSessionStart, 2, sess("local_live")))
	s.Apply(ev(100, KindPause, 3, func(e *Event) { e.Session, e.Reason = "local_r", ReasonIdleTimeout }))
	s.Apply(ev(200, KindWarming, 4, sess("local_r")))
	s.Apply(ev(200, KindYield, 5, func(e *Event) { e.Reason = ReasonWarm }))
	snap := s.Snapshot(lt0.Add(300e9))
	checkEnded(t, s, 0, 5) // put back in its place among the ended
	if snap.Counts.WarmsRefused != 1 || snap.Outcomes[0].Session != "local_r" || snap.LostCount() != 1 {
		t.Fatalf("refused %d, yield names %q, lost %d", snap.Counts.WarmsRefused, snap.Outcomes[0].Session, snap.LostCount())
	}
	s.Apply(ev(210, KindWarming, 6, sess("local_r")))    // a warm again: back
	s.Apply(ev(211, KindWarming, 7, sess("local_live"))) // a live session's warm
	s.Apply(ev(211, KindYield, 8, func(e *Event) { e.Reason = ReasonWarm }))
	if !s.sessions["local_r"].live() || s.Snapshot(lt0.Add(300e9)).LostCount() != 0 {
		t.Fatal("the refusal of a live session's warm undid another session's return")
	}
}
