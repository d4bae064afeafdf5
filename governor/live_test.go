package governor

import (
	"fmt"
	"math/rand"
	"testing"
)

// State.live holds exactly the live sessions of the map, each once at the
// index its liveAt names, whatever lines come: starts, pauses, evictions,
// idle timeouts, Remote Control, quits, update restarts, app starts and
// second instances that undo them, with prune dropping sessions between.
func TestLiveSetFollowsTheMap(t *testing.T) {
	kinds := []Kind{KindSessionStart, KindFocus, KindTurnEnd, KindIdleTimeout, KindPause, KindPause, KindRemoteControl,
		KindPauseDeclined, KindResume, KindCrash, KindTornDown, KindAppStart, KindSecondInstance, KindAppQuit,
		KindUpdateRestart, KindStopAll, KindPTYKill, KindAtCap}
	reasons := []Reason{ReasonGovernorEvict, ReasonIdleTimeout, ReasonOther}
	for seed := int64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewSource(seed))
		s := New(Limits{EndedSessions: 1 + rng.Intn(30), Outcomes: 8, Evictions: 8, MemorySamples: 8, HostSamples: 8})
		ids := 5 + rng.Intn(200)
		for i := 0; i < 3000; i++ {
			k := kinds[rng.Intn(len(kinds))]
			e := ev(i, k, i+1, func(e *Event) {
				e.Session = fmt.Sprintf("local_%04d", rng.Intn(ids))
				e.Reason = reasons[rng.Intn(len(reasons))]
				e.Count = rng.Intn(4)
				if k == KindAtCap {
					e.Verb = VerbEvicting
					e.IdleS = rng.Intn(900)
				}
			})
			s.ApplyEvent(&e)
			checkLiveSet(t, s, seed, i)
		}
	}
}

func checkLiveSet(t *testing.T, s *State, seed int64, i int) {
	t.Helper()
	live := 0
	for id, sess := range s.sessions {
		if sess.live() {
			live++
			if sess.liveAt < 1 || int(sess.liveAt) > len(s.live) || s.live[sess.liveAt-1] != sess {
				t.Fatalf("seed %d, event %d: live session %s is not at State.live[%d]", seed, i, id, sess.liveAt-1)
			}
		} else if sess.liveAt != 0 {
			t.Fatalf("seed %d, event %d: ended session %s still has liveAt %d", seed, i, id, sess.liveAt)
		}
	}
	if live != len(s.live) {
		t.Fatalf("seed %d, event %d: %d live sessions in the map, %d in State.live", seed, i, live, len(s.live))
	}
}
