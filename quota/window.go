package quota

import (
	"slices"
	"time"
)

// Window names a quota window.
type Window int8

// Quota windows.
const (
	WindowNone Window = iota // not said: ""
	FiveHour                 // "five_hour"
	SevenDay                 // "seven_day"
	// WeeklyScoped ("weekly_scoped") is a per-model weekly limit,
	// named by its sample's Scope ("Fable weekly").
	WeeklyScoped
	// Spend ("spend_limit") is a Claude apps gateway's spend limit.
	Spend
)

// quotaWindowNames are the windows' stable texts.
var quotaWindowNames = [...]string{FiveHour: "five_hour", SevenDay: "seven_day",
	WeeklyScoped: "weekly_scoped", Spend: "spend_limit"}

// Windows lists the windows in the order every output shows them
// when no figure binds before another.
var Windows = []Window{FiveHour, SevenDay, WeeklyScoped, Spend}

// Short is the window as the screen names it: "5h", "7d", "weekly",
// "spend limit". A scoped window's figure is named with its scope
// (Figure.Name).
func (w Window) Short() string {
	switch w {
	case FiveHour:
		return "5h"
	case SevenDay:
		return "7d"
	case WeeklyScoped:
		return "weekly"
	case Spend:
		return "spend limit"
	}
	return w.String()
}

// long is the window in words, for "no 5-hour limit".
func (w Window) long() string {
	switch w {
	case FiveHour:
		return "5-hour"
	case SevenDay:
		return "7-day"
	case Spend:
		return "spend"
	}
	return "weekly"
}

// Length is how long the window is (a spend limit's is taken as a month).
func (w Window) Length() time.Duration {
	switch w {
	case SevenDay, WeeklyScoped:
		return 7 * 24 * time.Hour
	case Spend:
		return 30 * 24 * time.Hour
	}
	return 5 * time.Hour
}

// Source names where a quota figure was read.
type Source int8

// Quota sources, in the order they are preferred.
const (
	SourceNone Source = iota // not said: ""
	// Statusline ("statusline"): the rate_limits Claude Code gave
	// `coworktop statusline`, kept in coworktop's own state file.
	Statusline
	// Mod ("mod"): the rate limits each reply brought a Claude Code
	// session, written by coworktop's mod inside Claude Code
	// (`coworktop mod install`); the last session to get a reply wins.
	Mod
	// Desktop ("desktop"): the desktop app's plan-usage-history.json.
	Desktop
	// Cache ("cache"): the cachedUsageUtilization key of ~/.claude.json.
	Cache
)

// quotaSourceNames are the sources' stable texts.
var quotaSourceNames = [...]string{Statusline: "statusline", Mod: "mod", Desktop: "desktop", Cache: "cache"}

// Sources lists the sources in order of preference.
var Sources = []Source{Statusline, Mod, Desktop, Cache}

// interval is the source's normal interval between readings: a figure
// older than this is stale. The status line runs at every message of a
// Claude Code session; the desktop app samples about every 5 minutes
// (two periods allowed); Claude Code refreshes its cache now and then,
// and it is often days old.
func (s Source) interval() time.Duration {
	switch s {
	case Statusline, Mod:
		return 15 * time.Minute
	case Desktop:
		return 10 * time.Minute
	}
	return time.Hour
}

// Rank is the source's place in Sources, len(Sources) for none.
func (s Source) Rank() int {
	if i := slices.Index(Sources, s); i >= 0 {
		return i
	}
	return len(Sources)
}

// Absence says why a reading carries no percentage.
type Absence int8

// Why a reading has no percentage.
const (
	// Present: the reading has its percentage.
	Present Absence = iota
	// NoLimit: the source says the account has no such limit (the
	// account's own list of windows leaves it out: Ultra has no 5-hour
	// limit).
	NoLimit
	// NotReported: the source's reading holds other windows, not
	// this one, and does not say why.
	NotReported
	// NoPlanLimits: the session had API responses and Claude Code
	// passed no rate_limits at all: an API or Enterprise seat.
	NoPlanLimits
)

// Sample is one reading of one window.
type Sample struct {
	Window Window
	// Scope names a per-model weekly limit ("Fable"); "" for the others.
	Scope   string
	Percent float64 // 0–100 as the source wrote it; unused when Absent
	// Absent says why the reading has no percentage (Present: it has).
	Absent Absence
	// ResetsAt is when the window resets; zero when the source does not say.
	ResetsAt time.Time
	Source   Source
	At       time.Time // when the source observed it
}

// Key is what one figure is of: a window and, for a per-model
// limit, its scope.
type Key struct {
	window Window
	scope  string
}

// Key is the window and scope the reading is of.
func (s Sample) Key() Key { return Key{s.Window, s.Scope} }

// NoSource is what every output says when no source has a figure,
// and Hint how to get one.
const (
	NoSource = "no quota source"
	Hint     = "coworktop statusline --install"
	// Scope says what the figures cover, for the help and the docs.
	Scope = "account-wide figures: they include cloud sessions and other devices"
	// LimitReachedText is what a window at 100 % means since Claude Code
	// 2.1.325: not necessarily a stop.
	LimitReachedText = "limit reached: may go on at lower priority or finish the turn"
	// NoPlanLimitsText is what a seat without plan limits reads as.
	NoPlanLimitsText = "no plan limits"
)
