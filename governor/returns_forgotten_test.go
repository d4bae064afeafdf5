package governor

import (
	"fmt"
	"testing"

	"github.com/coworktop/coworktop/event"
)

// A prune between a warm and the governor's refusal of it may forget the
// warmed session (past EndedSessions+maxLiveSessions in all, the least
// recently active go, live or not). The refusal must not put it back
// among the ended: it would be listed without being in the map.
func TestRefusedWarmOfAForgottenSession(t *testing.T) {
	lim := DefaultLimits()
	lim.EndedSessions = 2
	s := New(lim)
	s.Apply(ev(0, event.KindSessionStart, 1, sess("local_x")))
	s.Apply(ev(10, event.KindPause, 2, func(e *event.Event) { e.Session, e.Reason = "local_x", event.ReasonIdleTimeout }))
	for i := range maxLiveSessions + lim.EndedSessions {
		s.Apply(ev(1000+i, event.KindSessionStart, 3+i, sess(fmt.Sprintf("local_%04d", i))))
	}
	line := 10000
	s.Apply(ev(20, event.KindWarming, line, sess("local_x"))) // an older stamp: the least recently active
	s.prune()
	if _, ok := s.sessions["local_x"]; ok {
		t.Fatal("the prune kept the least recently active session past the bound")
	}
	s.Apply(ev(21, event.KindYield, line+1, func(e *event.Event) { e.Reason = event.ReasonWarm }))
	checkEnded(t, s, 0, line+1)
	snap := s.Snapshot(lt0.Add(3000e9))
	if snap.Counts.WarmsRefused != 1 || snap.Outcomes[0].Session != "local_x" {
		t.Fatalf("refused %d, yield names %q: the refusal is still the forgotten session's", snap.Counts.WarmsRefused, snap.Outcomes[0].Session)
	}
	for _, v := range snap.Sessions {
		if v.ID == "local_x" {
			t.Fatal("a forgotten session is listed after its warm was refused")
		}
	}
}
