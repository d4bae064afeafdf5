package words

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/vocab"
)

// Who needs the person, in words: the needs-you cell, the count with its
// names, a waiting session's sentence. The same words in the TUI,
// notifications, snapshot and report; the count is governor's
// (Snapshot.NeedsYou, RecordsView.NeedsYouKnown).

// TerminalNote says what a terminal session is to coworktop, the same
// words wherever it is explained.
const TerminalNote = "started from a terminal, not by the desktop app: counted in needs you, but the desktop app's governor neither caps nor evicts it (outside the cap and the idle ranking)"

// NeedsYouText is the needs-you cell: "approve Bash · 12m", "waiting ·
// 3m" when the record does not say for what; "" when it does not wait.
func NeedsYouText(v governor.SessionView, now time.Time) string {
	if !v.NeedsYou() {
		return ""
	}
	what := orWaiting(v.WaitingFor)
	if v.WaitingSince.IsZero() {
		return what
	}
	return what + " · " + vocab.ShortDuration(max(0, now.Sub(v.WaitingSince)))
}

// orWaiting is what a session waits for, "waiting" when its record does
// not say.
func orWaiting(what string) string {
	if what == "" {
		return "waiting"
	}
	return what
}

// WaitingText is a waiting session in words, the same in notifications
// and the report: "API gateway has waited 3m for you (approve Bash)".
func WaitingText(v governor.SessionView, now time.Time) string {
	return governor.SessionName(v) + " has waited " + waitedFor(v, max(0, now.Sub(v.WaitingSince)))
}

// waitedFor is "12m for you (approve Bash)", "12m for you" or "a while
// for you" (no time known), of a wait of d.
func waitedFor(v governor.SessionView, d time.Duration) string {
	s := "a while"
	if !v.WaitingSince.IsZero() {
		s = vocab.ShortDuration(d)
	}
	if v.WaitingFor != "" {
		return s + " for you (" + v.WaitingFor + ")"
	}
	return s + " for you"
}

// NeedsYouSummary is the needs-you count in words, for snapshot and
// report: "1: Docs (approve Bash · 3m)"; "" where no records were looked
// for.
func NeedsYouSummary(snap governor.Snapshot) string {
	r := snap.Records
	switch {
	case r == nil:
		return ""
	case !r.Available:
		return "unknown: no session-record folder found (see coworktop doctor)"
	case snap.NeedsYou == 0 && !r.NeedsYouKnown():
		return "unknown: " + unreadableText(r)
	case snap.NeedsYou == 0:
		return "0 (no session's record says it waits for you)"
	}
	var who []string
	for _, v := range snap.Sessions {
		if v.NeedsYou() {
			who = append(who, governor.SessionName(v)+" ("+NeedsYouText(v, snap.Now)+")")
		}
	}
	for _, b := range snap.Background {
		if b.NeedsYou() {
			who = append(who, where(b)+": "+b.Name+" ("+orWaiting(b.WaitingFor)+")")
		}
	}
	out := strconv.Itoa(snap.NeedsYou) + ": " + strings.Join(who, ", ")
	if !r.NeedsYouKnown() {
		out = "at least " + out + "; " + unreadableText(r)
	}
	return out
}

// where says where a session outside the app is, for the needs-you words:
// "terminal, tmux pane %0", "terminal", "bg".
func where(b governor.BackgroundView) string {
	if b.Kind != governor.KindTerminal {
		return "bg"
	}
	if b.Pane != "" {
		return "terminal, tmux pane " + b.Pane
	}
	return "terminal"
}

// unreadableText says what the needs-you count did not read: the record
// folders that could not be listed ("the record folder sessions could not
// be read (see coworktop doctor)") and the record files left unread past
// a reading's bound ("3 older record files were not read (only the newest
// are)"), so a count of 0 is never claimed of records not read.
func unreadableText(r *governor.RecordsView) string {
	var parts []string
	if len(r.Unreadable) > 0 {
		what := "folder " + r.Unreadable[0]
		if len(r.Unreadable) > 1 {
			what = "folders " + strings.Join(r.Unreadable, ", ")
		}
		parts = append(parts, "the record "+what+" could not be read (see coworktop doctor)")
	}
	if r.Skipped > 0 {
		parts = append(parts, fmt.Sprintf("%d older record files were not read (only the newest are)", r.Skipped))
	}
	return strings.Join(parts, "; ")
}

// RecordNote says where the log and a session's record tell different
// stories, and which one the screen shows; "" where they agree.
func RecordNote(v governor.SessionView) string {
	switch {
	case v.State == governor.StateIdle && v.Attention == record.AttentionBusy:
		return fmt.Sprintf("the log shows no activity for %s, its record says busy: STATE shows the log, NEEDS YOU the record", vocab.FormatDuration(v.Idle))
	case !v.Live() && v.HasRecord:
		return "the log says " + v.State.String() + ", yet its process still runs by its record: STATE shows the log"
	}
	return ""
}

// CloudCoworkNote is what coworktop says when it sees no local Cowork
// session: cloud tasks leave nothing on this machine.
const CloudCoworkNote = "no local Cowork session seen: Cowork tasks run in the cloud by default and are not visible here"

// CoworkNote is CloudCoworkNote where the records say Cowork's tasks run
// out of sight (RecordsView.CloudOnly), "" otherwise.
func CoworkNote(r *governor.RecordsView) string {
	if r == nil || !r.CloudOnly {
		return ""
	}
	return CloudCoworkNote
}
