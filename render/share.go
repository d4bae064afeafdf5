package render

import (
	"strings"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"
)

// QuotaShare is the current 5-hour window's local usage and each live
// session's share of it, as report lists it: coworktop's estimate from
// Claude Code's transcripts (quota.Shares), read when the report runs.
type QuotaShare struct {
	*quota.ShareView
	Sessions []governor.ShareRow `json:"sessions"`
}

// ShareOf is the report's quota share from a state holding the records,
// the quota readings and the transcripts' reading; nil without a reading.
func ShareOf(state *governor.State, snap *governor.Snapshot) *QuotaShare {
	if snap.Share == nil {
		return nil
	}
	return &QuotaShare{ShareView: snap.Share, Sessions: state.ShareRows(snap)}
}

// ShareLine is the report's and snapshot's quota share row: the summary,
// then each session's share, the largest first.
func ShareLine(v *quota.ShareView, rows []governor.ShareRow) string {
	var parts []string
	for _, r := range rows {
		parts = append(parts, r.Name+" "+r.Share.Text)
	}
	s := v.Text
	if len(parts) > 0 {
		s = strings.Join(parts, " · ") + "; " + s
	}
	return s
}

// Redact names no session: its title is the person's words.
func (q *QuotaShare) Redact() {
	if q == nil {
		return
	}
	for i := range q.Sessions {
		q.Sessions[i].Name = RedactedTitle
	}
}
