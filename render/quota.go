package render

import (
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
