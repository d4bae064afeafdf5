package quota

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The quota in words: one wording per figure, shared by the header, the
// status line, snapshot, report, notifications and the metrics' state.

// PercentText writes a percentage as every output shows it: whole
// numbers, "62%".
func PercentText(p float64) string {
	r := math.Round(p)
	if r == 0 {
		r = 0 // not -0: a reading of -0 (or -0.3 rounded) read "5h -0%"
	}
	return strconv.FormatFloat(r, 'f', 0, 64) + "%"
}

// AgeText is a figure's age in words: "40s ago", "12m ago", "3h ago",
// "2d ago".
func AgeText(age time.Duration) string {
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

// FigureText is one figure in words: "5h 62%", "Fable weekly 92%",
// "5h 100% limit reached", "5h reset since 14:00 (88% before)", "no
// 5-hour limit", "5h not reported", "no plan limits".
func FigureText(f *Figure) string {
	if f == nil {
		return ""
	}
	switch f.State {
	case StateNoLimit:
		return "no " + quotaLongName(f) + " limit"
	case StateNotReported:
		return f.Name + " not reported"
	case StateNoPlanLimits:
		return NoPlanLimitsText
	case StateResetPassed:
		return fmt.Sprintf("%s reset since %s (%s before)", f.Name, quotaClock(f, f.ResetsAt), PercentText(f.Percent))
	case StateLimitReached:
		return f.Name + " " + PercentText(f.Percent) + " limit reached"
	}
	return f.Name + " " + PercentText(f.Percent)
}

// FigureAged is FigureText with the figure's age when it is stale (older
// than its source's usual refresh): "Opus weekly 81% (1d ago)". The
// narrow forms write it, so a stale figure says so at any width.
func FigureAged(f *Figure) string {
	s := FigureText(f)
	if f != nil && f.State == StateStale {
		s += " (" + AgeText(f.Age) + ")"
	}
	return s
}

// FigureLong is FigureText with the reset time where the source
// gives one: "5h 62% (resets 14:00)", "7d 31% (resets Mon 09:00)".
func FigureLong(f *Figure) string {
	s := FigureText(f)
	if r := ResetText(f); r != "" {
		s += " (" + r + ")"
	}
	return s
}

// ResetText is when a counted window resets, "resets 14:00" (the
// weekday too past a day), or "" when the source does not say.
func ResetText(f *Figure) string {
	if f == nil || !f.State.Counts() || f.ResetsAt.IsZero() {
		return ""
	}
	return "resets " + quotaClock(f, f.ResetsAt)
}

func quotaLongName(f *Figure) string {
	if f.Window == WeeklyScoped {
		return f.Name
	}
	return f.Window.long()
}

// quotaClock writes a time of f's window: the clock alone for the 5-hour
// window's times within a day of now, the weekday too otherwise; in the
// zone of the clock the figure was computed with.
func quotaClock(f *Figure, t time.Time) string {
	loc := f.loc
	if loc == nil {
		loc = time.Local
	}
	now := f.ObservedAt.Add(f.Age)
	if f.Window == FiveHour && t.Sub(now).Abs() < 20*time.Hour {
		return t.In(loc).Format("15:04")
	}
	return t.In(loc).Format("Mon 15:04")
}

// Summary is the quota in one line, as the header meter, the status
// line, snapshot and report show it, the binding window first: "Fable
// weekly 92% · 5h 62% · 7d 31% (desktop, 3m ago)  statusline, 40s ago".
// A window read from another source, or stale, says so after its figure.
// It returns NoSource when q is nil.
func Summary(q *View) string {
	lead := q.Lead()
	if lead == nil {
		return NoSource
	}
	return FiguresText(q) + "  " + quotaLabel(lead)
}

// SummaryLong is Summary with each window's reset time: "5h
// 62% (resets 14:00) · 7d 31% (resets Mon 09:00; desktop, 3m ago)
// statusline, 40s ago".
func SummaryLong(q *View) string {
	lead := q.Lead()
	if lead == nil {
		return NoSource
	}
	return quotaJoin(q, true) + "  " + quotaLabel(lead)
}

// FiguresText is Summary without the lead window's source and
// age: "5h 62% · 7d 31% (desktop, 3m ago)". Empty when q is nil.
func FiguresText(q *View) string { return quotaJoin(q, false) }

// FiguresBare is the figures' words alone, for a narrow column, a stale
// one with its age: "Fable weekly 92% · 7d 41% (2h ago) · no 5-hour
// limit".
func FiguresBare(q *View) string {
	if q != nil && q.NoPlanLimits {
		return NoPlanLimitsText
	}
	var parts []string
	for _, f := range q.Figures() {
		if t := FigureAged(f); !slices.Contains(parts, t) {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, " · ")
}

// quotaJoin writes the figures, binding first, each with what sets it
// apart in parentheses: its reset time (withReset), and its source and
// age where they are not the lead's.
func quotaJoin(q *View, withReset bool) string {
	figs := q.Figures()
	if q != nil && q.NoPlanLimits {
		return NoPlanLimitsText
	}
	parts := make([]string, 0, len(figs))
	noPlan := false
	for i, f := range figs {
		if f.State == StateNoPlanLimits {
			if noPlan {
				continue // said once
			}
			noPlan = true
		}
		var extra []string
		if r := ResetText(f); withReset && r != "" {
			extra = append(extra, r)
		}
		if i > 0 && quotaLabelKey(f) != quotaLabelKey(figs[0]) {
			extra = append(extra, quotaLabel(f))
		}
		s := FigureText(f)
		if len(extra) > 0 {
			s += " (" + strings.Join(extra, "; ") + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " · ")
}

func quotaLabelKey(f *Figure) string {
	return f.Source.String() + strconv.FormatBool(f.State == StateStale)
}

// quotaLabel is "statusline, 40s ago", with ", stale" when the figure is
// stale (a window that has reset, or has no figure, says so in its words).
func quotaLabel(f *Figure) string {
	s := f.Source.String() + ", " + AgeText(f.Age)
	if f.State == StateStale {
		s += ", stale"
	}
	return s
}

// Notes are the sentences that go with the figures, the binding
// window's first: a window at its limit ("5h limit reached: may go on at
// lower priority or finish the turn"), then each pace estimate
// (BurnText).
func Notes(q *View) []string {
	var out []string
	for _, f := range q.Figures() {
		if f.State == StateLimitReached {
			out = append(out, f.Name+" "+LimitReachedText)
		}
	}
	for _, f := range q.Figures() {
		if b := BurnText(f); b != "" {
			out = append(out, b)
		}
	}
	return out
}

// BurnShort is BurnText for a narrow column: "5h full at 13:40,
// before its 14:00 reset (est.)". Empty when f has no estimate.
func BurnShort(f *Figure) string {
	if f == nil || f.Burn == nil {
		return ""
	}
	b, w := f.Burn, f.Name
	const label = " (est.)"
	switch {
	case b.PerHour <= 0:
		return w + " not rising" + label
	case b.BeforeReset:
		return fmt.Sprintf("%s full at %s, before its %s reset", w, quotaClock(f, b.FullAt), quotaClock(f, f.ResetsAt)) + label
	case !b.FullAt.IsZero():
		return fmt.Sprintf("%s full at %s", w, quotaClock(f, b.FullAt)) + label
	case !f.ResetsAt.IsZero():
		return fmt.Sprintf("%s under 100 %% until its %s reset", w, quotaClock(f, f.ResetsAt)) + label
	}
	return fmt.Sprintf("%s +%.1f %%/h", w, b.PerHour) + label
}

// BurnText is the burn estimate in words, labelled as coworktop's
// estimate, naming the source of the pace when it is not the figure's:
// "at this pace 5h reaches 100 % at 13:40, before its 14:00 reset
// (coworktop's estimate)". Empty when f has no estimate.
func BurnText(f *Figure) string {
	if f == nil || f.Burn == nil {
		return ""
	}
	b, w := f.Burn, f.Name
	label := " (coworktop's estimate)"
	if b.From != f.Source && b.From != SourceNone {
		label = " (coworktop's estimate, from " + b.From.String() + " readings)"
	}
	clock := func(t time.Time) string { return quotaClock(f, t) }
	rate := fmt.Sprintf("+%.1f %%/h", b.PerHour)
	switch {
	case b.PerHour <= 0:
		return fmt.Sprintf("at this pace %s is not rising", w) + label
	case b.BeforeReset:
		return fmt.Sprintf("at this pace %s reaches 100 %% at %s, before its %s reset", w, clock(b.FullAt), clock(f.ResetsAt)) + label
	case !b.FullAt.IsZero():
		return fmt.Sprintf("at this pace %s reaches 100 %% at %s", w, clock(b.FullAt)) + label
	case !f.ResetsAt.IsZero():
		return fmt.Sprintf("at this pace (%s) %s stays under 100 %% until its %s reset", rate, w, clock(f.ResetsAt)) + label
	}
	return "at this pace " + w + " rises " + rate + label
}
