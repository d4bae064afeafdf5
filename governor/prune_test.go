package governor

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
	"time"
)

// pruneByFullSort is prune as it was: every session put in newestFirst
// order, then the ended ones past the bound dropped, then everything past
// EndedSessions+maxLiveSessions. The test holds prune to it.
func pruneByFullSort(s *State) {
	var all []*session
	for _, sess := range s.sessions {
		all = append(all, sess)
	}
	slices.SortFunc(all, newestFirst)
	keep, ended := all[:0], 0
	for _, sess := range all {
		if !sess.live() {
			if ended++; ended > s.limits.EndedSessions {
				s.forget(sess)
				continue
			}
		}
		keep = append(keep, sess)
	}
	for _, sess := range keep[min(len(keep), s.limits.EndedSessions+maxLiveSessions):] {
		s.forget(sess)
	}
}

// TestPruneKeepsWhatAFullSortKept: the same sessions survive as with the
// full sort, for ended and live mixes, ties in time (broken by id), zero
// times, times in other zones, and more live sessions than the bound.
func TestPruneKeepsWhatAFullSortKept(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	base := time.Date(2026, 9, 30, 10, 0, 0, 0, time.UTC)
	tokyo := time.FixedZone("JST", 9*3600)
	for round := 0; round < 200; round++ {
		limit := 1 + rng.Intn(20)
		n := rng.Intn(4 * limit)
		hostile := round%20 == 0 // more live sessions than the bound: unique ids, all live
		if hostile {
			n = maxLiveSessions + 3*limit
		}
		a, b := New(Limits{EndedSessions: limit}), New(Limits{EndedSessions: limit})
		for i := 0; i < n; i++ {
			at := base.Add(time.Duration(rng.Intn(50)) * time.Second / time.Duration(1+rng.Intn(3)))
			switch rng.Intn(10) {
			case 0:
				at = time.Time{}
			case 1:
				at = at.In(tokyo)
			}
			state := StateWorking
			if rng.Intn(3) > 0 && !hostile {
				state = StatePaused
			}
			id := fmt.Sprintf("local_%04d", rng.Intn(10*n+1))
			if hostile {
				id = fmt.Sprintf("local_%05d", i)
			}
			a.sessions[id] = &session{id: id, state: state, lastActivity: at}
			b.sessions[id] = &session{id: id, state: state, lastActivity: at}
		}
		a.prune()
		pruneByFullSort(b)
		if hostile && len(a.sessions) != limit+maxLiveSessions {
			t.Fatalf("round %d: %d live sessions left, the bound is %d", round, len(a.sessions), limit+maxLiveSessions)
		}
		got, want := idsOf(a), idsOf(b)
		if !slices.Equal(got, want) {
			t.Fatalf("round %d (limit %d, %d sessions): kept %v, the full sort kept %v", round, limit, n, got, want)
		}
	}
}

func idsOf(s *State) []string {
	var ids []string
	for id := range s.sessions {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}
