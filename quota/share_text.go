package quota

import (
	"fmt"
	"strconv"
	"strings"
)

// The share in words: one wording for the Sessions column, the details,
// snapshot, report and the metrics' help.

// ShareHead is the Sessions column's heading: the share of the 5-hour
// window's local usage.
const ShareHead = "QUOTA"

// ShareHelp is what the help says of the column.
const ShareHelp = "the session's share of the 5-hour window's local usage: its weighted tokens, subagents included, over all live local sessions' since the window began, from Claude Code's transcripts (" + ShareLabel + "; weights by API price, cache reads 0.1); ? when no transcript was found. The account's usage elsewhere (web, phone, other machines, cloud) is not in it: the details and snapshot say how much."

// UnknownShare is a live session's share when no transcript of it was
// found: unknown, never 0.
const UnknownShare = "?"

// ShareCell is the share as a cell shows it: "62%", "<1%", "?".
func ShareCell(s *SessionShare) string {
	switch {
	case s == nil || !s.Known:
		return UnknownShare
	case s.Percent > 0 && s.Percent < 0.5:
		return "<1%"
	}
	return PercentText(s.Percent)
}

// ShareBasisText says what the share is of, and that it is coworktop's
// estimate: "share of the weighted tokens of the live local sessions'
// transcripts since the 5-hour window began at 13:00 (coworktop's
// estimate)".
func ShareBasisText(v *ShareView) string {
	since := "in the last 5 hours (no current 5-hour reset known)"
	if v.WindowBasis == BasisResetsAt {
		since = "since the 5-hour window began at " + v.WindowStart.Format("15:04")
	}
	return "share of the weighted tokens in the live local sessions' transcripts " + since + " (" + ShareLabel + ")"
}

// ShareSummary is the window's local usage in one line: "local usage of
// the 5-hour window: 3 sessions, 41 replies (coworktop's estimate);
// elsewhere 12% …".
func ShareSummary(v *ShareView) string {
	if v == nil {
		return ""
	}
	s := fmt.Sprintf("local usage %s: %d %s with transcripts, %d %s", windowWords(v), v.Sessions, plural(v.Sessions, "session", "sessions"),
		v.Replies, plural(v.Replies, "reply", "replies"))
	if v.Unknown > 0 {
		s += fmt.Sprintf(", %d live without one (share unknown)", v.Unknown)
	}
	s += " (" + ShareLabel + ")"
	if v.Elsewhere != nil {
		s += "; " + v.Elsewhere.Text
	}
	return s
}

func windowWords(v *ShareView) string {
	if v.WindowBasis == BasisResetsAt {
		return "since the 5-hour window began at " + v.WindowStart.Format("15:04")
	}
	return "in the last 5 hours"
}

// ElsewhereText is the part local transcripts cannot explain: "elsewhere
// 12% of the 5h window: the meter rose while no live local session replied
// (web, phone, other machines, cloud; coworktop's estimate)".
func ElsewhereText(e *Elsewhere) string {
	if e == nil {
		return ""
	}
	return "elsewhere " + PercentText(e.Percent) + " of the 5h window: the meter rose while no live local session replied (web, phone, other machines, cloud, ended sessions; " + ShareLabel + ")"
}

// TokensText is a session's tokens by kind: "in 1.2k · cache write 30k ·
// cache read 1.1M · out 8.4k".
func TokensText(t Tokens) string {
	parts := []string{"in " + countText(t.Input)}
	if w := t.CacheWrite5m + t.CacheWrite1h; w > 0 {
		parts = append(parts, "cache write "+countText(w))
	}
	parts = append(parts, "cache read "+countText(t.CacheRead), "out "+countText(t.Output))
	return strings.Join(parts, " · ")
}

// ShareDetails are the details' lines of one session's share: the share
// with its basis, tokens by kind and by model, the last 15 minutes' burn,
// and the weights.
func ShareDetails(s *SessionShare, v *ShareView) []string {
	if s == nil {
		return nil
	}
	if !s.Known {
		return []string{"quota share unknown: no transcript of this session was found (" + ShareLabel + ")"}
	}
	lines := []string{
		fmt.Sprintf("quota share %s of local usage %s, %d %s (%s)", PercentText(s.Percent), windowWords(v), s.Replies, plural(s.Replies, "reply", "replies"), ShareLabel),
		"  tokens " + TokensText(s.Tokens),
	}
	var models []string
	for _, m := range s.ByModel {
		models = append(models, m.Model.String()+" "+countText(m.Tokens.Total()))
	}
	if len(models) > 0 {
		lines = append(lines, "  by model "+strings.Join(models, " · "))
	}
	lines = append(lines, fmt.Sprintf("  last 15 min %s weighted units, %s of local", countText(int64(s.Burn)), PercentText(s.BurnPercent)))
	if v != nil && v.Elsewhere != nil {
		lines = append(lines, "  "+v.Elsewhere.Text)
	}
	return append(lines, "  "+WeightsText)
}

// countText is a token count in short: "950", "12k", "1.1M".
func countText(n int64) string {
	switch {
	case n < 1000:
		return strconv.FormatInt(n, 10)
	case n < 100_000:
		return strconv.FormatFloat(float64(n)/1000, 'f', 1, 64) + "k"
	case n < 1_000_000:
		return strconv.FormatInt(n/1000, 10) + "k"
	}
	return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + "M"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
