package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"
)

// TestQuotaHeaderWords: the Quota line at 80x24 and 120x40, in four time
// zones, for the documented and observed inputs (issue 37), in the words
// every other output uses (cmd's TestQuotaSameWordsEverywhere): every
// window's, in the meter or beside it (at 80 columns the last may be cut).
func TestQuotaHeaderWords(t *testing.T) {
	at := func(ago time.Duration) time.Time { return fixedNow.Add(-ago) }
	passed := fixedNow.Add(-20 * time.Minute)
	cases := []struct {
		name    string
		samples []quota.Sample
		words   func(loc *time.Location) []string
		never   []string
	}{{
		name: "ultra without five_hour, a per-model weekly limit",
		samples: []quota.Sample{
			{Window: quota.SevenDay, Percent: 41, ResetsAt: fixedNow.Add(50 * time.Hour), Source: quota.Statusline, At: at(30 * time.Second)},
			{Window: quota.FiveHour, Absent: quota.NotReported, Source: quota.Statusline, At: at(30 * time.Second)},
			{Window: quota.FiveHour, Absent: quota.NoLimit, Source: quota.Cache, At: at(2 * time.Hour)},
			{Window: quota.WeeklyScoped, Scope: "Fable", Percent: 92, ResetsAt: fixedNow.Add(30 * time.Hour), Source: quota.Cache, At: at(2 * time.Hour)},
		},
		words: func(*time.Location) []string { return []string{"Fable weekly 92%", "7d 41%", "no 5-hour limit"} },
		never: []string{"5h 0%"},
	}, {
		name: "a 5-hour window that reset after the reading",
		samples: []quota.Sample{
			{Window: quota.FiveHour, Percent: 88, ResetsAt: passed, Source: quota.Statusline, At: at(2 * time.Minute)},
			{Window: quota.SevenDay, Percent: 30, ResetsAt: fixedNow.Add(80 * time.Hour), Source: quota.Statusline, At: at(2 * time.Minute)},
		},
		words: func(loc *time.Location) []string {
			return []string{"7d 30%", "5h reset since " + passed.In(loc).Format("15:04") + " (88% before)"}
		},
		never: []string{"5h 88%"},
	}, {
		name: "a gateway's spend_limit",
		samples: []quota.Sample{
			{Window: quota.Spend, Percent: 35, Source: quota.Statusline, At: at(10 * time.Second)},
			{Window: quota.FiveHour, Absent: quota.NotReported, Source: quota.Statusline, At: at(10 * time.Second)},
			{Window: quota.SevenDay, Absent: quota.NotReported, Source: quota.Statusline, At: at(10 * time.Second)},
		},
		words: func(*time.Location) []string {
			return []string{"spend limit 35%", "5h not reported", "7d not reported"}
		},
	}, {
		name: "an API or Enterprise seat: no rate_limits",
		samples: []quota.Sample{
			{Window: quota.FiveHour, Absent: quota.NoPlanLimits, Source: quota.Statusline, At: at(10 * time.Second)},
			{Window: quota.SevenDay, Absent: quota.NoPlanLimits, Source: quota.Statusline, At: at(10 * time.Second)},
		},
		words: func(*time.Location) []string { return []string{"no plan limits"} },
		never: []string{"0%"},
	}, {
		name: "at the limit",
		samples: []quota.Sample{
			{Window: quota.FiveHour, Percent: 100, ResetsAt: fixedNow.Add(time.Hour), Source: quota.Statusline, At: at(10 * time.Second)},
		},
		words: func(*time.Location) []string {
			// The sentence is whole from 140 columns; at 120 it is cut after
			// "lower priority".
			return []string{"5h 100% limit reached", "5h limit reached: may go on at lower priority"}
		},
	}}
	for _, zone := range []string{"UTC", "America/Los_Angeles", "Europe/Berlin", "Asia/Tokyo"} {
		loc, err := time.LoadLocation(zone)
		if err != nil {
			t.Skipf("no zone data: %v", err)
		}
		for _, c := range cases {
			for _, size := range [][2]int{{80, 24}, {120, 40}} {
				m := New(Options{Mode: ModeLive, Clock: func() time.Time { return fixedNow.In(loc) }, Version: "test"})
				m.Update(sizeMsg(size[0], size[1]))
				m.Update(UpdatesMsg{governor.Update{Quota: c.samples}})
				line := quotaRow(m.View().Content)
				for i, w := range c.words(loc) {
					// At 80 columns a window after the lead may be cut
					// short, with "…", past its first half.
					if cut := w[:min(len(w), max(8, len(w)/2))]; size[0] == 80 && i > 0 && strings.Contains(line, cut) && strings.Contains(line, "…") {
						continue
					}
					if !strings.Contains(line, w) {
						t.Errorf("%s %dx%d %s: no %q in\n%s", zone, size[0], size[1], c.name, w, line)
					}
				}
				for _, w := range c.never {
					if strings.Contains(line, w) {
						t.Errorf("%s %dx%d %s: %q in\n%s", zone, size[0], size[1], c.name, w, line)
					}
				}
			}
		}
	}
}

// quotaRow is the header's Quota line.
func quotaRow(screen string) string {
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, "Quota[") {
			return l
		}
	}
	return ""
}
