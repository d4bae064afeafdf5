package quota

import (
	"slices"
	"time"

	"github.com/coworktop/coworktop/internal/ring"
)

// FiguresReadings is what Figures needs of the kept readings as of
// now, in the merge's order: of each source's window, its first reading
// (where the window first appears, which orders the windows among
// themselves) and its readings from BurnLook before its newest
// usable one with a percentage on, none past now + MaxSkew.
// Figures of these are Figures of every reading kept (a test holds them
// to it), at the cost of an hour's readings instead of a day's at every
// refresh (issue 52: the live view's CPU grew with the readings kept).
// Past MaxKeys windows in all, which Figures drops by the order of
// every reading, it is every reading.
func (st *Store) FiguresReadings(now time.Time) []Sample {
	var keys []Key
	for k := range st.rings {
		if !slices.Contains(keys, k.key) {
			keys = append(keys, k.key)
		}
	}
	if len(keys) > MaxKeys {
		return st.Samples()
	}
	var out []Sample
	for _, r := range st.rings {
		out = appendFiguresReadings(out, r, now)
	}
	slices.SortStableFunc(out, mergeOrder)
	return out
}

// appendFiguresReadings appends r's readings FiguresReadings keeps, oldest
// first. A ring's readings are in strictly increasing time, and every one
// has a time and a valid percentage (ApplyQuota), so the usable ones are
// those up to the first past now + MaxSkew.
func appendFiguresReadings(out []Sample, r *ring.Ring[Sample], now time.Time) []Sample {
	n := r.Len()
	at := func(i int) Sample { return *r.At(i) }
	limit := now.Add(MaxSkew)
	end := n
	for end > 0 && at(end-1).At.After(limit) {
		end--
	}
	if end == 0 {
		return out
	}
	from := end - 1
	for i := end - 1; i >= 0; i-- {
		if at(i).Absent == Present {
			cut := at(i).At.Add(-BurnLook)
			from = i
			for from > 0 && !at(from-1).At.Before(cut) {
				from--
			}
			break
		}
	}
	if from > 0 {
		out = append(out, at(0))
	}
	for i := from; i < end; i++ {
		out = append(out, at(i))
	}
	return out
}
