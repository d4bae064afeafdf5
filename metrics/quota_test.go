package metrics

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

func TestQuotaGauges(t *testing.T) {
	st := richState()
	now := t0.Add(time.Hour)
	reset := now.Add(2 * time.Hour)
	var samples []quota.Sample
	for i := range 4 {
		samples = append(samples, quota.Sample{Window: quota.FiveHour, Percent: 50 + 4*float64(i), ResetsAt: reset,
			Source: quota.Statusline, At: now.Add(-time.Duration(30-10*i) * time.Minute)})
	}
	samples = append(samples, quota.Sample{Window: quota.SevenDay, Percent: 31, Source: quota.Cache, At: now.Add(-50 * time.Hour)})
	st.ApplyQuota(samples)
	c := NewCollector(snapFunc(st, now), testBuild)
	if got := testutil.ToFloat64(onlyLabels(c, "coworktop_quota_used_percent", "window", "five_hour")); got != 62 {
		t.Errorf("five_hour = %v, want 62 (the screen's figure)", got)
	}
	snap := st.Snapshot(now)
	if snap.Quota.FiveHour.Percent != 62 {
		t.Fatalf("snapshot five_hour %v", snap.Quota.FiveHour.Percent)
	}
	if got := testutil.ToFloat64(onlyLabels(c, "coworktop_quota_resets_timestamp_seconds", "window", "five_hour")); got != float64(reset.Unix()) {
		t.Errorf("resets = %v", got)
	}
	if got := testutil.ToFloat64(onlyLabels(c, "coworktop_quota_stale", "window", "seven_day")); got != 1 {
		t.Errorf("seven_day stale = %v, want 1 (a 50 h old cache)", got)
	}
	if got := testutil.ToFloat64(onlyLabels(c, "coworktop_quota_burn_percent_per_hour", "window", "five_hour")); got < 23.9 || got > 24.1 {
		t.Errorf("burn = %v, want 24 %%/h", got)
	}
	if n := testutil.CollectAndCount(c, "coworktop_quota_resets_timestamp_seconds"); n != 1 {
		t.Errorf("%d resets series, want 1 (the cache's 7d had none)", n)
	}
	reg := prometheus.NewPedanticRegistry()
	if err := reg.Register(c); err != nil {
		t.Fatal(err)
	}
	problems, err := testutil.GatherAndLint(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("lint: %s: %s", p.Metric, p.Text)
	}
	// No source: no quota series at all.
	if n := testutil.CollectAndCount(NewCollector(snapFunc(richState(), now), testBuild), "coworktop_quota_used_percent"); n != 0 {
		t.Errorf("%d quota series without a source", n)
	}
}

func TestQuotaReadErrorsCounter(t *testing.T) {
	st := richState()
	st.ApplyUpdate(governor.Update{QuotaErrors: map[quota.Source]int{quota.Cache: 2}})
	st.ApplyUpdate(governor.Update{QuotaErrors: map[quota.Source]int{quota.Cache: 1}}) // never goes down
	c := NewCollector(snapFunc(st, t0.Add(time.Hour)), testBuild)
	if got := testutil.ToFloat64(onlyLabels(c, "coworktop_quota_read_errors_total", "source", "cache")); got != 2 {
		t.Errorf("cache read errors = %v, want 2", got)
	}
	if n := testutil.CollectAndCount(c, "coworktop_quota_read_errors_total"); n != 1 {
		t.Errorf("%d series, want only the source with errors", n)
	}
}

// TestQuotaStatesAndRefused: every window's state in the words every
// output uses; a window that has reset, or has no figure, is not a
// percentage; a per-model limit is labelled by its scope; refused
// readings are counted.
func TestQuotaStatesAndRefused(t *testing.T) {
	st := governor.New(governor.DefaultLimits())
	now := t0.Add(time.Hour)
	st.ApplyQuota([]quota.Sample{
		{Window: quota.FiveHour, Percent: 88, ResetsAt: now.Add(-20 * time.Minute), Source: quota.Statusline, At: now.Add(-2 * time.Minute)},
		{Window: quota.SevenDay, Absent: quota.NoLimit, Source: quota.Cache, At: now.Add(-time.Hour)},
		{Window: quota.WeeklyScoped, Scope: "Fable", Percent: 92, ResetsAt: now.Add(30 * time.Hour), Source: quota.Cache, At: now.Add(-10 * time.Minute)},
	})
	st.ApplyQuotaRefused(map[quota.Source]int{quota.Desktop: 3})
	c := NewCollector(snapFunc(st, now), testBuild)
	for _, want := range [][]string{
		{"window", "five_hour", "state", "reset_passed"},
		{"window", "seven_day", "state", "no_limit"},
		{"window", "weekly_scoped", "scope", "Fable", "state", "current"},
	} {
		if got := testutil.ToFloat64(onlyLabels(c, "coworktop_quota_state", want...)); got != 1 {
			t.Errorf("state %v = %v", want, got)
		}
	}
	if n := testutil.CollectAndCount(c, "coworktop_quota_used_percent"); n != 1 {
		t.Errorf("%d used_percent series, want only Fable's", n)
	}
	if got := testutil.ToFloat64(onlyLabels(c, "coworktop_quota_used_percent", "scope", "Fable")); got != 92 {
		t.Errorf("Fable = %v", got)
	}
	if got := testutil.ToFloat64(onlyLabels(c, "coworktop_quota_refused_readings_total", "source", "desktop")); got != 3 {
		t.Errorf("refused = %v", got)
	}
}
