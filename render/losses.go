package render

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/vocab"
	"github.com/coworktop/coworktop/words"
)

// writeLosses prints the timeline of lost sessions: every cause, every
// log, in time order, each with the line that shows it.
func writeLosses(b *strings.Builder, r Report) error {
	total := 0
	for _, n := range r.LossCounts {
		total += n
	}
	if r.CameBack > 0 {
		fmt.Fprintf(b, "\nlost sessions (%d not back; %d more came back since)\n", r.Lost, r.CameBack)
	} else {
		fmt.Fprintf(b, "\nlost sessions (%d)\n", total)
	}
	if total == 0 {
		b.WriteString("  none\n")
		return nil
	}
	var by []string
	for _, c := range governor.LossCauses {
		if n := r.LossCounts[c.String()]; n > 0 {
			by = append(by, fmt.Sprintf("%d %s", n, c))
		}
	}
	fmt.Fprintf(b, "  by cause: %s\n", strings.Join(by, ", "))
	shown := r.Losses
	if len(shown) > maxTimeline {
		fmt.Fprintf(b, "  … %d earlier entries not shown (see --json)\n", len(r.Losses)+r.LossesNotListed-maxTimeline)
		shown = shown[len(shown)-maxTimeline:]
	}
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	for _, l := range shown {
		who := words.NamedID(l.Name, l.Session)
		if l.Session == "" {
			who = fmt.Sprintf("%d unnamed", l.Count)
		}
		evidence := l.Evidence
		if l.CauseEvidence != "" {
			evidence += " (cause: " + l.CauseEvidence + ")"
		}
		back := "not back"
		if l.Back != "" {
			back = "back " + backTime(l.Time, l.Back)
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\n", l.Time, who, words.LossCauseText(governor.LossCauseOf(l.Cause)), back, l.Detail, evidence)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	writeWaitingLosses(b, r.Losses)
	writeRecovery(b, shown)
	return nil
}

// writeRecovery says how to get each named lost session back: its name,
// its Claude Code id where a record gives it, and the command that opens
// it in the app. One line for all when no record gives any id.
func writeRecovery(b *strings.Builder, losses []Lost) {
	seen := map[string]bool{}
	var named []Lost
	known := 0
	for i := len(losses) - 1; i >= 0; i-- { // newest first, each session once
		l := losses[i]
		if l.Session == "" || seen[l.Session] {
			continue
		}
		seen[l.Session] = true
		named = append(named, l)
		if l.Resume != "" {
			known++
		}
	}
	if len(named) == 0 {
		return
	}
	if known == 0 {
		b.WriteString("\nto get them back: open them from the app's sidebar (no session record read gives the Claude Code ids `claude --desktop --resume` needs)\n")
		return
	}
	fmt.Fprintf(b, "\nto get them back (%d with a Claude Code id; `claude --desktop` needs Claude Code %s or later)\n", known, governor.DesktopFlagSince)
	for _, l := range named {
		who := vocab.ShortID(l.Session)
		if l.Title != "" {
			who += " " + l.Title
		}
		if l.Resume == "" {
			fmt.Fprintf(b, "  %s: Claude Code id not known; open it from the app's sidebar\n", who)
			continue
		}
		fmt.Fprintf(b, "  %s: %s  (id from %s)\n", who, l.Resume, words.RecordSourceText(record.SourceOf(l.ClaudeCodeIDSource)))
	}
}

// writeWaitingLosses lists the lost sessions that waited for the person
// when they died, by the records their processes left behind; nothing
// when none did (a saved log alone cannot say it).
func writeWaitingLosses(b *strings.Builder, losses []Lost) {
	var waiting []Lost
	for _, l := range losses {
		if l.WaitingFor != "" {
			waiting = append(waiting, l)
		}
	}
	if len(waiting) == 0 {
		return
	}
	fmt.Fprintf(b, "\nlost while waiting for you (%d, from the session records their processes left behind)\n", len(waiting))
	for _, l := range waiting {
		who := vocab.ShortID(l.Session)
		if l.Title != "" {
			who += " " + l.Title
		}
		fmt.Fprintf(b, "  %s  %s  %s, waiting for you: %s\n", l.Time, who, words.LossCauseText(governor.LossCauseOf(l.Cause)), l.WaitingFor)
	}
}

// lossVerdict is the verdict's count of lost sessions by cause.
func lossVerdict(r Report) string {
	total, now := 0, 0
	var by []string
	for _, c := range governor.LossCauses {
		total += r.LossCounts[c.String()]
		if n := r.LostNow[c.String()]; n > 0 {
			now += n
			by = append(by, fmt.Sprintf("%d %s", n, words.LossCauseText(c)))
		}
	}
	switch {
	case total == 0:
		return ""
	case now == 0:
		return fmt.Sprintf("%s stopped, paused or evicted, and every one came back", plural(total, "session was", "sessions were"))
	case r.CameBack > 0:
		return fmt.Sprintf("%s lost and not back (%s); %d more came back", plural(now, "session is", "sessions are"), strings.Join(by, ", "), r.CameBack)
	}
	return fmt.Sprintf("%s lost and not back (%s)", plural(now, "session is", "sessions are"), strings.Join(by, ", "))
}

// backTime is when a lost session came back: the clock alone on the day
// it was lost.
func backTime(lost, back Stamp) string {
	if len(lost) >= 10 && len(back) > 11 && lost[:10] == back[:10] {
		return back.String()[11:]
	}
	return back.String()
}

// writeRisks lists the risks coworktop infers now, each with its evidence.
func writeRisks(b *strings.Builder, risks []governor.Risk) {
	if len(risks) == 0 {
		return
	}
	fmt.Fprintf(b, "\nrisks (%d, %s)\n", len(risks), words.RiskLabel)
	for _, r := range risks {
		fmt.Fprintf(b, "  %s: %s\n    evidence: %s\n", r.Kind, words.RiskSummary(r), strings.Join(words.RiskEvidence(r), "; "))
	}
}
