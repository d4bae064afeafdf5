package quota

import (
	"slices"
	"strings"
	"time"

	"github.com/coworktop/coworktop/internal/ring"
)

// The readings kept: each source's readings of each window, bounded, in
// time order, merged for Figures. The sources deliver their whole history
// on every read; Store keeps what is new. governor's State holds one and
// puts its Figures in the Snapshot.

// Store keeps the quota readings of each source and window. The zero
// Store is empty and ready.
type Store struct {
	rings  map[storeKey]*ring.Ring[Sample]
	sorted []Sample // Samples' merge, nil until asked again after a change
}

// storeKeep bounds the readings kept per source and window: a day of the
// desktop app's 5-minute samples, far more than the burn estimate's hour.
const storeKeep = 300

// storeKey is one source's readings of one window.
type storeKey struct {
	source Source
	key    Key
}

// Apply keeps readings. A reading no newer than the newest
// kept of its source and window is dropped, so a source may deliver its
// whole history on every read; each delivery is sorted by time first. A
// reading with no real time or a percentage outside 0–100 is dropped, and
// at most MaxKeys windows per source are kept: a new one takes the
// place of the source's least recently seen (the window whose newest
// reading is oldest), so names that came and went (one per model) cannot
// keep a fresh window out.
func (st *Store) Apply(samples []Sample) {
	if len(samples) == 0 {
		return
	}
	if st.rings == nil {
		st.rings = map[storeKey]*ring.Ring[Sample]{}
	}
	sorted := slices.Clone(samples)
	slices.SortStableFunc(sorted, func(a, b Sample) int { return a.At.Compare(b.At) })
	for _, q := range sorted {
		if q.At.IsZero() || (q.Absent == Present && !PercentValid(q.Percent)) {
			continue
		}
		k := storeKey{q.Source, q.Key()}
		r := st.rings[k]
		if r == nil {
			if !st.roomFor(q) {
				continue
			}
			r = ring.New[Sample](storeKeep)
			st.rings[k] = r
		}
		switch {
		case r.Len() == 0 || q.At.After(r.Newest().At):
			r.Push(q)
			st.sorted = nil
		case q.At.Equal(r.Newest().At):
			r.SetNewest(q) // the same instant, delivered later: its newer word
			st.sorted = nil
		}
	}
}

// roomFor makes room for q's window among its source's: below
// MaxKeys there is room; at it, the window least recently seen goes
// when q is newer than its newest reading.
func (st *Store) roomFor(q Sample) bool {
	n := 0
	var oldest storeKey
	var oldestAt time.Time
	for k, r := range st.rings {
		if k.source != q.Source {
			continue
		}
		n++
		if at := r.Newest().At; oldestAt.IsZero() || at.Before(oldestAt) {
			oldest, oldestAt = k, at
		}
	}
	switch {
	case n < MaxKeys:
		return true
	case q.At.After(oldestAt):
		delete(st.rings, oldest)
		st.sorted = nil
		return true
	}
	return false
}

// Samples returns every reading kept, oldest first. The merge
// is kept until a reading changes, so a snapshot (two calls at every
// refresh) does not sort a day of readings again: the caller must not
// change the slice's items (appending to it copies).
func (st *Store) Samples() []Sample {
	if st.sorted == nil {
		st.sorted = st.merge()
	}
	return slices.Clip(st.sorted)
}

// WindowReadings are src's readings of window w (of every scope) from
// from on, in the merge's order: what the quota share reads (Shares), taken
// from the window's own rings, so a refresh neither builds nor keeps the
// merged copy of every reading kept (Samples), which grew all day.
func (st *Store) WindowReadings(src Source, w Window, from time.Time) []Sample {
	var out []Sample
	for k, r := range st.rings {
		if k.source != src || k.key.window != w {
			continue
		}
		for i := r.Len() - 1; i >= 0 && !r.At(i).At.Before(from); i-- {
			out = append(out, *r.At(i))
		}
	}
	slices.SortStableFunc(out, mergeOrder)
	return out
}

// merge is every ring's readings in one slice, oldest first; ties
// in the order of the sources, the windows and the scopes.
func (st *Store) merge() []Sample {
	var out []Sample
	for _, r := range st.rings {
		out = append(out, r.Items()...)
	}
	slices.SortStableFunc(out, mergeOrder)
	return out
}

// mergeOrder is the merge's order: by time, then by source, window and
// scope (two readings of one ring never share a time).
func mergeOrder(a, b Sample) int {
	if c := a.At.Compare(b.At); c != 0 {
		return c
	}
	if c := a.Source.Rank() - b.Source.Rank(); c != 0 {
		return c
	}
	if c := slices.Index(Windows, a.Window) - slices.Index(Windows, b.Window); c != 0 {
		return c
	}
	return strings.Compare(a.Scope, b.Scope)
}

// windows is how many windows the store keeps readings of, per source.
func (st *Store) windows() map[Source]int {
	per := map[Source]int{}
	for k := range st.rings {
		per[k.source]++
	}
	return per
}
