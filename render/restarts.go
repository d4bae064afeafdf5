package render

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
)

// writeRestarts lists each update restart: what the app logged of it and
// every session it stopped, whether it came back, whether its turn was
// cut and whether it lost Remote Control (governor.RestartView).
func writeRestarts(b *strings.Builder, restarts []words.Restart) error {
	if len(restarts) == 0 {
		return nil
	}
	fmt.Fprintf(b, "\nupdate restarts (%d)\n", len(restarts))
	for _, v := range restarts {
		head := stamp(v.At).String()
		if v.To != "" {
			head += "  " + strings.TrimPrefix(v.From+" → ", " → ") + v.To
		}
		if p := words.RestartPathText(v.Path); p != "" {
			head += ", " + p
		}
		fmt.Fprintf(b, "  %s: %s  %s\n", head, words.RestartStopped((*governor.RestartView)(&v)), v.Evidence)
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
		for _, rs := range v.Sessions {
			row := "    " + words.NamedID(rs.Name, rs.ID) + "\t" + restartBackText(rs)
			if cost := restartCostText(rs); cost != "" {
				row += "\t" + cost
			}
			fmt.Fprintln(tw, row)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		if v.Unseen > 0 {
			fmt.Fprintf(b, "    %s coworktop did not see live: %d back by the relaunch's count\n", plural(v.Unseen, "more session", "more sessions"), v.UnseenBack)
		}
		if v.AutoResume {
			fmt.Fprintf(b, "    the app warmed %d of %d eligible on relaunch\n", v.Warmed, v.Eligible)
		}
	}
	return nil
}

func restartBackText(rs governor.RestartSession) string {
	if !rs.Back {
		return "not back"
	}
	return "back " + rs.BackAt.Format("15:04:05") + " (" + rs.BackBy + ")"
}

// restartCostText is what the restart cost the session beyond its stop.
func restartCostText(rs governor.RestartSession) string {
	var parts []string
	if rs.TurnCut {
		parts = append(parts, governor.TurnCutText(rs.TurnS))
	}
	switch {
	case rs.RemoteControlLost && !rs.PausedAt.IsZero():
		parts = append(parts, "Remote Control not turned back on: idle-paused "+rs.PausedAt.Format("15:04:05")+" ("+rs.Evidence+")")
	case rs.RemoteControlLost:
		parts = append(parts, "Remote Control not turned back on: its idle timer runs again")
	case rs.RemoteControlBefore && rs.RemoteControlAfter:
		parts = append(parts, "Remote Control turned back on")
	}
	return strings.Join(parts, "; ")
}

// restartsVerdict is the restarts in the verdict: the last one told, with
// what it cost; earlier ones counted.
func restartsVerdict(restarts []words.Restart) string {
	if len(restarts) == 0 {
		return ""
	}
	s := words.RestartSentence((*governor.RestartView)(&restarts[len(restarts)-1]))
	if n := len(restarts) - 1; n > 0 {
		s += fmt.Sprintf(" (and %s before)", plural(n, "update restart", "update restarts"))
	}
	return s
}

// restartsStoppedText is the app row's count of what the update restarts
// stopped: the app's counts where it logged them, coworktop's where it
// saw the sessions, "not logged" where neither (never 0 for unknown).
func restartsStoppedText(restarts []words.Restart) string {
	if len(restarts) == 1 {
		return words.RestartStopped((*governor.RestartView)(&restarts[0]))
	}
	known, seen, unknown := 0, 0, 0
	for _, v := range restarts {
		switch {
		case v.StoppedLogged:
			known += v.Stopped
		case len(v.Sessions) > 0:
			seen += len(v.Sessions)
		default:
			unknown++
		}
	}
	var parts []string
	if known > 0 {
		parts = append(parts, plural(known, "session stopped", "sessions stopped"))
	}
	if seen > 0 {
		parts = append(parts, plural(seen, "session", "sessions")+" stopped by coworktop's count")
	}
	if unknown > 0 {
		parts = append(parts, fmt.Sprintf("%d not logged", unknown))
	}
	return strings.Join(parts, ", ")
}
