package words

import (
	"fmt"
	"strings"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// maxHeadline bounds the headline: it is drawn on one footer line.
const maxHeadline = 200

// Headline is coworktop's warning for this machine in one short line, as
// coworktop's mod shows it in every Claude Code session's footer: an update
// waiting to install (its restart stops the live sessions), and the session
// the governor is about to pause (coworktop's estimate, said so). "" when
// there is nothing to warn of. The words are the snapshot's: the update's
// version and deferrals as logged, the sessions named as every risk names
// them (governor.SessionName).
func Headline(snap *governor.Snapshot) string {
	if snap == nil {
		return ""
	}
	var parts []string
	if u := snap.Update; u != nil {
		parts = append(parts, updateHeadline(u))
	}
	if name := pausedNext(snap); name != "" {
		parts = append(parts, name+" paused next (est.)")
	}
	return vocab.SanitizeString(strings.Join(parts, " · "), maxHeadline)
}

// updateHeadline is the pending update in a few words.
func updateHeadline(u *governor.UpdateView) string {
	head := "update"
	if u.Version != "" {
		head += " " + u.Version
	}
	switch {
	case u.Deferrals > 0:
		head += fmt.Sprintf(" installs when the app sits idle (put off %d× while Claude works)", u.Deferrals)
	default:
		head += " installs when the app sits idle"
	}
	if n := len(u.Sessions); n > 0 {
		head += ", stopping " + plural(n, "live session", "live sessions")
	}
	return head
}

// pausedNext names the session the governor pauses next where a risk says
// one is about to go: the next warm spawn at the cap evicts it, or a
// pressure sweep would; "" otherwise (the least recently active idle
// session is not news while there is room).
func pausedNext(snap *governor.Snapshot) string {
	for _, r := range snap.Risks {
		if r.Session == "" || (r.Kind != governor.RiskEvictNext && r.Kind != governor.RiskPressureSweep) {
			continue
		}
		for _, v := range snap.Sessions {
			if v.ID == r.Session {
				return governor.SessionName(v)
			}
		}
		return vocab.ShortID(r.Session)
	}
	return ""
}

// plural is "1 one" or "n many".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
