package governor

import (
	"fmt"
	"github.com/coworktop/coworktop/event"
	"math/rand"
	"slices"
	"testing"
)

// State.live holds exactly the live sessions of the map, each once at the
// index its liveAt names, whatever lines come: starts, pauses, evictions,
// idle timeouts, Remote Control, quits, update restarts, app starts and
// second instances that undo them, with prune dropping sessions between.
func TestLiveSetFollowsTheMap(t *testing.T) {
	kinds := []event.Kind{event.KindSessionStart, event.KindFocus, event.KindTurnEnd, event.KindIdleTimeout, event.KindPause, event.KindPause, event.KindRemoteControl,
		event.KindPauseDeclined, event.KindResume, event.KindCrash, event.KindTornDown, event.KindAppStart, event.KindSecondInstance, event.KindAppQuit,
		event.KindUpdateRestart, event.KindStopAll, event.KindPTYKill, event.KindAtCap, event.KindWarming, event.KindYield, event.KindAcquire}
	reasons := []event.Reason{event.ReasonGovernorEvict, event.ReasonIdleTimeout, event.ReasonOther, event.ReasonWarm}
	for seed := int64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewSource(seed))
		s := New(Limits{EndedSessions: 1 + rng.Intn(30), Outcomes: 8, Evictions: 8, MemorySamples: 8, HostSamples: 8})
		ids := 5 + rng.Intn(200)
		for i := 0; i < 3000; i++ {
			k := kinds[rng.Intn(len(kinds))]
			e := ev(i, k, i+1, func(e *event.Event) {
				e.Session = fmt.Sprintf("local_%04d", rng.Intn(ids))
				e.Reason = reasons[rng.Intn(len(reasons))]
				e.Count = rng.Intn(4)
				if k == event.KindAtCap {
					e.Verb = event.VerbEvicting
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
	checkEnded(t, s, seed, i)
}

// checkEnded: State.ended holds each ended session of the map once, in
// the Sessions order turned round, and the snapshot's order is a full sort's.
func checkEnded(t *testing.T, s *State, seed int64, i int) {
	t.Helper()
	if len(s.ended) != len(s.sessions)-len(s.live) {
		t.Fatalf("seed %d, event %d: %d ended sessions in the map, %d in State.ended", seed, i, len(s.sessions)-len(s.live), len(s.ended))
	}
	for k, sess := range s.ended {
		if sess.live() || s.sessions[sess.id] != sess {
			t.Fatalf("seed %d, event %d: State.ended[%d] (%s) is live or not in the map", seed, i, k, sess.id)
		}
		if k > 0 && endedKept(s.ended[k-1], sess) >= 0 {
			t.Fatalf("seed %d, event %d: State.ended out of order at %d (%s after %s)", seed, i, k, sess.id, s.ended[k-1].id)
		}
	}
	want := fullSessionOrder(s)
	if got := s.keepSessions(s.sessionOrder()); !slices.Equal(got, want) {
		t.Fatalf("seed %d, event %d: the Sessions order differs from a sort of the map's", seed, i)
	}
}

// fullSessionOrder is the Sessions order as a sort of the whole map gives it.
func fullSessionOrder(s *State) []*session {
	keyed := make([]sessionKey, 0, len(s.sessions))
	for _, sess := range s.sessions {
		keyed = append(keyed, sessionKey{live: sess.live(), sec: sess.lastActivity.Unix(), nsec: int32(sess.lastActivity.Nanosecond()), sess: sess})
	}
	slices.SortFunc(keyed, sessionKey.compare)
	order := make([]*session, len(keyed))
	for i, k := range keyed {
		order[i] = k.sess
	}
	return s.keepSessions(order)
}

// selectNewest puts the k newest keys first, as a full sort would, for
// every k, on keys with many equal times (told apart by id) and with
// equal keys.
func TestSelectNewestAgreesWithSort(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for round := 0; round < 300; round++ {
		n := 1 + rng.Intn(300)
		keys := make([]activityKey, n)
		for i := range keys {
			id := fmt.Sprintf("local_%03d", rng.Intn(n+1)) // some ids twice: equal keys
			keys[i] = activityKey{sec: int64(rng.Intn(20)), nsec: int32(rng.Intn(3)), sess: &session{id: id}}
		}
		want := slices.Clone(keys)
		slices.SortFunc(want, newestKeyFirst)
		k := 1 + rng.Intn(n)
		got := slices.Clone(keys)
		selectNewest(got, k)
		first := slices.Clone(got[:k])
		slices.SortFunc(first, newestKeyFirst)
		for i := range first {
			if newestKeyFirst(first[i], want[i]) != 0 {
				t.Fatalf("round %d, %d keys, k %d: the %dth of the first k is %+v, a sort puts %+v there", round, n, k, i, first[i], want[i])
			}
		}
	}
}
