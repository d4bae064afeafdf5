package governor

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"
)

// The account's quota: the 5-hour and the 7-day window, as read from the
// three places that hold it without a credential (the status line's JSON,
// the desktop app's plan-usage-history.json, the cachedUsageUtilization
// key of ~/.claude.json). These figures are account-wide: they include
// cloud sessions and other devices, and no source gives one session's
// share. coworktop never derives a percentage from token counts.

// QuotaWindow names a quota window.
type QuotaWindow int8

// Quota windows.
const (
	QuotaWindowNone QuotaWindow = iota // not said: ""
	QuotaFiveHour                      // "five_hour"
	QuotaSevenDay                      // "seven_day"
)

// quotaWindowNames are the windows' stable texts.
var quotaWindowNames = [...]string{QuotaFiveHour: "five_hour", QuotaSevenDay: "seven_day"}

// QuotaWindows lists the windows in the order every output shows them.
var QuotaWindows = []QuotaWindow{QuotaFiveHour, QuotaSevenDay}

// Short is the window as the screen names it: "5h", "7d".
func (w QuotaWindow) Short() string {
	switch w {
	case QuotaFiveHour:
		return "5h"
	case QuotaSevenDay:
		return "7d"
	}
	return w.String()
}

// Length is how long the window is.
func (w QuotaWindow) Length() time.Duration {
	if w == QuotaSevenDay {
		return 7 * 24 * time.Hour
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

// QuotaSample is one reading of one window.
type QuotaSample struct {
	Window  QuotaWindow
	Percent float64 // 0–100 as the source wrote it (may pass 100)
	// ResetsAt is when the window resets; zero when the source does not say.
	ResetsAt time.Time
	Source   QuotaSource
	At       time.Time // when the source observed it
}

// QuotaFigure is one window's figure as every output shows it.
type QuotaFigure struct {
	Window     QuotaWindow   `json:"-"`
	Percent    float64       `json:"percent"`
	ResetsAt   time.Time     `json:"-"`
	Source     QuotaSource   `json:"source"`
	ObservedAt time.Time     `json:"-"`
	Age        time.Duration `json:"-"`
	AgeS       int64         `json:"age_s"`
	// Stale: older than its source's normal interval, or observed before
	// its window's reset time, which has passed (ResetPassed).
	Stale       bool `json:"stale"`
	ResetPassed bool `json:"reset_passed,omitempty"`
	// Burn is coworktop's estimate of where this window goes at its
	// recent pace; nil without enough samples.
	Burn *QuotaBurn `json:"burn,omitempty"`
}

// QuotaView is the account's quota as of a snapshot.
type QuotaView struct {
	FiveHour *QuotaFigure `json:"five_hour,omitempty"`
	SevenDay *QuotaFigure `json:"seven_day,omitempty"`
}

// Figure returns the window's figure, or nil.
func (q *QuotaView) Figure(w QuotaWindow) *QuotaFigure {
	if q == nil {
		return nil
	}
	switch w {
	case QuotaFiveHour:
		return q.FiveHour
	case QuotaSevenDay:
		return q.SevenDay
	}
	return nil
}

// Figures returns the known windows' figures in QuotaWindows order.
func (q *QuotaView) Figures() []*QuotaFigure {
	var out []*QuotaFigure
	for _, w := range QuotaWindows {
		if f := q.Figure(w); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// QuotaNoSource is what every output says when no source has a figure,
// and QuotaHint how to get one.
const (
	QuotaNoSource = "no quota source"
	QuotaHint     = "coworktop statusline --install"
	// QuotaScope says what the figures cover, for the help and the docs.
	QuotaScope = "account-wide figures: they include cloud sessions and other devices"
)

// QuotaFigures picks, for each window, the best reading among samples as
// of now: the newest reading of the first source, in QuotaSources order,
// whose newest reading is fresh; when every source is stale, the newest
// reading of all, shown as stale. Readings of the same source are ordered
// by their time, whatever order they came in (several orgs interleave in
// the desktop file: the newest wins). It returns nil when no window has a
// reading. The burn estimate is computed from the chosen source's samples.
func QuotaFigures(samples []QuotaSample, now time.Time) *QuotaView {
	var v QuotaView
	for _, w := range QuotaWindows {
		best, ok := bestQuota(samples, w, now)
		if !ok {
			continue
		}
		f := &QuotaFigure{Window: w, Percent: best.Percent, ResetsAt: best.ResetsAt, Source: best.Source, ObservedAt: best.At}
		f.Age = max(0, now.Sub(best.At))
		f.AgeS = int64(f.Age / time.Second)
		f.ResetPassed = resetPassed(best, now)
		f.Stale = !quotaFresh(best, now)
		f.Burn = quotaBurn(samples, best, now)
		switch w {
		case QuotaFiveHour:
			v.FiveHour = f
		case QuotaSevenDay:
			v.SevenDay = f
		}
	}
	if v.FiveHour == nil && v.SevenDay == nil {
		return nil
	}
	return &v
}

// quotaFresh: the reading is within its source's normal interval, and its
// window has not reset since it was read.
func quotaFresh(s QuotaSample, now time.Time) bool {
	return now.Sub(s.At) <= s.Source.interval() && !resetPassed(s, now)
}

// resetPassed: the reading's window reset after it was read.
func resetPassed(s QuotaSample, now time.Time) bool {
	return !s.ResetsAt.IsZero() && s.At.Before(s.ResetsAt) && !now.Before(s.ResetsAt)
}

// bestQuota is QuotaFigures' choice for one window.
func bestQuota(samples []QuotaSample, w QuotaWindow, now time.Time) (QuotaSample, bool) {
	newest := map[QuotaSource]QuotaSample{}
	for _, s := range samples {
		if s.Window != w || s.At.IsZero() || math.IsNaN(s.Percent) {
			continue
		}
		if n, ok := newest[s.Source]; !ok || s.At.After(n.At) {
			newest[s.Source] = s
		}
	}
	var all []QuotaSample
	for _, s := range newest {
		all = append(all, s)
	}
	if len(all) == 0 {
		return QuotaSample{}, false
	}
	slices.SortFunc(all, func(a, b QuotaSample) int { return a.Source.rank() - b.Source.rank() })
	for _, s := range all {
		if quotaFresh(s, now) {
			return s, true
		}
	}
	return slices.MaxFunc(all, func(a, b QuotaSample) int { return a.At.Compare(b.At) }), true
}

// QuotaBurn is coworktop's estimate of a window's pace, from the
// readings of its source since the window last reset.
type QuotaBurn struct {
	PerHour float64 `json:"percent_per_hour"`
	// FullAt is when the window reaches 100 % at this pace; zero when it is
	// not rising, or not before its reset.
	FullAt time.Time `json:"-"`
	// BeforeReset: FullAt comes before the window's reset (false when the
	// reset time is unknown).
	BeforeReset bool   `json:"before_reset"`
	Samples     int    `json:"samples"`
	Basis       Source `json:"basis"` // always estimated
}

// Burn estimate rules: at least quotaBurnMin readings spanning at least
// quotaBurnSpan, taken from the last quotaBurnLook of the window's time.
const (
	quotaBurnMin  = 3
	quotaBurnSpan = 10 * time.Minute
	quotaBurnLook = time.Hour
)

// quotaBurn estimates the pace of best's window from its source's readings:
// a least-squares line through the readings of the last hour after the
// window's last reset (a drop in percent). Nil when there are too few
// readings, or the newest is stale.
func quotaBurn(samples []QuotaSample, best QuotaSample, now time.Time) *QuotaBurn {
	if !quotaFresh(best, now) {
		return nil
	}
	var pts []QuotaSample
	for _, s := range samples {
		if s.Window == best.Window && s.Source == best.Source && !s.At.After(best.At) && best.At.Sub(s.At) <= quotaBurnLook {
			pts = append(pts, s)
		}
	}
	slices.SortStableFunc(pts, func(a, b QuotaSample) int { return a.At.Compare(b.At) })
	pts = slices.CompactFunc(pts, func(a, b QuotaSample) bool { return a.At.Equal(b.At) })
	for i := len(pts) - 1; i > 0; i-- {
		if pts[i].Percent < pts[i-1].Percent {
			pts = pts[i:] // the window reset between these two
			break
		}
	}
	if len(pts) < quotaBurnMin || pts[len(pts)-1].At.Sub(pts[0].At) < quotaBurnSpan {
		return nil
	}
	slope := percentPerHour(pts)
	b := &QuotaBurn{PerHour: slope, Samples: len(pts), Basis: SourceEstimated}
	if slope > 0 && best.Percent < 100 {
		hours := (100 - best.Percent) / slope
		if hours < best.Window.Length().Hours() {
			b.FullAt = best.At.Add(time.Duration(hours * float64(time.Hour))).Truncate(time.Second)
			b.BeforeReset = !best.ResetsAt.IsZero() && b.FullAt.Before(best.ResetsAt)
			if !best.ResetsAt.IsZero() && !b.BeforeReset {
				b.FullAt = time.Time{}
			}
		}
	}
	return b
}

// percentPerHour is the least-squares slope of the readings.
func percentPerHour(pts []QuotaSample) float64 {
	t0 := pts[0].At
	var sx, sy, sxx, sxy float64
	for _, p := range pts {
		x := p.At.Sub(t0).Hours()
		sx += x
		sy += p.Percent
		sxx += x * x
		sxy += x * p.Percent
	}
	n := float64(len(pts))
	d := n*sxx - sx*sx
	if d == 0 {
		return 0
	}
	return (n*sxy - sx*sy) / d
}

// QuotaPercentText writes a percentage as every output shows it: whole
// numbers, "62%".
func QuotaPercentText(p float64) string {
	return strconv.FormatFloat(math.Round(p), 'f', 0, 64) + "%"
}

// QuotaAgeText is a figure's age in words: "40s ago", "12m ago", "3h ago",
// "2d ago".
func QuotaAgeText(age time.Duration) string {
	switch {
	case age < time.Minute:
		return fmt.Sprintf("%ds ago", int(age/time.Second))
	case age < time.Hour:
		return fmt.Sprintf("%dm ago", int(age/time.Minute))
	case age < 48*time.Hour:
		return fmt.Sprintf("%dh ago", int(age/time.Hour))
	}
	return fmt.Sprintf("%dd ago", int(age/(24*time.Hour)))
}

// QuotaSummary is the quota in one line, as the header meter, the status
// line and the text snapshot show it: "5h 62% · 7d 31%  statusline, 40s
// ago". A window read from another source, or stale, says so after its
// figure. It returns QuotaNoSource when q is nil.
func QuotaSummary(q *QuotaView) string {
	figs := q.Figures()
	if len(figs) == 0 {
		return QuotaNoSource
	}
	return QuotaFiguresText(q) + "  " + quotaLabel(figs[0])
}

// QuotaFiguresText is QuotaSummary without the first window's source and
// age: "5h 62% · 7d 31%". Empty when q is nil.
func QuotaFiguresText(q *QuotaView) string {
	figs := q.Figures()
	out := ""
	for i, f := range figs {
		if i > 0 {
			out += " · "
		}
		out += f.Window.Short() + " " + QuotaPercentText(f.Percent)
		if i > 0 && (f.Source != figs[0].Source || f.Stale != figs[0].Stale || f.ResetPassed != figs[0].ResetPassed) {
			out += " (" + quotaLabel(f) + ")"
		}
	}
	return out
}

// quotaLabel is "statusline, 40s ago", with ", stale" when it is, or
// ", reset since" when its window has reset after it was read.
func quotaLabel(f *QuotaFigure) string {
	s := f.Source.String() + ", " + QuotaAgeText(f.Age)
	switch {
	case f.ResetPassed:
		s += ", reset since"
	case f.Stale:
		s += ", stale"
	}
	return s
}

// QuotaBurnShort is QuotaBurnText for a narrow column: "5h full at 13:40,
// before its 14:00 reset (est.)". Empty when f has no estimate.
func QuotaBurnShort(f *QuotaFigure, loc *time.Location) string {
	if f == nil || f.Burn == nil {
		return ""
	}
	b, w := f.Burn, f.Window.Short()
	const label = " (est.)"
	switch {
	case b.PerHour <= 0:
		return w + " not rising" + label
	case b.BeforeReset:
		return fmt.Sprintf("%s full at %s, before its %s reset", w, quotaClock(f, b.FullAt, loc), quotaClock(f, f.ResetsAt, loc)) + label
	case !b.FullAt.IsZero():
		return fmt.Sprintf("%s full at %s", w, quotaClock(f, b.FullAt, loc)) + label
	case !f.ResetsAt.IsZero():
		return fmt.Sprintf("%s under 100 %% until its %s reset", w, quotaClock(f, f.ResetsAt, loc)) + label
	}
	return fmt.Sprintf("%s +%.1f %%/h", w, b.PerHour) + label
}

// quotaClock writes a time of f's window: the clock for the 5-hour one,
// the weekday too for the 7-day one.
func quotaClock(f *QuotaFigure, t time.Time, loc *time.Location) string {
	if f.Window == QuotaSevenDay {
		return t.In(loc).Format("Mon 15:04")
	}
	return t.In(loc).Format("15:04")
}

// QuotaBurnText is the burn estimate in words, times in loc, labelled as
// coworktop's estimate: "at this pace 5h reaches 100 % at 13:40, before its
// 14:00 reset (coworktop's estimate)". Empty when f has no estimate.
func QuotaBurnText(f *QuotaFigure, loc *time.Location) string {
	if f == nil || f.Burn == nil {
		return ""
	}
	b := f.Burn
	const label = " (coworktop's estimate)"
	clock := func(t time.Time) string { return quotaClock(f, t, loc) }
	rate := fmt.Sprintf("+%.1f %%/h", b.PerHour)
	switch {
	case b.PerHour <= 0:
		return fmt.Sprintf("at this pace %s is not rising", f.Window.Short()) + label
	case b.BeforeReset:
		return fmt.Sprintf("at this pace %s reaches 100 %% at %s, before its %s reset", f.Window.Short(), clock(b.FullAt), clock(f.ResetsAt)) + label
	case !b.FullAt.IsZero():
		return fmt.Sprintf("at this pace %s reaches 100 %% at %s", f.Window.Short(), clock(b.FullAt)) + label
	case !f.ResetsAt.IsZero():
		return fmt.Sprintf("at this pace (%s) %s stays under 100 %% until its %s reset", rate, f.Window.Short(), clock(f.ResetsAt)) + label
	}
	return "at this pace " + f.Window.Short() + " rises " + rate + label
}
