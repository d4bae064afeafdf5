package governor

import (
	"slices"
	"strings"

	"github.com/coworktop/coworktop/quota"
)

// quotaKeep bounds the readings kept per source and window: a day of the
// desktop app's 5-minute samples, far more than the burn estimate's hour.
const quotaKeep = 300

// quotaRingKey is one source's readings of one window.
type quotaRingKey struct {
	source quota.Source
	key    quota.Key
}

// ApplyQuota records quota readings. A reading no newer than the newest
// kept of its source and window is dropped, so a source may deliver its
// whole history on every read; each delivery is sorted by time first. A
// reading with no real time or a percentage outside 0–100 is dropped, and
// at most quota.MaxKeys windows per source are kept.
func (s *State) ApplyQuota(samples []quota.Sample) {
	if len(samples) == 0 {
		return
	}
	if s.quota == nil {
		s.quota = map[quotaRingKey]*ring[quota.Sample]{}
	}
	sorted := slices.Clone(samples)
	slices.SortStableFunc(sorted, func(a, b quota.Sample) int { return a.At.Compare(b.At) })
	for _, q := range sorted {
		if q.At.IsZero() || (q.Absent == quota.Present && !quota.PercentValid(q.Percent)) {
			continue
		}
		k := quotaRingKey{q.Source, q.Key()}
		r := s.quota[k]
		if r == nil {
			if len(s.quota) >= quota.MaxKeys*len(quota.Sources) {
				continue
			}
			r = newRing[quota.Sample](quotaKeep)
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
func (s *State) QuotaSamples() []quota.Sample {
	var out []quota.Sample
	for _, r := range s.quota {
		out = append(out, r.items()...)
	}
	slices.SortStableFunc(out, func(a, b quota.Sample) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		if c := a.Source.Rank() - b.Source.Rank(); c != 0 {
			return c
		}
		if c := slices.Index(quota.Windows, a.Window) - slices.Index(quota.Windows, b.Window); c != 0 {
			return c
		}
		return strings.Compare(a.Scope, b.Scope)
	})
	return out
}

// ApplyQuotaErrors records the quota reader's running count of refused or
// failed reads per source (a count never goes down).
func (s *State) ApplyQuotaErrors(errs map[quota.Source]int) { mergeCounts(&s.quotaErrors, errs) }

// ApplyQuotaRefused records the quota reader's running count of readings
// refused as implausible, per source (a count never goes down).
func (s *State) ApplyQuotaRefused(n map[quota.Source]int) { mergeCounts(&s.quotaRefused, n) }

func mergeCounts(dst *map[quota.Source]int, src map[quota.Source]int) {
	for k, n := range src {
		if *dst == nil {
			*dst = map[quota.Source]int{}
		}
		(*dst)[k] = max((*dst)[k], n)
	}
}

// countsView is a copy of the counts above zero, nil when there are none.
func countsView(m map[quota.Source]int) map[quota.Source]int {
	var out map[quota.Source]int
	for src, n := range m {
		if n > 0 {
			if out == nil {
				out = map[quota.Source]int{}
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
