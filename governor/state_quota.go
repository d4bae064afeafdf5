package governor

import (
	"slices"
	"strings"
	"time"

	"github.com/coworktop/coworktop/internal/ring"
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
// at most quota.MaxKeys windows per source are kept: a new one takes the
// place of the source's least recently seen (the window whose newest
// reading is oldest), so names that came and went (one per model) cannot
// keep a fresh window out.
func (s *State) ApplyQuota(samples []quota.Sample) {
	if len(samples) == 0 {
		return
	}
	if s.quota == nil {
		s.quota = map[quotaRingKey]*ring.Ring[quota.Sample]{}
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
			if !s.roomForQuotaKey(q) {
				continue
			}
			r = ring.New[quota.Sample](quotaKeep)
			s.quota[k] = r
		}
		switch {
		case r.Len() == 0 || q.At.After(r.Newest().At):
			r.Push(q)
			s.quotaSorted = nil
		case q.At.Equal(r.Newest().At):
			r.SetNewest(q) // the same instant, delivered later: its newer word
			s.quotaSorted = nil
		}
	}
}

// roomForQuotaKey makes room for q's window among its source's: below
// quota.MaxKeys there is room; at it, the window least recently seen goes
// when q is newer than its newest reading.
func (s *State) roomForQuotaKey(q quota.Sample) bool {
	n := 0
	var oldest quotaRingKey
	var oldestAt time.Time
	for k, r := range s.quota {
		if k.source != q.Source {
			continue
		}
		n++
		if at := r.Newest().At; oldestAt.IsZero() || at.Before(oldestAt) {
			oldest, oldestAt = k, at
		}
	}
	switch {
	case n < quota.MaxKeys:
		return true
	case q.At.After(oldestAt):
		delete(s.quota, oldest)
		s.quotaSorted = nil
		return true
	}
	return false
}

// QuotaSamples returns every quota reading kept, oldest first. The merge
// is kept until a reading changes, so a snapshot (two calls at every
// refresh) does not sort a day of readings again: the caller must not
// change the slice's items (appending to it copies).
func (s *State) QuotaSamples() []quota.Sample {
	if s.quotaSorted == nil {
		s.quotaSorted = s.mergeQuota()
	}
	return slices.Clip(s.quotaSorted)
}

// mergeQuota is every ring's readings in one slice, oldest first; ties
// in the order of the sources, the windows and the scopes.
func (s *State) mergeQuota() []quota.Sample {
	var out []quota.Sample
	for _, r := range s.quota {
		out = append(out, r.Items()...)
	}
	slices.SortStableFunc(out, mergeOrder)
	return out
}

// mergeOrder is the merge's order: by time, then by source, window and
// scope (two readings of one ring never share a time).
func mergeOrder(a, b quota.Sample) int {
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
