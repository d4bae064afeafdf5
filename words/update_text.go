package words

import (
	"fmt"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// An update waiting to install, in words: its facts line by line (what
// the screen shows), in one line (snapshot, report), when its restart
// comes (governor.UpdateWhenText with the window, as coworktop's
// estimate), and as a notification.

// UpdateLines are the warning's facts, one clause each (the version and
// since, the deferrals, the sessions its restart stops); UpdateSummary
// joins them.
func UpdateLines(v *governor.UpdateView) []string {
	head := "update "
	if v.Version != "" {
		head += v.Version + " "
	}
	switch {
	case v.Downloaded && !v.Since.IsZero():
		head += "downloaded " + v.Since.Format("15:04") + ", waiting to install"
		if v.PendingS >= 60 {
			head += " (" + vocab.FormatDuration(time.Duration(v.PendingS)*time.Second) + ")"
		}
	case !v.Since.IsZero():
		head += fmt.Sprintf("waiting to install, pending since %s (%s, as the app counts its deferrals)", v.Since.Format("2006-01-02 15:04"), vocab.FormatDuration(time.Duration(v.PendingS)*time.Second))
	default:
		head += "waiting to install"
	}
	lines := []string{head}
	if v.Deferrals > 0 {
		lines = append(lines, fmt.Sprintf("restart deferred %d× because Claude was working", v.Deferrals))
	}
	names, rc := v.Names, v.RCNames
	if len(names) == 0 {
		return append(lines, "its restart stops no live session now")
	}
	shown := names
	if len(shown) > maxUpdateNames {
		shown = append(shown[:maxUpdateNames:maxUpdateNames], fmt.Sprintf("%d more", len(names)-maxUpdateNames))
	}
	lines = append(lines, fmt.Sprintf("its restart will stop %d live session(s): %s", len(names), strings.Join(shown, ", ")))
	if len(rc) > 0 {
		lines = append(lines, fmt.Sprintf("%d of them with Remote Control, which the relaunch does not turn back on: %s", len(rc), strings.Join(rc, ", ")))
	}
	return lines
}

// maxUpdateNames bounds the sessions a one-line summary names.
const maxUpdateNames = 4

// UpdateSummary is the warning in one line: UpdateLines joined.
func UpdateSummary(v *governor.UpdateView) string {
	if v.Summary != "" {
		return v.Summary
	}
	return strings.Join(UpdateLines(v), "; ")
}

// UpdateWhen says when the restart comes: the rule, and, where the
// download's time is logged, the window public reports give after it, as
// coworktop's estimate from that time.
func UpdateWhen(v *governor.UpdateView) string {
	switch {
	case v.When != "":
		return v.When
	case v.Deferrals > 0: // it defers while Claude works: the idle window says nothing now
		return governor.UpdateWhenText + fmt.Sprintf(", and it has put the restart off %d× because Claude was working", v.Deferrals)
	case v.WindowTo.IsZero():
		return governor.UpdateWhenText
	case v.Late:
		return governor.UpdateWhenText + ", so any time now (estimated by coworktop from the download at " + v.Since.Format("15:04") + ")"
	}
	return governor.UpdateWhenText + ", about " + v.WindowFrom.Format("15:04") + " to " + v.WindowTo.Format("15:04") +
		" (estimated by coworktop from the download at " + v.Since.Format("15:04") + ")"
}

// UpdateNote is the warning as a notification says it, in at most 160
// plain characters: what its restart stops, then when (the window with
// its basis where there is one, else the rule). Its title names the
// version.
func UpdateNote(v *governor.UpdateView) (title, message string) {
	title = "coworktop: update restart coming"
	if v.Version != "" {
		title = "coworktop: update " + v.Version + " restarts the app"
	}
	message = "Stops " + plural(len(v.Sessions), "live session", "live sessions")
	if n := len(v.RemoteControl); n > 0 {
		message += fmt.Sprintf(", %d with Remote Control it leaves off", n)
	}
	from := " (estimated by coworktop from the " + v.Since.Format("15:04") + " download)."
	switch {
	case v.Deferrals > 0:
		message += ". Put off " + plural(v.Deferrals, "time", "times") + " while Claude works: it installs when the app next sits idle or stops deferring."
	case !v.WindowTo.IsZero() && v.PendingS > int64(governor.UpdateIdleLatest/time.Second):
		message += ". Any time now, when the app sits idle" + from
	case !v.WindowTo.IsZero():
		message += ". About " + v.WindowFrom.Format("15:04") + " to " + v.WindowTo.Format("15:04") + ", when the app sits idle" + from
	default:
		message += ". When the app next sits idle or stops deferring."
	}
	return title, message
}
