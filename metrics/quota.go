package metrics

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/coworktop/coworktop/governor"
)

// The account's quota: the same governor figures the screen's Quota meter
// and snapshot --json show. Account-wide: every machine of one account
// reports the same figures.
var (
	descQuotaUsed = newDesc("quota_used_percent",
		"The account's quota used, per window (five_hour, seven_day), 0-100 as the source wrote it, with its source (statusline, desktop, cache). Account-wide: includes cloud sessions and other devices. Absent when no source has the window.", "window", "source")
	descQuotaAge = newDesc("quota_age_seconds",
		"Age of the quota figure: seconds since its source observed it.", "window")
	descQuotaStale = newDesc("quota_stale",
		"1 when the quota figure is older than its source's normal interval (statusline 15m, desktop 10m, cache 1h) or its window has reset since it was read.", "window")
	descQuotaResets = newDesc("quota_resets_timestamp_seconds",
		"When the quota window resets, as a Unix timestamp; absent when the source does not say (the desktop app's file).", "window")
	descQuotaErrors = newDesc("quota_read_errors_total",
		"Reads of a quota file refused (not a regular file, over its size bound) or not decodable, per source; absent while there are none.", "source")
	descQuotaBurn = newDesc("quota_burn_percent_per_hour",
		"coworktop's estimate of the window's pace from its recent readings (not a figure any source wrote); absent without enough readings.", "window")
)

func quotaDescriptors() []*prometheus.Desc {
	return []*prometheus.Desc{descQuotaUsed, descQuotaAge, descQuotaStale, descQuotaResets, descQuotaBurn, descQuotaErrors}
}

// collectQuota emits the quota figures of the snapshot and the reader's
// failed reads.
func collectQuota(gauge func(*prometheus.Desc, float64, ...string), counter func(*prometheus.Desc, int, ...string), s governor.Snapshot) {
	for _, src := range governor.QuotaSources {
		if n := s.QuotaErrors[src]; n > 0 {
			counter(descQuotaErrors, n, src.String())
		}
	}
	q := s.Quota
	for _, f := range q.Figures() {
		w := f.Window.String()
		gauge(descQuotaUsed, f.Percent, w, quotaSourceLabel(f.Source))
		gauge(descQuotaAge, f.Age.Seconds(), w)
		stale := 0.0
		if f.Stale {
			stale = 1
		}
		gauge(descQuotaStale, stale, w)
		if !f.ResetsAt.IsZero() {
			gauge(descQuotaResets, float64(f.ResetsAt.Unix()), w)
		}
		if f.Burn != nil {
			gauge(descQuotaBurn, f.Burn.PerHour, w)
		}
	}
}

func quotaSourceLabel(s governor.QuotaSource) string {
	for _, k := range governor.QuotaSources {
		if s == k {
			return s.String()
		}
	}
	return "unknown"
}
