package governor

import (
	"time"

	"github.com/coworktop/coworktop/quota"
)

// ApplyQuota keeps quota readings (quota.Store.Apply: only what is new of
// each source and window, bounded).
func (s *State) ApplyQuota(samples []quota.Sample) { s.quota.Apply(samples) }

// QuotaSamples returns every quota reading kept, oldest first
// (quota.Store.Samples): the caller must not change the slice's items.
func (s *State) QuotaSamples() []quota.Sample { return s.quota.Samples() }

// figuresQuota is what quota.Figures needs of the kept readings as of now
// (quota.Store.FiguresReadings).
func (s *State) figuresQuota(now time.Time) []quota.Sample { return s.quota.FiguresReadings(now) }

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
