package words

import (
	"fmt"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// The words of the risks of a session that waits or works unseen: a
// waiting session at risk, a busy one silent past the threshold, a wait
// past its own; and the memory trend's.

func waitingAtRiskWords(r governor.Risk) said {
	v := r.View
	var why []string
	if r.IsNext {
		why = append(why, "it is the next to be evicted (estimate)")
	}
	if r.Sweep {
		why = append(why, "a pressure sweep would evict it")
	}
	if r.PauseIn > 0 {
		why = append(why, "its idle pause comes in "+vocab.FormatDuration(r.PauseIn))
	}
	short := "paused in " + vocab.ShortDuration(r.PauseIn)
	switch r.ShortOf {
	case governor.RiskEvictNext:
		short = shortEvictNext
	case governor.RiskPressureSweep:
		short = sweepShort(r)
	}
	ev := []string{"its record: " + v.Attention.String() + waitEvidence(v)}
	if v.TimerTimeout > 0 {
		ev = append(ev, "idle timer armed "+v.TimerArmedAt.Format(time.TimeOnly)+" for "+vocab.FormatDuration(v.TimerTimeout))
	}
	return said{short: short, evidence: ev,
		summary: fmt.Sprintf("%s has waited %s: %s", governor.SessionName(v), waitedFor(v, r.For), joinReasons(why))}
}

func waitEvidence(v governor.SessionView) string {
	s := ""
	if v.WaitingFor != "" {
		s += " for " + v.WaitingFor
	}
	if !v.WaitingSince.IsZero() {
		s += " since " + v.WaitingSince.Format(time.TimeOnly) + " (" + RecordSourceText(v.WaitingSinceSource) + ")"
	}
	return s
}

// joinReasons is "a", "a, and b", "a, b, and c".
func joinReasons(why []string) string {
	out := ""
	for i, w := range why {
		switch {
		case i == 0:
		case i == len(why)-1:
			out += ", and "
		default:
			out += ", "
		}
		out += w
	}
	return out
}

func stalledWords(r governor.Risk) said {
	v := r.View
	what := "its record last moved " + r.At.Format(time.TimeOnly)
	if r.Seen {
		what = "its record has said busy since coworktop read it at " + r.At.Format(time.TimeOnly) + " (it gives no time of its own)"
	}
	return said{short: "stalled " + vocab.ShortDuration(r.For),
		summary: fmt.Sprintf("%s is busy but silent for %s: neither its record nor the log moved (a stream may have stalled); %s",
			governor.SessionName(v), vocab.FormatDuration(r.For), idleToGovernor(r)),
		evidence: []string{"status busy in its Claude Code session record; " + what,
			"log: last activity " + v.LastActivity.Format(time.TimeOnly), "threshold " + vocab.FormatDuration(r.Threshold)}}
}

func waitingLongWords(r governor.Risk) said {
	v := r.View
	return said{short: shortLongWait,
		summary: fmt.Sprintf("%s has waited %s for you (%s): an unanswered prompt can end in an AbortError and lose the turn; %s",
			governor.SessionName(v), vocab.FormatDuration(r.For), orWaiting(v.WaitingFor), idleToGovernor(r)),
		evidence: []string{"waiting since " + v.WaitingSince.Format(time.TimeOnly) + " (" + RecordSourceText(v.WaitingSinceSource) + ")",
			"threshold " + vocab.FormatDuration(r.Threshold)}}
}

// idleToGovernor says what the governor makes of a session that does
// nothing it can see.
func idleToGovernor(r governor.Risk) string {
	switch {
	case r.IsNext:
		return "it is idle to the governor and the next to be evicted (estimate)"
	case r.MidTurn:
		return "mid-turn, it is not idle to the governor, which does not pick it"
	}
	return "it is idle to the governor, which may evict it"
}

// trendWords: "host free memory falls 1.0 points a minute (last 7.0 % at
// 09:03:00): it crosses 5 % (warning) in ~2m00s and …".
func trendWords(r governor.Risk) said {
	t := r.Trend
	series := "host free memory" // the header shows host memory: a trend of the app's figure says it is that one
	if t.App {
		series = "the app's sys_free"
	}
	var parts []string
	for _, l := range t.Lines {
		name := "5 % (warning)"
		if l.Critical {
			name = "2 % (critical)"
		}
		if l.Below {
			parts = append(parts, "already below "+name)
		} else {
			parts = append(parts, fmt.Sprintf("crosses %s in ~%s", name, vocab.FormatDuration(l.In)))
		}
	}
	summary := fmt.Sprintf("%s falls %.1f points a minute (last %.1f %% at %s): it %s", series, t.Fall, t.Last, t.LastAt.Format(time.TimeOnly), joinAnd(parts))
	if t.SweepMay {
		summary += "; a pressure sweep may start then"
	}
	return said{summary: summary, short: trendShort(parts),
		evidence: []string{fmt.Sprintf("%s: %d samples %s–%s, fitted by least squares", series, t.Points, t.From.Format(time.TimeOnly), t.LastAt.Format(time.TimeOnly))}}
}

// trendShort is the memory trend in one line: when free memory reaches
// the first of the governor's lines ("free memory falls: 5 % in ~8m13s").
func trendShort(parts []string) string {
	s := "free memory falls"
	if len(parts) > 0 {
		s += ": " + strings.NewReplacer("crosses ", "", " (warning)", "", " (critical)", "").Replace(parts[0])
	}
	return s + " (est.)"
}

// joinAnd is "a", "a and b", "a, b and c".
func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
