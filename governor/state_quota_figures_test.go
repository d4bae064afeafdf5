package governor

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"
	"time"

	"github.com/coworktop/coworktop/quota"
)

// TestFiguresQuotaIsFiguresOfAll: the figures of the readings a snapshot
// hands quota.Figures are those of every reading kept, whatever the
// sources, windows, absent readings, readings ahead of the clock, resets
// and gaps, and past quota.MaxKeys windows.
func TestFiguresQuotaIsFiguresOfAll(t *testing.T) {
	rng := rand.New(rand.NewSource(52))
	windows := []quota.Window{quota.FiveHour, quota.SevenDay, quota.Spend, quota.WeeklyScoped}
	sources := []quota.Source{quota.Statusline, quota.Desktop}
	absents := []quota.Absence{quota.Present, quota.Present, quota.Present, quota.NotReported, quota.NoLimit}
	for trial := range 400 {
		s := New(DefaultLimits())
		scopes := 1 + rng.Intn(3)
		if trial%10 == 0 {
			scopes = 12 // past MaxKeys windows in all
		}
		var in []quota.Sample
		n := rng.Intn(700)
		step := time.Duration(1+rng.Intn(600)) * time.Second
		for i := range n {
			q := quota.Sample{
				Window:  windows[rng.Intn(len(windows))],
				Source:  sources[rng.Intn(len(sources))],
				Percent: float64(rng.Intn(101)),
				Absent:  absents[rng.Intn(len(absents))],
				At:      qNow.Add(-time.Duration(n-i)*step + time.Duration(rng.Intn(90))*time.Second),
			}
			if q.Window == quota.WeeklyScoped {
				q.Scope = fmt.Sprintf("model%d", rng.Intn(scopes))
			}
			if rng.Intn(3) == 0 {
				q.ResetsAt = q.At.Add(time.Duration(rng.Intn(300)-60) * time.Minute)
			}
			in = append(in, q)
		}
		for len(in) > 0 { // delivered in pieces, as the readers do
			k := 1 + rng.Intn(len(in))
			s.ApplyQuota(in[:k])
			in = in[k:]
		}
		for _, now := range []time.Time{qNow, qNow.Add(-time.Duration(rng.Intn(3600)) * time.Second), qNow.Add(3 * time.Hour)} {
			want := quota.Figures(s.QuotaSamples(), now)
			got := quota.Figures(s.figuresQuota(now), now)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("trial %d at %v: figures of the kept hour differ from those of every reading:\n got %+v\nwant %+v", trial, now, got, want)
			}
		}
	}
}
