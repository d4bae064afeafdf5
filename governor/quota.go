package governor

import (
	"slices"
	"time"
)

// The account's quota: the 5-hour window, the 7-day one, the per-model
// weekly limits (weekly_scoped) and a gateway's spend limit, as read from
// the three places that hold them without a credential (the status line's
// JSON, the desktop app's plan-usage-history.json, the
// cachedUsageUtilization key of ~/.claude.json). These figures are
// account-wide: they include cloud sessions and other devices, and no
// source gives one session's share. coworktop never derives a percentage
// from token counts. A window a source does not report is never shown as
// 0 %: it is "not reported", or "no 5-hour limit" where the source says
// the account has none (quota_pick.go, quota_text.go).

// QuotaWindow names a quota window.
type QuotaWindow int8

// Quota windows.
const (
	QuotaWindowNone QuotaWindow = iota // not said: ""
	QuotaFiveHour                      // "five_hour"
	QuotaSevenDay                      // "seven_day"
	// QuotaWeeklyScoped ("weekly_scoped") is a per-model weekly limit,
	// named by its sample's Scope ("Fable weekly").
	QuotaWeeklyScoped
	// QuotaSpend ("spend_limit") is a Claude apps gateway's spend limit.
	QuotaSpend
)

// quotaWindowNames are the windows' stable texts.
var quotaWindowNames = [...]string{QuotaFiveHour: "five_hour", QuotaSevenDay: "seven_day",
	QuotaWeeklyScoped: "weekly_scoped", QuotaSpend: "spend_limit"}

// QuotaWindows lists the windows in the order every output shows them
// when no figure binds before another.
var QuotaWindows = []QuotaWindow{QuotaFiveHour, QuotaSevenDay, QuotaWeeklyScoped, QuotaSpend}

// Short is the window as the screen names it: "5h", "7d", "weekly",
// "spend limit". A scoped window's figure is named with its scope
// (QuotaFigure.Name).
func (w QuotaWindow) Short() string {
	switch w {
	case QuotaFiveHour:
		return "5h"
	case QuotaSevenDay:
		return "7d"
	case QuotaWeeklyScoped:
		return "weekly"
	case QuotaSpend:
		return "spend limit"
	}
	return w.String()
}

// long is the window in words, for "no 5-hour limit".
func (w QuotaWindow) long() string {
	switch w {
	case QuotaFiveHour:
		return "5-hour"
	case QuotaSevenDay:
		return "7-day"
	case QuotaSpend:
		return "spend"
	}
	return "weekly"
}

// Length is how long the window is (a spend limit's is taken as a month).
func (w QuotaWindow) Length() time.Duration {
	switch w {
	case QuotaSevenDay, QuotaWeeklyScoped:
		return 7 * 24 * time.Hour
	case QuotaSpend:
		return 30 * 24 * time.Hour
	}
	return 5 * time.Hour
}

// QuotaSource names where a quota figure was read.
type QuotaSource int8

// Quota sources, in the order they are preferred.
const (
	QuotaSourceNone QuotaSource = iota // not said: ""
	// QuotaStatusline ("statusline"): the rate_limits Claude Code gave
	// `coworktop statusline`, kept in coworktop's own state file.
	QuotaStatusline
	// QuotaDesktop ("desktop"): the desktop app's plan-usage-history.json.
	QuotaDesktop
	// QuotaCache ("cache"): the cachedUsageUtilization key of ~/.claude.json.
	QuotaCache
)

// quotaSourceNames are the sources' stable texts.
var quotaSourceNames = [...]string{QuotaStatusline: "statusline", QuotaDesktop: "desktop", QuotaCache: "cache"}

// QuotaSources lists the sources in order of preference.
var QuotaSources = []QuotaSource{QuotaStatusline, QuotaDesktop, QuotaCache}

// interval is the source's normal interval between readings: a figure
// older than this is stale. The status line runs at every message of a
// Claude Code session; the desktop app samples about every 5 minutes
// (two periods allowed); Claude Code refreshes its cache now and then,
// and it is often days old.
func (s QuotaSource) interval() time.Duration {
	switch s {
	case QuotaStatusline:
		return 15 * time.Minute
	case QuotaDesktop:
		return 10 * time.Minute
	}
	return time.Hour
}

func (s QuotaSource) rank() int {
	if i := slices.Index(QuotaSources, s); i >= 0 {
		return i
	}
	return len(QuotaSources)
}

// QuotaAbsence says why a reading carries no percentage.
type QuotaAbsence int8

// Why a reading has no percentage.
const (
	// QuotaPresent: the reading has its percentage.
	QuotaPresent QuotaAbsence = iota
	// QuotaNoLimit: the source says the account has no such limit (the
	// account's own list of windows leaves it out: Ultra has no 5-hour
	// limit).
	QuotaNoLimit
	// QuotaNotReported: the source's reading holds other windows, not
	// this one, and does not say why.
	QuotaNotReported
	// QuotaNoPlanLimits: the session had API responses and Claude Code
	// passed no rate_limits at all: an API or Enterprise seat.
	QuotaNoPlanLimits
)

// QuotaSample is one reading of one window.
type QuotaSample struct {
	Window QuotaWindow
	// Scope names a per-model weekly limit ("Fable"); "" for the others.
	Scope   string
	Percent float64 // 0–100 as the source wrote it; unused when Absent
	// Absent says why the reading has no percentage (QuotaPresent: it has).
	Absent QuotaAbsence
	// ResetsAt is when the window resets; zero when the source does not say.
	ResetsAt time.Time
	Source   QuotaSource
	At       time.Time // when the source observed it
}

// quotaKey is what one figure is of: a window and, for a per-model
// limit, its scope.
type quotaKey struct {
	window QuotaWindow
	scope  string
}

func (s QuotaSample) key() quotaKey { return quotaKey{s.Window, s.Scope} }

// QuotaNoSource is what every output says when no source has a figure,
// and QuotaHint how to get one.
const (
	QuotaNoSource = "no quota source"
	QuotaHint     = "coworktop statusline --install"
	// QuotaScope says what the figures cover, for the help and the docs.
	QuotaScope = "account-wide figures: they include cloud sessions and other devices"
	// QuotaLimitReachedText is what a window at 100 % means since Claude Code
	// 2.1.325: not necessarily a stop.
	QuotaLimitReachedText = "limit reached: may go on at lower priority or finish the turn"
	// QuotaNoPlanLimitsText is what a seat without plan limits reads as.
	QuotaNoPlanLimitsText = "no plan limits"
)
