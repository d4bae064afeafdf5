package ui

import (
	"strconv"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

// What the session records add to the screen: the NEEDS YOU column, the
// title in place of the folder's name, background sessions as rows of
// their own, and the header's count. Every word comes from governor.

// needsYouWidth is the NEEDS YOU column's width at pane width w: room for
// "approve Bash · 12m05s" where there is room.
func needsYouWidth(w int) int { return min(24, max(14, w/5)) }

// needsNoStart: below this pane width the Sessions pane gives the START
// column's room to NEEDS YOU (the start stays in the details).
const needsNoStart = 100

// needsYouCell is the NEEDS YOU cell: "approve Bash · 12m05s" while the
// session waits for the person, its attention otherwise ("busy", "idle"),
// nothing when its record does not say (or it has none): a column of
// question marks said nothing (issue 36 #2).
func needsYouCell(s governor.SessionView, now time.Time, w int) string {
	switch {
	case s.NeedsYou():
		text := words.NeedsYouText(s, now)
		if short, ok := strings.CutPrefix(text, "approve "); ok && textWidth(text) > w {
			return short // "Bash · 12m": the tool and the wait before the verb
		}
		return text
	}
	// Busy or idle: the STATE column says it (issue 46: one thing said
	// once; "busy" beside "idle" read as a contradiction).
	return ""
}

func (m *Model) needsYouInk(s governor.SessionView) Ink {
	switch {
	case s.NeedsYou() && s.AtRisk != governor.RiskNone:
		return m.theme.Critical
	case s.NeedsYou():
		return m.theme.Warn
	}
	return m.theme.Muted
}

// backgroundNeeds is a background session's NEEDS YOU cell: what it
// waits for and how long, or its attention.
func (m *Model) backgroundNeeds(b governor.BackgroundView) (string, Ink) {
	if !b.NeedsYou() {
		return "", m.theme.Muted // its state says it ("bg: working"): said once (issue 46)
	}
	need := b.WaitingFor
	if need == "" {
		need = "waiting"
	}
	if !b.WaitingSince.IsZero() {
		need += " · " + vocab.ShortDuration(max(0, m.snap.Now.Sub(b.WaitingSince)))
	}
	return need, m.theme.Warn
}

// needsYouHeader is the title line's count of sessions that need the
// person: "needs you ?" when no record folder was found, or one could not
// be read and none is seen waiting; "needs you 1+" when one could not be
// read and some wait.
func needsYouHeader(s governor.Snapshot) (string, bool) {
	switch {
	case s.Records == nil:
		return "", false
	case !s.Records.NeedsYouKnown() && s.NeedsYou == 0:
		return "needs you ?", false
	case !s.Records.NeedsYouKnown():
		return "needs you " + strconv.Itoa(s.NeedsYou) + "+", true
	}
	return "needs you " + strconv.Itoa(s.NeedsYou), s.NeedsYou > 0
}

// recordFacts are the details' lines from the session's records: its
// title and where it comes from (the folder is on the project line), what
// it waits for since when, every reason it is at risk, and where the log
// and the record disagree.
func recordFacts(s governor.SessionView, now time.Time) []string {
	var facts []string
	if s.Title != "" {
		facts = append(facts, "title "+s.Title+" (from "+words.RecordSourceText(s.TitleSource)+")")
	}
	switch {
	case s.NeedsYou():
		f := "needs you: " + words.NeedsYouText(s, now)
		if !s.WaitingSince.IsZero() {
			f += " (since " + clockTime(s.WaitingSince) + ", " + words.RecordSourceText(s.WaitingSinceSource) + ")"
		}
		facts = append(facts, f)
	case s.Attention != record.AttentionNone && s.Attention != record.AttentionUnknown:
		facts = append(facts, "attention: "+s.Attention.String()+" (from "+words.RecordSourceText(s.AttentionSource)+")")
	case s.Attention == record.AttentionUnknown && s.Live():
		facts = append(facts, "attention: unknown (no record of this session, or its version does not report it)")
	}
	if words.AtRiskWhy(s) != "" {
		facts = append(facts, "at risk: "+words.Labelled(words.AtRiskWhy(s)))
	}
	if note := words.RecordNote(s); note != "" {
		facts = append(facts, "log and record disagree: "+note)
	}
	return facts
}
