package governor

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// TestSnapshotSharesUnchangedLists: snapshots taken while the outcomes,
// losses and memory samples do not change hand over one list each (issue
// 52), equal to fresh copies of the model's; a change hands over a new
// list and leaves the one a held snapshot has as it was.
func TestSnapshotSharesUnchangedLists(t *testing.T) {
	s, now := dayState(t, 3)
	for i := range 5 {
		s.Apply(event.Event{Time: now.Add(time.Duration(i) * time.Second), Kind: event.KindMemorySample, Memory: &event.MemorySample{SysFreeMB: 1000 + i, TotalMB: 16384}})
	}
	now = now.Add(10 * time.Second)
	a := s.Snapshot(now)
	b := s.Snapshot(now.Add(time.Second))
	fresh := func(snap Snapshot) {
		t.Helper()
		if !reflect.DeepEqual(snap.Outcomes, s.outcomes.NewestFirst()) || !reflect.DeepEqual(snap.Losses, s.recentLosses(s.limits.Outcomes)) ||
			!reflect.DeepEqual(snap.MemorySamples, s.memory.Items()) || !reflect.DeepEqual(snap.MemoryTimes, s.memoryAt.Items()) {
			t.Fatal("a shared list differs from a fresh copy of the model's")
		}
	}
	fresh(b)
	if len(a.Outcomes) == 0 || len(a.Losses) == 0 || len(a.MemorySamples) != 5 {
		t.Fatalf("the day kept no outcomes, losses or samples: %d %d %d", len(a.Outcomes), len(a.Losses), len(a.MemorySamples))
	}
	if &a.Outcomes[0] != &b.Outcomes[0] || &a.Losses[0] != &b.Losses[0] || &a.MemorySamples[0] != &b.MemorySamples[0] || &a.MemoryTimes[0] != &b.MemoryTimes[0] {
		t.Fatal("an unchanged list was copied again")
	}
	held := [][]any{anys(a.Outcomes), anys(a.Losses), anys(a.MemorySamples), anys(a.MemoryTimes)}

	id := fmt.Sprintf("local_%08x-0000-4000-8000-%012x", 9999, 9999)
	at := now.Add(2 * time.Second)
	s.Apply(event.Event{Time: at, Kind: event.KindSessionStart, Session: id})
	s.Apply(event.Event{Time: at, Kind: event.KindPause, Session: id, Reason: event.ReasonGovernorEvict})
	s.Apply(event.Event{Time: at, Kind: event.KindMemorySample, Memory: &event.MemorySample{SysFreeMB: 900, TotalMB: 16384}})
	c := s.Snapshot(at.Add(time.Second))
	fresh(c)
	if c.Outcomes[0].Session != id || c.Losses[len(c.Losses)-1].Session != id || len(c.MemorySamples) != 6 {
		t.Fatalf("the new eviction or sample is not in the new snapshot: %+v", c.Outcomes[0])
	}
	now2 := [][]any{anys(a.Outcomes), anys(a.Losses), anys(a.MemorySamples), anys(a.MemoryTimes)}
	if !reflect.DeepEqual(held, now2) {
		t.Fatal("a held snapshot's lists changed with the model")
	}
}

func anys[T any](v []T) []any {
	out := make([]any, len(v))
	for i := range v {
		out[i] = v[i]
	}
	return slices.Clip(out)
}
