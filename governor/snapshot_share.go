package governor

import (
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/internal/ring"
)

// What a snapshot hands over of the model's bounded lists (the outcomes,
// the recent losses, the [process-memory] samples and their times) is
// shared by the snapshots taken while the list does not change (issue
// 52): the live view takes a snapshot at every delivery, and copying
// lists that fill all day to their bounds (200 outcomes and losses, 720
// samples) made each refresh allocate more, and the collector run more
// often, as the day went on. A refresh now compares what it would hand
// over with what it handed over last, which allocates nothing, and
// copies only when something changed.
//
// A shared list is read only: the outputs read a snapshot's lists and
// never write to them (cmd's metrics detach clones what the collector
// reads), and the model replaces the kept list when it changes, never
// writes into it, so a snapshot held on another goroutine or kept by a
// frozen screen still reads what it was handed. Each list is made with
// its length as its capacity, so an append to it copies.

// sharedLists are the lists the last snapshot handed over.
type sharedLists struct {
	outcomes []Outcome // newest first
	losses   []Loss
	memory   []event.MemorySample
	memoryAt []time.Time
}

// sharedItems is r's items, oldest first: the list kept in *kept when it
// still holds them, else a new copy, then kept.
func sharedItems[T comparable](r *ring.Ring[T], kept *[]T) []T {
	if *kept == nil || !sameItems(r, *kept, false) {
		*kept = r.Items()
	}
	return *kept
}

// sharedNewestFirst is sharedItems newest first.
func sharedNewestFirst[T comparable](r *ring.Ring[T], kept *[]T) []T {
	if *kept == nil || !sameItems(r, *kept, true) {
		*kept = r.NewestFirst()
	}
	return *kept
}

// sameItems reports whether list holds r's items, oldest first (newest
// first if reversed).
func sameItems[T comparable](r *ring.Ring[T], list []T, reversed bool) bool {
	n := r.Len()
	if len(list) != n {
		return false
	}
	for i := range n {
		j := i
		if reversed {
			j = n - 1 - i
		}
		if *r.At(j) != list[i] {
			return false
		}
	}
	return true
}

// sharedLosses is recentLosses(n), the list the last snapshot handed
// over while each loss, marked as recentLosses marks it, is the same.
func (s *State) sharedLosses(n int) []Loss {
	s.orderLosses()
	kept, r := s.snapMemo.lists.losses, s.loss.list
	k := min(n, r.Len())
	same := kept != nil && len(kept) == k
	for i := 0; same && i < k; i++ {
		l := *r.At(r.Len() - k + i)
		s.markBackOne(&l)
		same = l == kept[i]
	}
	if !same {
		s.snapMemo.lists.losses = s.recentLosses(n)
	}
	return s.snapMemo.lists.losses
}
