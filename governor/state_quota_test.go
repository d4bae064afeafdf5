package governor

import (
	"fmt"
	"testing"
	"time"

	"github.com/coworktop/coworktop/quota"
)

// State's side of the quota: the readings it keeps per source and window.
// The choice of figures and their words are quota's, tested there.

var qNow = time.Date(2026, 9, 4, 13, 0, 0, 0, time.UTC)

func qs(src quota.Source, w quota.Window, pct float64, ago time.Duration) quota.Sample {
	return quota.Sample{Window: w, Percent: pct, Source: src, At: qNow.Add(-ago)}
}

func TestApplyQuotaDedupsRedelivery(t *testing.T) {
	s := New(DefaultLimits())
	hist := []quota.Sample{
		qs(quota.Desktop, quota.FiveHour, 10, 20*time.Minute),
		qs(quota.Desktop, quota.FiveHour, 12, 15*time.Minute),
	}
	s.ApplyQuota(hist)
	s.ApplyQuota(append(hist, qs(quota.Desktop, quota.FiveHour, 14, 10*time.Minute)))
	if got := len(s.QuotaSamples()); got != 3 {
		t.Fatalf("kept %d readings, want 3", got)
	}
	snap := s.Snapshot(qNow)
	if snap.Quota == nil || snap.Quota.FiveHour.Percent != 14 {
		t.Fatalf("snapshot quota %+v", snap.Quota)
	}
	if in := quota.In(s.QuotaSamples(), qNow.Add(-16*time.Minute), qNow); len(in) != 2 {
		t.Fatalf("In = %d readings, want 2", len(in))
	}
}

// TestApplyQuotaRefusesImplausible: a reading with a percentage outside
// 0–100 is not kept.
func TestApplyQuotaRefusesImplausible(t *testing.T) {
	huge := qs(quota.Statusline, quota.FiveHour, 1e308, time.Minute)
	var s State
	s.ApplyQuota([]quota.Sample{huge, qs(quota.Statusline, quota.FiveHour, -3, time.Minute)})
	if len(s.QuotaSamples()) != 0 {
		t.Fatalf("kept %+v", s.QuotaSamples())
	}
}

// TestApplyQuotaSameInstantLaterWins: two readings of one source at the
// same second: the later word wins in the state.
func TestApplyQuotaSameInstantLaterWins(t *testing.T) {
	first := quota.Sample{Window: quota.FiveHour, Absent: quota.NotReported, Source: quota.Statusline, At: qNow.Add(-time.Minute)}
	then := qs(quota.Statusline, quota.FiveHour, 88, time.Minute)
	var s State
	s.ApplyQuota([]quota.Sample{first})
	s.ApplyQuota([]quota.Sample{then})
	if got := s.QuotaSamples(); len(got) != 1 || got[0].Percent != 88 {
		t.Fatalf("%+v", got)
	}
}

// TestApplyQuotaKeysBoundedPerSource (issue 53 R8): the model kept at most
// 48 windows in all and never freed one: after 66 per-model names from
// one source, the status line's fresh 5-hour figure was never kept. Now
// each source keeps quota.MaxKeys, a new window taking the place of its
// source's least recently seen (the bound itself: quota's
// TestStoreKeepsMaxKeysWindowsPerSource).
func TestApplyQuotaKeysBoundedPerSource(t *testing.T) {
	st := New(DefaultLimits())
	for i := range 66 {
		s := qs(quota.Statusline, quota.WeeklyScoped, 10, time.Duration(200-i)*time.Minute)
		s.Scope = fmt.Sprintf("model-%02d", i)
		st.ApplyQuota([]quota.Sample{s})
	}
	for i := range 66 {
		s := qs(quota.Cache, quota.WeeklyScoped, 10, time.Duration(200-i)*time.Minute)
		s.Scope = fmt.Sprintf("model-%02d", i)
		st.ApplyQuota([]quota.Sample{s})
	}
	st.ApplyQuota([]quota.Sample{qs(quota.Statusline, quota.FiveHour, 37, 10*time.Second)})
	if q := st.Snapshot(qNow).Quota; q == nil || q.FiveHour == nil || q.FiveHour.Source != quota.Statusline || q.FiveHour.Percent != 37 {
		t.Fatalf("after 66 per-model names of each source, the fresh 5-hour figure: %+v", q)
	}
	// The newest names are the ones kept.
	kept := map[string]bool{}
	for _, s := range st.QuotaSamples() {
		if s.Source == quota.Cache {
			kept[s.Scope] = true
		}
	}
	if !kept["model-65"] || kept["model-00"] {
		t.Errorf("the least recently seen were not the ones dropped: %v", kept)
	}
	t.Logf("RELIABILITY 66 per-model quota names from each of 2 sources: at most %d windows a source, the fresh 5-hour figure shown", quota.MaxKeys)
}
