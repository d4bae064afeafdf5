package governor

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// The lists read in place are the lists Evictions, Crashes and Losses
// copy: the same items in the same order, Back filled in, the hidden
// counts the same, past the bound and with losses pushed out of order.
func TestListsInPlaceAreTheCopies(t *testing.T) {
	l := DefaultLimits()
	l.Evictions = 7
	s := New(l)
	for i := range 12 {
		id := fmt.Sprintf("local_%02d", i)
		s.Apply(ev(10*i, event.KindSessionStart, 4*i+1, sess(id)))
		s.Apply(ev(10*i+1, event.KindAtCap, 4*i+2, func(e *event.Event) {
			e.Session, e.Verb, e.Reason, e.IdleS, e.Cap = id, event.VerbEvicting, event.ReasonWarm, 90, 8
		}))
		s.Apply(ev(10*i+2, event.KindCrash, 4*i+3, func(e *event.Event) { e.Session, e.Detailed().Signal = id, "SIGKILL" }))
		if i%3 == 0 {
			s.Apply(ev(10*i+5, event.KindSessionStart, 4*i+4, sess(id))) // back
		}
	}
	s.lost(Loss{Time: lt0, Session: "local_early", Cause: LossCrash, File: "daemon.log", Line: 3}) // out of order
	if s.loss.hidden == 0 || s.evictionsHidden == 0 || s.crashesHidden == 0 {
		t.Fatalf("the bound is not passed: hidden %d, %d, %d", s.loss.hidden, s.evictionsHidden, s.crashesHidden)
	}
	evs, evHidden := s.Evictions()
	var gotEvs []Outcome
	if h := s.EachEviction(func(o *Outcome) { gotEvs = append(gotEvs, *o) }); h != evHidden || s.EvictionsLen() != len(evs) || !reflect.DeepEqual(gotEvs, evs) {
		t.Errorf("evictions in place: %d hidden, len %d, %v; copied: %d hidden, %v", h, s.EvictionsLen(), gotEvs, evHidden, evs)
	}
	crashes, crHidden := s.Crashes()
	var gotCrashes []Crash
	if h := s.EachCrash(func(c *Crash) { gotCrashes = append(gotCrashes, *c) }); h != crHidden || s.CrashesLen() != len(crashes) || !reflect.DeepEqual(gotCrashes, crashes) {
		t.Errorf("crashes in place: %d hidden, len %d, %v; copied: %d hidden, %v", h, s.CrashesLen(), gotCrashes, crHidden, crashes)
	}
	var gotLosses []Loss
	h := s.EachLoss(func(l *Loss) { gotLosses = append(gotLosses, *l) })
	losses, lossHidden := s.Losses()
	if h != lossHidden || s.LossesLen() != len(losses) || !reflect.DeepEqual(gotLosses, losses) {
		t.Errorf("losses in place: %d hidden, len %d, %v; copied: %d hidden, %v", h, s.LossesLen(), gotLosses, lossHidden, losses)
	}
	back := 0
	for _, l := range gotLosses {
		if !l.Back.IsZero() {
			back++
		}
	}
	if back == 0 || !gotLosses[0].Time.Equal(lt0) {
		t.Errorf("want losses back and the early one first: %d back, first at %v", back, gotLosses[0].Time.Sub(lt0)/time.Second)
	}
}

// Evidence is what fmt writes for any line number.
func TestLossEvidenceIsSprintf(t *testing.T) {
	for _, l := range []Loss{{File: "main.log", Line: 123}, {File: "", Line: 0}, {File: "daemon.log", Line: -7}, {File: "a:b", Line: 1 << 40}} {
		if got, want := l.Evidence(), fmt.Sprintf("%s:%d", l.File, l.Line); got != want {
			t.Errorf("Evidence = %q, want %q", got, want)
		}
	}
}
