package quota

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/quota"
)

// TestStatuslineClockSteppedBack (issue 53 R13): a status-line reading
// written 1–10 minutes ahead of the clock (the clock then stepped back)
// was kept as the newest by the writer, which took a reading up to 10
// minutes older for one from a status line started earlier, and refused by
// the readers, which allow a minute: the quota read "no quota source" for
// up to 10 minutes. One rule now (quota.MaxSkew): the next reading starts
// the file afresh and every reader has it.
func TestStatuslineClockSteppedBack(t *testing.T) {
	for _, tz := range []string{"UTC", "America/New_York", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe"} {
		loc, err := time.LoadLocation(tz)
		if err != nil {
			t.Fatal(err)
		}
		for _, ahead := range []time.Duration{90 * time.Second, 5 * time.Minute, 9*time.Minute + 59*time.Second} {
			p, _ := quotaDir(t)
			now := time.Date(2026, 11, 1, 1, 30, 0, 0, loc)
			pct := func(v float64) *RateLimits {
				return &RateLimits{FiveHour: &RateWindow{UsedPercentage: &v}}
			}
			if err := RecordStatusline(p.Statusline, pct(40), now.Add(ahead)); err != nil {
				t.Fatal(err)
			}
			if err := RecordStatusline(p.Statusline, pct(41), now); err != nil {
				t.Fatal(err)
			}
			r := NewQuotaReader(p)
			r.Now = func() time.Time { return now.Add(time.Second) }
			var usable []quota.Sample
			for _, s := range r.Read() {
				if s.Source == quota.Statusline && s.Window == quota.FiveHour && quota.Usable(s, now.Add(time.Second)) {
					usable = append(usable, s)
				}
			}
			if len(usable) == 0 || usable[len(usable)-1].Percent != 41 {
				t.Errorf("%s, a reading %s ahead then the clock stepped back: usable %+v, want the 41 %% of now", tz, ahead, usable)
			}
		}
	}
	t.Log("RELIABILITY a status-line reading 90 s to 10 min ahead, the clock stepped back: the next reading is the one read, in 5 zones")
}
