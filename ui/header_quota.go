package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/coworktop/coworktop/quota"
)

// quotaMeter is the account's quota beside the sessions meter, the
// binding window first, with reset times when there is room:
// `Quota[|||   Fable weekly 92% (resets Tue 09:00) · 5h 62% …  statusline,
// 40s ago]`. The bar is the lead window's; the words are governor's
// (QuotaSummaryLong, QuotaSummary, QuotaFiguresText, QuotaFiguresBare,
// QuotaFigureText: the longest that fits), as every output writes them.
func (m *Model) quotaMeter(w int) string {
	const label = "Quota"
	q := m.snap.Quota
	lead := q.Lead()
	if lead == nil {
		texts := []string{quota.NoSource + " · " + quota.Hint, quota.NoSource, "none"}
		m.quotaShown = meterChoice(label, w, texts)
		return m.meter(label, 0, m.theme.Muted, w, texts...)
	}
	frac, st := 0.0, m.theme.Muted
	if lead.State.Counts() {
		frac = min(lead.Percent, 100) / 100
		switch {
		case lead.State == quota.StateStale:
		case lead.Percent >= 95:
			st = m.theme.Critical
		case lead.Percent >= 80:
			st = m.theme.Warn
		default:
			st = m.theme.OK
		}
	}
	texts := []string{quota.SummaryLong(q), quota.Summary(q),
		quota.FiguresText(q), quota.FiguresBare(q), quota.FigureAged(lead)}
	m.quotaShown = meterChoice(label, w, texts)
	return m.meter(label, frac, st, w, texts...)
}

// meterChoice is the text meter draws at width w: the first that leaves
// the bar meterBarMin cells, else the last.
func meterChoice(label string, w int, texts []string) string {
	inner := w - len(label) - 2
	for _, c := range texts {
		if textWidth(c)+1+meterBarMin <= inner {
			return c
		}
	}
	return texts[len(texts)-1]
}

// quotaLine is the facts beside the Quota meter: a window at its limit
// (what that means), else the pace estimate of the lead window with one,
// else the windows the meter had no room for, else what the figures
// cover, or where to get them.
func (m *Model) quotaLine(w int) string {
	t := m.theme
	q := m.snap.Quota
	text, ink := " account-wide: cloud sessions and other devices too", t.Muted
	switch {
	case q == nil && len(m.snap.QuotaErrors) > 0:
		text, ink = " quota files unreadable:", t.Warn
		for _, src := range quota.Sources {
			if n := m.snap.QuotaErrors[src]; n > 0 {
				text += fmt.Sprintf(" %s ×%d", src, n)
			}
		}
		text += " (coworktop doctor says why)"
	case q == nil && strings.Contains(m.quotaShown, quota.Hint):
		// The meter gave the fix already: what it does.
		text = fitFirst(w, []string{" it records the quota Claude Code passes to its status line", " it records the quota Claude Code gives it", " the status line records it"})
	case q == nil:
		// The meter says "no quota source": where room is short, the fix.
		text = fitFirst(w, []string{" no quota source: run " + quota.Hint, " to read it: " + quota.Hint, " " + quota.Hint})
	default:
		text, ink = m.quotaNote(q, w, text, ink)
	}
	return padStyled(t.paint(ink, clip(text, max(1, w))), w)
}

// quotaNote is the first of quota.Notes, in its short form when
// the long one does not fit.
func (m *Model) quotaNote(q *quota.View, w int, text string, ink Ink) (string, Ink) {
	t := m.theme
	for _, f := range q.Figures() {
		if f.State == quota.StateLimitReached {
			return " " + f.Name + " " + quota.LimitReachedText, t.Critical
		}
	}
	for _, f := range q.Figures() {
		b := quota.BurnText(f)
		if b == "" {
			continue
		}
		text, ink = " "+b, t.Fact
		if textWidth(text) > w {
			text = " " + quota.BurnShort(f)
		}
		if f.Burn.BeforeReset || (f.ResetsAt.IsZero() && !f.Burn.FullAt.IsZero()) {
			ink = t.Warn
		}
		return text, ink
	}
	// No estimate: the windows the meter had no room for, in words.
	var rest []string
	for _, f := range q.Figures() {
		if w := quota.FigureText(f); !strings.Contains(m.quotaShown, w) && !slices.Contains(rest, w) {
			rest = append(rest, w)
		}
	}
	if len(rest) > 0 {
		return " " + strings.Join(rest, " · "), t.Fact
	}
	return text, ink
}
