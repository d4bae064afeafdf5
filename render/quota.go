package render

import (
	"fmt"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// QuotaText is the quota as `snapshot` and `report` print it: the summary,
// then each window's burn estimate, or the hint when no source has one.
func QuotaText(s governor.Snapshot) string {
	if s.Quota == nil {
		return governor.QuotaNoSource + " (try " + governor.QuotaHint + ")"
	}
	out := governor.QuotaSummary(s.Quota)
	for _, f := range s.Quota.Figures() {
		if b := governor.QuotaBurnText(f, time.Local); b != "" {
			out += "; " + b
		}
	}
	return out
}

// QuotaReading is one quota reading as the report lists it: its time in
// the report's format, the window, the percentage, the reset when known
// and the source.
type QuotaReading struct {
	Time     Stamp   `json:"time"`
	Window   string  `json:"window"`
	Percent  float64 `json:"percent"`
	ResetsAt Stamp   `json:"resets_at,omitempty"`
	Source   string  `json:"source"`
}

// QuotaReadings lists samples for the report; nil when there are none.
func QuotaReadings(samples []governor.QuotaSample) []QuotaReading {
	var out []QuotaReading
	for _, q := range samples {
		out = append(out, QuotaReading{Time: stamp(q.At), Window: q.Window.String(), Percent: q.Percent,
			ResetsAt: stamp(q.ResetsAt), Source: q.Source.String()})
	}
	return out
}

// QuotaReportLine sums the readings up per window and source: "5h 40% →
// 62% (max 62%, 12 readings from statusline) · 7d …", and what they cover.
func QuotaReportLine(rs []QuotaReading) string {
	type key struct{ window, source string }
	type agg struct {
		first, last, top float64
		n                int
	}
	var order []key
	sums := map[key]*agg{}
	for _, r := range rs {
		k := key{r.Window, r.Source}
		a := sums[k]
		if a == nil {
			a = &agg{first: r.Percent}
			sums[k] = a
			order = append(order, k)
		}
		a.last, a.top, a.n = r.Percent, max(a.top, r.Percent), a.n+1
	}
	var parts []string
	for _, w := range governor.QuotaWindows {
		for _, k := range order {
			if k.window != w.String() {
				continue
			}
			a := sums[k]
			parts = append(parts, fmt.Sprintf("%s %s → %s (max %s, %s from %s)", w.Short(), governor.QuotaPercentText(a.first),
				governor.QuotaPercentText(a.last), governor.QuotaPercentText(a.top), plural(a.n, "reading", "readings"), k.source))
		}
	}
	return strings.Join(parts, " · ") + "; " + governor.QuotaScope
}
