package ui

import (
	"fmt"

	"github.com/coworktop/coworktop/governor"
)

// quotaMeter is the account's quota beside the sessions meter:
// `Quota[|||   5h 62% · 7d 31%  statusline, 40s ago]`, the bar at the
// fullest window, the text from governor.QuotaSummary.
func (m *Model) quotaMeter(w int) string {
	const label = "Quota"
	q := m.snap.Quota
	figs := q.Figures()
	if len(figs) == 0 {
		return m.meter(label, 0, m.theme.Muted, w, governor.QuotaNoSource+" · "+governor.QuotaHint, governor.QuotaNoSource, "none")
	}
	top, stale := 0.0, true
	for _, f := range figs {
		top = max(top, f.Percent)
		stale = stale && f.Stale
	}
	st := m.theme.OK
	switch {
	case stale:
		st = m.theme.Muted
	case top >= 95:
		st = m.theme.Critical
	case top >= 80:
		st = m.theme.Warn
	}
	first := governor.QuotaPercentText(figs[0].Percent)
	return m.meter(label, min(top, 100)/100, st, w,
		governor.QuotaSummary(q), governor.QuotaFiguresText(q), figs[0].Window.Short()+" "+first, first)
}

// quotaLine is the facts beside the Quota meter: the burn estimate of
// the 5-hour window (else the 7-day one), or what the figures cover, or
// where to get them.
func (m *Model) quotaLine(w int) string {
	t := m.theme
	q := m.snap.Quota
	text, ink := " account-wide: cloud sessions and other devices too", t.Muted
	switch {
	case q == nil && len(m.snap.QuotaErrors) > 0:
		text, ink = " quota files unreadable:", t.Warn
		for _, src := range governor.QuotaSources {
			if n := m.snap.QuotaErrors[src]; n > 0 {
				text += fmt.Sprintf(" %s ×%d", src, n)
			}
		}
		text += " (coworktop doctor says why)"
	case q == nil:
		text = " no quota source: run " + governor.QuotaHint
	default:
		for _, f := range q.Figures() {
			if b := governor.QuotaBurnText(f, m.snap.Now.Location()); b != "" {
				text, ink = " "+b, t.Fact
				if textWidth(text) > w {
					text = " " + governor.QuotaBurnShort(f, m.snap.Now.Location())
				}
				if f.Burn.BeforeReset || (f.ResetsAt.IsZero() && !f.Burn.FullAt.IsZero()) {
					ink = t.Warn
				}
				break
			}
		}
	}
	return padStyled(t.paint(ink, clip(text, max(1, w))), w)
}
