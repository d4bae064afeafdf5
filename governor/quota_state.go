package governor

import (
	"math"
	"slices"
	"time"
)

// quotaKeep bounds the readings kept per source and window: a day of the
// desktop app's 5-minute samples, far more than the burn estimate's hour.
const quotaKeep = 300

type quotaKey struct {
	source QuotaSource
	window QuotaWindow
}

// ApplyQuota records quota readings. A reading no newer than the newest
// kept of its source and window is dropped, so a source may deliver its
// whole history on every read; each delivery is sorted by time first.
func (s *State) ApplyQuota(samples []QuotaSample) {
	if len(samples) == 0 {
		return
	}
	if s.quota == nil {
		s.quota = map[quotaKey]*ring[QuotaSample]{}
	}
	sorted := slices.Clone(samples)
	slices.SortStableFunc(sorted, func(a, b QuotaSample) int { return a.At.Compare(b.At) })
	for _, q := range sorted {
		if q.At.IsZero() || math.IsNaN(q.Percent) || math.IsInf(q.Percent, 0) {
			continue
		}
		k := quotaKey{q.Source, q.Window}
		r := s.quota[k]
		if r == nil {
			r = newRing[QuotaSample](quotaKeep)
			s.quota[k] = r
		}
		if len(r.buf) > 0 && !q.At.After(r.newest().At) {
			continue
		}
		r.push(q)
	}
}

// QuotaSamples returns every quota reading kept, oldest first.
func (s *State) QuotaSamples() []QuotaSample {
	var out []QuotaSample
	for _, r := range s.quota {
		out = append(out, r.items()...)
	}
	slices.SortStableFunc(out, func(a, b QuotaSample) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		if c := a.Source.rank() - b.Source.rank(); c != 0 {
			return c
		}
		return slices.Index(QuotaWindows, a.Window) - slices.Index(QuotaWindows, b.Window)
	})
	return out
}

// QuotaIn returns the readings taken in [from, to], oldest first: what
// a report over that span shows.
func QuotaIn(samples []QuotaSample, from, to time.Time) []QuotaSample {
	var out []QuotaSample
	for _, q := range samples {
		if !q.At.Before(from) && !q.At.After(to) {
			out = append(out, q)
		}
	}
	return out
}

// ApplyQuotaErrors records the quota reader's running count of refused or
// failed reads per source (a count never goes down).
func (s *State) ApplyQuotaErrors(errs map[QuotaSource]int) {
	for src, n := range errs {
		if s.quotaErrors == nil {
			s.quotaErrors = map[QuotaSource]int{}
		}
		s.quotaErrors[src] = max(s.quotaErrors[src], n)
	}
}

// quotaErrorsView is a copy of the counts, nil when there are none.
func (s *State) quotaErrorsView() map[QuotaSource]int {
	var out map[QuotaSource]int
	for src, n := range s.quotaErrors {
		if n > 0 {
			if out == nil {
				out = map[QuotaSource]int{}
			}
			out[src] = n
		}
	}
	return out
}
