package governor

import (
	"slices"
	"strings"
	"time"
)

// quotaKeep bounds the readings kept per source and window: a day of the
// desktop app's 5-minute samples, far more than the burn estimate's hour.
const quotaKeep = 300

// quotaRingKey is one source's readings of one window.
type quotaRingKey struct {
	source QuotaSource
	key    quotaKey
}

// ApplyQuota records quota readings. A reading no newer than the newest
// kept of its source and window is dropped, so a source may deliver its
// whole history on every read; each delivery is sorted by time first. A
// reading with no real time or a percentage outside 0–100 is dropped, and
// at most quotaMaxKeys windows per source are kept.
func (s *State) ApplyQuota(samples []QuotaSample) {
	if len(samples) == 0 {
		return
	}
	if s.quota == nil {
		s.quota = map[quotaRingKey]*ring[QuotaSample]{}
	}
	sorted := slices.Clone(samples)
	slices.SortStableFunc(sorted, func(a, b QuotaSample) int { return a.At.Compare(b.At) })
	for _, q := range sorted {
		if q.At.IsZero() || (q.Absent == QuotaPresent && !QuotaPercentValid(q.Percent)) {
			continue
		}
		k := quotaRingKey{q.Source, q.key()}
		r := s.quota[k]
		if r == nil {
			if len(s.quota) >= quotaMaxKeys*len(QuotaSources) {
				continue
			}
			r = newRing[QuotaSample](quotaKeep)
			s.quota[k] = r
		}
		switch {
		case len(r.buf) == 0 || q.At.After(r.newest().At):
			r.push(q)
		case q.At.Equal(r.newest().At):
			r.setNewest(q) // the same instant, delivered later: its newer word
		}
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
		if c := slices.Index(QuotaWindows, a.Window) - slices.Index(QuotaWindows, b.Window); c != 0 {
			return c
		}
		return strings.Compare(a.Scope, b.Scope)
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
func (s *State) ApplyQuotaErrors(errs map[QuotaSource]int) { mergeCounts(&s.quotaErrors, errs) }

// ApplyQuotaRefused records the quota reader's running count of readings
// refused as implausible, per source (a count never goes down).
func (s *State) ApplyQuotaRefused(n map[QuotaSource]int) { mergeCounts(&s.quotaRefused, n) }

func mergeCounts(dst *map[QuotaSource]int, src map[QuotaSource]int) {
	for k, n := range src {
		if *dst == nil {
			*dst = map[QuotaSource]int{}
		}
		(*dst)[k] = max((*dst)[k], n)
	}
}

// countsView is a copy of the counts above zero, nil when there are none.
func countsView(m map[QuotaSource]int) map[QuotaSource]int {
	var out map[QuotaSource]int
	for src, n := range m {
		if n > 0 {
			if out == nil {
				out = map[QuotaSource]int{}
			}
			out[src] = n
		}
	}
	return out
}

// setNewest replaces the item pushed last; the ring must not be empty.
func (r *ring[T]) setNewest(v T) {
	if len(r.buf) < r.n || r.start == 0 {
		r.buf[len(r.buf)-1] = v
		return
	}
	r.buf[r.start-1] = v
}
