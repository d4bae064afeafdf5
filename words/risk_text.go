package words

import (
	"slices"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// A risk as every output shows it: its sentence, its short form, its
// evidence, said from the facts governor keeps (governor.Risk), and the
// label every risk carries (RiskLabel), so no output can show a
// risk as something the app said. The TUI, report, snapshot and
// notifications all take them from here; each kind's words are in
// risk_kinds_text.go.

// RiskText is a risk as shown: its summary and its label.
func RiskText(r governor.Risk) string { return Labelled(RiskSummary(r)) }

// Labelled is one of coworktop's inferences with its label: a risk's
// summary, or why a session is at risk (AtRiskWhy).
func Labelled(s string) string { return s + " (" + RiskLabel + ")" }

// RiskLabel is how every risk is labelled.
const RiskLabel = "inferred by coworktop"

// StaleText says how old the log is, for a stale snapshot: "the log's
// newest line is 64d03h old"; empty when it is current.
func StaleText(s *governor.Snapshot) string {
	if !s.Stale {
		return ""
	}
	return "the log's newest line is " + vocab.FormatDuration(s.LogAge) + " old"
}

// RiskSummary says a risk in one line, for the TUI, notifications and
// report: its own sentence, then those of the risks of the same session
// merged into it, each after "also:".
func RiskSummary(r governor.Risk) string {
	s := r.Summary
	if s == "" {
		s = riskWords(r).summary
	}
	for _, m := range r.Merged {
		s += "; also: " + RiskSummary(m)
	}
	return s
}

// RiskShort is the risk in a screen cell or one line ("paused 13:59 · RC
// off", "evicted next (est.)"), said from the same facts as its summary,
// so the two agree. Short forms use no log words (sys_free, warm spawn,
// effective, reaped): they are what a newcomer reads first.
func RiskShort(r governor.Risk) string {
	if r.Short != "" || r.Summary != "" {
		return r.Short
	}
	return riskWords(r).short
}

// RiskEvidence lists what a risk is read from: log lines ("main.log:812"),
// process scans and samples, with their times; those of the risks merged
// into it follow its own.
func RiskEvidence(r governor.Risk) []string {
	ev := r.Evidence
	if r.Summary == "" {
		ev = riskWords(r).evidence
	}
	ev = slices.Clip(ev)
	for _, m := range r.Merged {
		ev = append(ev, RiskEvidence(m)...)
	}
	return ev
}

// AtRiskWhy gives every reason of a waiting session at risk, "" when it
// is not.
func AtRiskWhy(v governor.SessionView) string {
	if v.AtRiskBy == nil {
		return ""
	}
	return RiskSummary(*v.AtRiskBy)
}

// NextText is what comes next for a session, in a cell: its risk's short
// form, or its idle pause's countdown ("paused in 4m", to the minute from
// one minute up: the details give the seconds).
func NextText(n governor.Next) string {
	switch {
	case n.Risk != nil:
		return RiskShort(*n.Risk)
	case n.PauseIn > 0:
		return "paused in " + vocab.ShortDuration(n.PauseIn)
	}
	return ""
}
