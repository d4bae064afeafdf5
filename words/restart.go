package words

import (
	"fmt"
	"slices"
	"strings"

	"github.com/coworktop/coworktop/governor"
)

// What an update restart cost, in the words every output uses: the
// summary (the snapshot's restart row, the screen's "what just
// happened"), the count of what it stopped, and report's verdict
// sentence. The facts are governor's audit (governor.RestartView).

// restartNames bounds the sessions a one-line summary names.
const restartNames = 4

// RestartStopped is how many sessions a restart stopped, in words: the
// app's count when it logged one ("[CCD] Stopping N active session(s)"),
// else coworktop's count of those it saw live, said as such, else "not
// logged": unknown is never zero (#94691, #92196: the deferral path logs
// no count).
func RestartStopped(v *governor.RestartView) string {
	app, seen := v.Stopped, len(v.Sessions)
	switch {
	case v.StoppedLogged && app == seen:
		return plural(app, "session stopped", "sessions stopped")
	case v.StoppedLogged:
		return plural(app, "session stopped", "sessions stopped") + fmt.Sprintf(", coworktop saw %d live", seen)
	case seen > 0:
		return plural(seen, "session stopped", "sessions stopped") + ", counted by coworktop"
	}
	return "sessions stopped: not logged"
}

// RestartSummary is the restart's clauses in one line (the snapshot's
// restart row).
func RestartSummary(v *governor.RestartView) string {
	return strings.Join(RestartLines(v), "; ")
}

// RestartLines are the restart's clauses: when and to what, what it
// stopped, what came back, whose turn was cut, who lost Remote Control.
func RestartLines(v *governor.RestartView) []string {
	head := "update restart at " + v.At.Format("15:04")
	if v.To != "" {
		head += " to " + v.To
	}
	if p := RestartPathText(v.Path); p != "" {
		head += " (" + p + ")"
	}
	head += ": " + RestartStopped(v)
	lines := []string{head}
	if len(v.Sessions) > 0 {
		back := fmt.Sprintf("%d of %d came back", v.Back, len(v.Sessions))
		if v.NotBack > 0 {
			back += ", not back: " + joinRestarted(v.Sessions, notBack)
		}
		lines = append(lines, back)
	} else if v.AutoResume {
		lines = append(lines, fmt.Sprintf("the app warmed %d of %d eligible", v.Warmed, v.Eligible))
	}
	if v.CutTurns > 0 {
		lines = append(lines, "turn cut: "+joinRestarted(v.Sessions, turnCut))
	}
	if v.LostRC > 0 {
		lost := "Remote Control not turned back on: " + joinRestarted(v.Sessions, lostRC)
		var paused []string
		for _, r := range v.Sessions {
			if r.RemoteControlLost && !r.PausedAt.IsZero() {
				paused = append(paused, r.Name+" "+r.PausedAt.Format("15:04"))
			}
		}
		if len(paused) > 0 {
			lost += " (idle-paused: " + strings.Join(paused, ", ") + ")"
		}
		lines = append(lines, lost)
	}
	return lines
}

// RestartSentence is the restart and what it cost in one sentence, for
// report's verdict: "the app restarted itself at 13:44 to install
// 2.2553.1 after it sat idle, stopping 6 sessions: all 6 came back,
// billing-api's turn was cut, data-pipeline and terraform lost Remote
// Control (idle-paused at 13:59)".
func RestartSentence(v *governor.RestartView) string {
	s := "the app restarted itself at " + v.At.Format("15:04")
	if v.To != "" {
		s += " to install " + v.To
	} else {
		s += " for an update"
	}
	if p := RestartPathText(v.Path); p != "" {
		s += " " + p
	}
	s += ", " + RestartStopped(v)
	if len(v.Sessions) == 0 {
		return s
	}
	cost := []string{restartCameBack(v)}
	if v.CutTurns > 0 {
		cost = append(cost, joinRestarted(v.Sessions, turnCut)+" had a turn cut")
	}
	if v.LostRC > 0 {
		cost = append(cost, restartLostRC(v))
	}
	return s + ": " + strings.Join(cost, ", ")
}

// restartCameBack is the sentence's count of the sessions back, those
// coworktop did not see live included.
func restartCameBack(v *governor.RestartView) string {
	total, back := len(v.Sessions)+v.Unseen, v.Back+v.UnseenBack
	switch {
	case back == total && total > 1:
		return fmt.Sprintf("all %d came back", total)
	case back == total:
		return "it came back"
	case v.NotBack > 0:
		return fmt.Sprintf("%d of %d came back (not back: %s)", back, total, joinRestarted(v.Sessions, notBack))
	}
	return fmt.Sprintf("%d of %d came back", back, total)
}

// restartLostRC is the sentence's sessions that lost Remote Control,
// with the times their idle timers paused them.
func restartLostRC(v *governor.RestartView) string {
	rc := joinRestarted(v.Sessions, lostRC) + " lost Remote Control"
	var at []string
	for _, r := range v.Sessions {
		if r.RemoteControlLost && !r.PausedAt.IsZero() && !slices.Contains(at, r.PausedAt.Format("15:04")) {
			at = append(at, r.PausedAt.Format("15:04"))
		}
	}
	if len(at) > 0 {
		rc += " and were idle-paused at " + strings.Join(at, ", ")
	}
	return rc
}

func notBack(r governor.RestartSession) bool { return !r.Back }
func turnCut(r governor.RestartSession) bool { return r.TurnCut }
func lostRC(r governor.RestartSession) bool  { return r.RemoteControlLost }

// joinRestarted names the sessions that pass keep, up to restartNames:
// "a, b and 2 more".
func joinRestarted(list []governor.RestartSession, keep func(governor.RestartSession) bool) string {
	var names []string
	n := 0
	for _, r := range list {
		if keep(r) {
			if n < restartNames {
				names = append(names, r.Name)
			}
			n++
		}
	}
	if n > restartNames {
		names = append(names, fmt.Sprintf("%d more", n-restartNames))
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// RestartRCBefore counts the sessions that had Remote Control when the
// restart stopped them.
func RestartRCBefore(v *governor.RestartView) int {
	n := 0
	for _, r := range v.Sessions {
		if r.RemoteControlBefore {
			n++
		}
	}
	return n
}
