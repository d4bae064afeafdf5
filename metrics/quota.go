package metrics

import (
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"
)

// The account's quota: the same governor figures and states the screen's
// Quota meter and snapshot --json show. Account-wide: every machine of one
// account reports the same figures. Each window is labelled by window
// (five_hour, seven_day, weekly_scoped, spend_limit) and scope (a per-model
// weekly limit's model, "" for the others).
var (
	descQuotaUsed = newDesc("quota_used_percent",
		"The account's quota used, per window (five_hour, seven_day, weekly_scoped with its scope, spend_limit), 0-100 as the source wrote it, with its source (statusline, desktop, cache). Account-wide: includes cloud sessions and other devices. Absent when no source has the window, when the source says there is no such limit or does not report it, and when the window has reset since the reading (coworktop_quota_state says which).", "window", "scope", "source")
	descQuotaState = newDesc("quota_state",
		"1 for the state of each quota window's figure, as every output words it: current, stale, limit_reached (may go on at lower priority or finish the turn), reset_passed (the figure is from before its reset), no_limit (the account has no such limit), not_reported, no_plan_limits (an API or Enterprise seat).", "window", "scope", "state")
	descQuotaAge = newDesc("quota_age_seconds",
		"Age of the quota figure: seconds since its source observed it.", "window", "scope")
	descQuotaStale = newDesc("quota_stale",
		"1 when the quota figure is older than its source's normal interval (statusline 15m, desktop 10m, cache 1h) or its window has reset since.", "window", "scope")
	descQuotaResets = newDesc("quota_resets_timestamp_seconds",
		"When the quota window resets, as a Unix timestamp; absent when the source does not say (the desktop app's file) or the window has no current figure.", "window", "scope")
	descQuotaErrors = newDesc("quota_read_errors_total",
		"Reads of a quota file refused (not a regular file, over its size bound) or not decodable, per source; absent while there are none.", "source")
	descQuotaRefused = newDesc("quota_refused_readings_total",
		"Quota readings refused as implausible, per source: a percentage outside 0-100, or a time ahead of the clock; absent while there are none.", "source")
	descQuotaBurn = newDesc("quota_burn_percent_per_hour",
		"coworktop's estimate of the window's pace from its recent readings (not a figure any source wrote); absent without enough readings.", "window", "scope")
)

func quotaDescriptors() []*desc {
	return []*desc{descQuotaUsed, descQuotaState, descQuotaAge, descQuotaStale, descQuotaResets, descQuotaBurn,
		descQuotaErrors, descQuotaRefused}
}

// collectQuota emits the quota figures of the snapshot and the reader's
// failed reads and refused readings.
func collectQuota(gauge func(*desc, float64, ...string), counter func(*desc, int, ...string), s governor.Snapshot) {
	for _, src := range quota.Sources {
		if n := s.QuotaErrors[src]; n > 0 {
			counter(descQuotaErrors, n, src.String())
		}
		if n := s.QuotaRefused[src]; n > 0 {
			counter(descQuotaRefused, n, src.String())
		}
	}
	for _, f := range s.Quota.Figures() {
		w := f.Window.String()
		gauge(descQuotaState, 1, w, f.Scope, f.State.String())
		gauge(descQuotaAge, f.Age.Seconds(), w, f.Scope)
		gauge(descQuotaStale, boolGauge(f.Stale), w, f.Scope)
		if !f.State.Counts() {
			continue
		}
		gauge(descQuotaUsed, f.Percent, w, f.Scope, quotaSourceLabel(f.Source))
		if !f.ResetsAt.IsZero() {
			gauge(descQuotaResets, float64(f.ResetsAt.Unix()), w, f.Scope)
		}
		if f.Burn != nil {
			gauge(descQuotaBurn, f.Burn.PerHour, w, f.Scope)
		}
	}
}

func boolGauge(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func quotaSourceLabel(s quota.Source) string {
	for _, k := range quota.Sources {
		if s == k {
			return s.String()
		}
	}
	return "unknown"
}
