package governor

import (
	"slices"
	"time"

	"github.com/coworktop/coworktop/internal/ring"
	"github.com/coworktop/coworktop/quota"
)

// figuresQuota is what quota.Figures needs of the kept readings as of
// now, in the merge's order: of each source's window, its first reading
// (where the window first appears, which orders the windows among
// themselves) and its readings from quota.BurnLook before its newest
// usable one with a percentage on, none past now + quota.MaxSkew.
// Figures of these are Figures of every reading kept (a test holds them
// to it), at the cost of an hour's readings instead of a day's at every
// refresh (issue 52: the live view's CPU grew with the readings kept).
// Past quota.MaxKeys windows in all, which Figures drops by the order of
// every reading, it is every reading.
func (s *State) figuresQuota(now time.Time) []quota.Sample {
	var keys []quota.Key
	for k := range s.quota {
		if !slices.Contains(keys, k.key) {
			keys = append(keys, k.key)
		}
	}
	if len(keys) > quota.MaxKeys {
		return s.QuotaSamples()
	}
	var out []quota.Sample
	for _, r := range s.quota {
		out = appendFiguresReadings(out, r, now)
	}
	slices.SortStableFunc(out, mergeOrder)
	return out
}

// appendFiguresReadings appends r's readings figuresQuota keeps, oldest
// first. A ring's readings are in strictly increasing time, and every one
// has a time and a valid percentage (ApplyQuota), so the usable ones are
// those up to the first past now + quota.MaxSkew.
func appendFiguresReadings(out []quota.Sample, r *ring.Ring[quota.Sample], now time.Time) []quota.Sample {
	n := r.Len()
	at := func(i int) quota.Sample { return *r.At(i) }
	limit := now.Add(quota.MaxSkew)
	end := n
	for end > 0 && at(end-1).At.After(limit) {
		end--
	}
	if end == 0 {
		return out
	}
	from := end - 1
	for i := end - 1; i >= 0; i-- {
		if at(i).Absent == quota.Present {
			cut := at(i).At.Add(-quota.BurnLook)
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
