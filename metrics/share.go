package metrics

import (
	"strconv"

	"github.com/coworktop/coworktop/governor"
)

// Each live session's share of the 5-hour window's local usage, labelled
// by rank (1 for the largest), never by session: coworktop's estimate
// from Claude Code's transcripts, the same figure as the screen's QUOTA
// column and snapshot's sessions[].quota_share.
var (
	descShare = newDesc("session_quota_share_percent",
		"coworktop's estimate: a live session's share of the current 5-hour window's local usage (its weighted tokens, subagents included, over all live local sessions' since the window began, from Claude Code's transcripts; weights by API price, cache reads 0.1), labelled by rank, 1 the largest. Sessions without a transcript are not listed.", "rank")
	descShareSessions = newDesc("quota_share_sessions",
		"Live sessions whose transcripts were read for the quota share, by whether one was found (known, unknown).", "transcript")
	descShareElsewhere = newDesc("quota_elsewhere_percent",
		"coworktop's estimate: the part of the account's 5-hour percentage that no live local session explains (the meter rose while none replied): web, phone, other machines, cloud, sessions already gone. Absent when the account's percentage is not known.")
)

func shareDescriptors() []*desc {
	return []*desc{descShare, descShareSessions, descShareElsewhere}
}

// collectShare emits the shares of the snapshot, by rank.
func collectShare(gauge func(*desc, float64, ...string), s governor.Snapshot) {
	v := s.Share
	if v == nil {
		return
	}
	gauge(descShareSessions, float64(v.Sessions), "known")
	gauge(descShareSessions, float64(v.Unknown), "unknown")
	for _, sh := range v.Ranked() {
		gauge(descShare, sh.Percent, strconv.Itoa(sh.Rank))
	}
	if e := v.Elsewhere; e != nil {
		gauge(descShareElsewhere, e.Percent)
	}
}
