package governor

import (
	"fmt"
	"testing"
	"time"
)

// The recent-session slots hold only sessions the map holds under their
// id: a session pruned or forgotten is never handed out again, and a new
// one is made in its place; lookup answers as the map does.
func TestRecentSessionsFollowTheMap(t *testing.T) {
	s := New(Limits{EndedSessions: 4, Outcomes: 8, Evictions: 8, MemorySamples: 8, HostSamples: 8})
	t0 := time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC)
	a := s.get("local_a", t0)
	s.forget(a)
	if b := s.get("local_a", t0.Add(time.Second)); b == a || !b.firstSeen.Equal(t0.Add(time.Second)) {
		t.Fatalf("a forgotten session came back from its slot")
	}
	for i := range 200 {
		at := t0.Add(time.Duration(i) * time.Second)
		sess := s.get(fmt.Sprintf("local_%d", i%37), at)
		if i%3 == 0 {
			sess.state = StatePaused // ended: prune may drop it
		}
		for slot, c := range s.recent {
			if c != nil && s.sessions[c.id] != c {
				t.Fatalf("after %d gets, slot %d holds %q, which the map does not", i+1, slot, c.id)
			}
		}
		for k := range 40 { // lookup is the map's answer, slot or not
			id := fmt.Sprintf("local_%d", k)
			want, wantOK := s.sessions[id]
			if got, ok := s.lookup(id); got != want || ok != wantOK {
				t.Fatalf("after %d gets, lookup(%q) = %p, %v; the map holds %p, %v", i+1, id, got, ok, want, wantOK)
			}
		}
	}
}
