package render

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/coworktop/coworktop/governor"
)

// writeLosses prints the timeline of lost sessions: every cause, every
// log, in time order, each with the line that shows it.
func writeLosses(b *strings.Builder, r Report) error {
	total := 0
	for _, n := range r.LossCounts {
		total += n
	}
	if r.CameBack > 0 {
		fmt.Fprintf(b, "\nlost sessions (%d, and %d more the app resumed within 2 minutes)\n", r.Lost, r.CameBack)
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
		who := governor.ShortID(l.Session)
		if l.Session == "" {
			who = fmt.Sprintf("%d unnamed", l.Count)
		}
		evidence := l.Evidence
		if l.CauseEvidence != "" {
			evidence += " (cause: " + l.CauseEvidence + ")"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", l.Time, who, governor.LossCauseOf(l.Cause).Text(), l.Detail, evidence)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	writeWaitingLosses(b, r.Losses)
	return nil
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
		who := governor.ShortID(l.Session)
		if l.Title != "" {
			who += " " + l.Title
		}
		fmt.Fprintf(b, "  %s  %s  %s, waiting for you: %s\n", l.Time, who, governor.LossCauseOf(l.Cause).Text(), l.WaitingFor)
	}
}

// lossVerdict is the verdict's count of lost sessions by cause.
func lossVerdict(r Report) string {
	total := 0
	var by []string
	for _, c := range governor.LossCauses {
		if n := r.LossCounts[c.String()]; n > 0 {
			total += n
			by = append(by, fmt.Sprintf("%d %s", n, c.Text()))
		}
	}
	if total == 0 {
		return ""
	}
	return fmt.Sprintf("%s lost (%s)", plural(total, "session was", "sessions were"), strings.Join(by, ", "))
}

// writeRisks lists the risks coworktop infers now, each with its evidence.
func writeRisks(b *strings.Builder, risks []governor.Risk) {
	if len(risks) == 0 {
		return
	}
	fmt.Fprintf(b, "\nrisks (%d, %s)\n", len(risks), governor.RiskLabel)
	for _, r := range risks {
		fmt.Fprintf(b, "  %s: %s\n    evidence: %s\n", r.Kind, r.Summary, strings.Join(r.Evidence, "; "))
	}
}
