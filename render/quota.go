package render

import (
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"
)

// QuotaText is the quota as `snapshot` and `report` print it: governor's
// summary with reset times (the words of the header and the status line),
// then its notes (a window at its limit, each pace estimate), or the hint
// when no source has one.
func QuotaText(s governor.Snapshot) string { return quotaViewText(s.Quota) }

func quotaViewText(q *quota.View) string {
	if q == nil {
		return quota.NoSource + " (try " + quota.Hint + ")"
	}
	out := quota.SummaryLong(q)
	for _, n := range quota.Notes(q) {
		out += "; " + n
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
func QuotaReadings(samples []quota.Sample) []QuotaReading {
	var out []QuotaReading
	for _, q := range samples {
		out = append(out, QuotaReading{Time: stamp(q.At), Window: q.Window.String(), Percent: q.Percent,
			ResetsAt: stamp(q.ResetsAt), Source: q.Source.String()})
	}
	return out
}

// QuotaReportLine is the report's quota row: the figures as of the
// report's last line, by the rule every output uses (QuotaText), and how
// many readings the span holds; what they cover.
func QuotaReportLine(q *quota.View, rs []QuotaReading) string {
	return quotaViewText(q) + " (" + plural(len(rs), "reading", "readings") + " in the span; " + quota.Scope + ")"
}
