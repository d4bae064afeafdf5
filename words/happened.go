package words

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// What just happened: the newest event of the last hour that cost
// sessions, in one line every output can show under its header: an update
// restart (from its audit, restart.go), the app starting again without a
// logged quit, a memory-pressure sweep, sessions crashing, or a burst of
// evictions at the cap. Built from the snapshot alone.

// HappenedFor is how long a happening stays "just happened".
const HappenedFor = time.Hour

// happeningKind is which kind of happening it is.
type happeningKind string

// Happening kinds.
const (
	happenedUpdateRestart happeningKind = "update_restart"
	happenedAppRestart    happeningKind = "app_restart" // started again with no quit logged
	happenedPressureSweep happeningKind = "pressure_sweep"
	happenedCrashes       happeningKind = "crashes"
	happenedEvictions     happeningKind = "evictions"
)

// Windows that group losses into one happening.
const (
	sweepSpan    = 2 * time.Minute  // the evictions of one pressure sweep
	burstSpan    = 10 * time.Minute // evictions at the cap close enough to be a burst
	burstMin     = 2                // and how many make one
	crashSpan    = 5 * time.Minute  // crashes told as one
	happenedRoom = 3                // sessions named before "N more"
)

// Happening is what just happened, in words.
type Happening struct {
	At   time.Time
	Kind happeningKind
	// Forms are the line, longest first (sessions named, then counts
	// only): a screen draws the first that fits. Each starts with the
	// clock time.
	Forms []string
	// Sessions are the ids it names; Details are its clauses and each
	// session's part, with the lines they are read from (what enter opens).
	Sessions []string
	Details  []string
}

// Text is the longest form.
func (h *Happening) Text() string { return h.Forms[0] }

// JustHappened is the newest happening of the last HappenedFor before Now;
// nil when nothing cost sessions in that hour.
func JustHappened(s *governor.Snapshot) *Happening {
	var names map[string]string // built when a happening names a session: most refreshes name none
	name := func(id string) string {
		if names == nil {
			names = make(map[string]string, len(s.Sessions))
			for i := range s.Sessions {
				names[s.Sessions[i].ID] = governor.SessionName(s.Sessions[i])
			}
		}
		if n, ok := names[id]; ok {
			return n
		}
		return vocab.ShortID(id)
	}
	var best *Happening
	keep := func(h *Happening) {
		if h == nil || s.Now.Sub(h.At) > HappenedFor || h.At.After(s.Now) {
			return
		}
		if best == nil || h.At.After(best.At) {
			best = h
		}
	}
	keep(restartHappening(s, name))
	keep(appRestartHappening(s, name))
	for _, c := range []lossKind{{governor.LossGovernorPressure, sweepSpan, 1}, {governor.LossCrash, crashSpan, 1},
		{governor.LossGovernorCap, burstSpan, burstMin}} {
		keep(lossHappening(s, c, best, name))
	}
	return best
}

// restartHappening is the last update restart, from its audit: "13:44 the
// app updated itself to 2.2553.1 after the app sat idle: stopped 6 (all
// back), Remote Control off on 2: terraform, data-pipeline (idle-paused
// 13:59)".
func restartHappening(s *governor.Snapshot, name func(string) string) *Happening {
	v := s.Restart
	if v == nil {
		return nil
	}
	clock := v.At.Format("15:04")
	head, tiny := clock+" the app updated itself", clock+" app updated"
	if v.To != "" {
		head += " to " + v.To
		tiny += " to " + v.To
	}
	withPath := head
	if p := RestartPathText(v.Path); p != "" {
		withPath += " " + p
	}
	stopped := len(v.Sessions)
	if v.StoppedLogged {
		stopped = v.Stopped
	}
	// What it cost, with the sessions named and in counts only.
	named, counts := ": stopped "+strconv.Itoa(stopped), ": stopped "+strconv.Itoa(stopped)
	var ids []string
	keep := func(f func(governor.RestartSession) bool) (n int, who []string) {
		for _, r := range v.Sessions {
			if f(r) {
				n++
				who = append(who, r.Name)
				ids = append(ids, r.ID)
			}
		}
		return n, who
	}
	switch n, who := keep(func(r governor.RestartSession) bool { return !r.Back }); {
	case len(v.Sessions) > 0 && n == 0:
		named, counts = named+" (all back)", counts+" (all back)"
	case n > 0:
		named += fmt.Sprintf(" (%d not back: %s)", n, listNames(who))
		counts += fmt.Sprintf(" (%d not back)", n)
	}
	if n, who := keep(func(r governor.RestartSession) bool { return r.RemoteControlLost }); n > 0 {
		named += fmt.Sprintf(", Remote Control off on %d: %s", n, listNames(who))
		counts += fmt.Sprintf(", Remote Control off on %d", n)
		var paused []string
		for _, r := range v.Sessions {
			if r.RemoteControlLost && !r.PausedAt.IsZero() {
				paused = append(paused, r.PausedAt.Format("15:04"))
			}
		}
		switch {
		case len(paused) == n:
			named += " (idle-paused at " + strings.Join(uniq(paused), ", ") + ")"
		case len(paused) > 0:
			named += fmt.Sprintf(" (%d idle-paused at %s)", len(paused), strings.Join(uniq(paused), ", "))
		}
	}
	if n, who := keep(func(r governor.RestartSession) bool { return r.TurnCut }); n > 0 {
		named += ", turn cut: " + listNames(who)
	}
	forms := []string{withPath + named, head + named, withPath + counts, head + counts, tiny + counts}
	details := RestartLines(v)
	for _, r := range v.Sessions {
		details = append(details, "  "+restartSessionText(r))
	}
	details = append(details, "evidence:", "  "+v.Evidence)
	return &Happening{At: v.At, Kind: happenedUpdateRestart, Forms: forms, Sessions: uniq(ids), Details: details}
}

// restartSessionText is one stopped session's part, for the details.
func restartSessionText(r governor.RestartSession) string {
	t := r.Name + ": "
	if r.Back {
		t += "back (" + r.BackBy + " " + r.BackAt.Format(time.TimeOnly) + ")"
	} else {
		t += "not back"
	}
	if r.TurnCut {
		t += fmt.Sprintf(", its turn was cut after %ds", r.TurnS)
	}
	if r.RemoteControlLost {
		t += ", Remote Control on before, not turned back on"
		if !r.PausedAt.IsZero() {
			t += ", idle-paused " + r.PausedAt.Format(time.TimeOnly) + " (" + r.Evidence + ")"
		}
	}
	return t
}

// appRestartHappening: the app started again while sessions were live and
// no quit was logged; coworktop reads that as a crash of the app (or a
// kill), and says it is its reading.
func appRestartHappening(s *governor.Snapshot, name func(string) string) *Happening {
	at := s.App.StartedAt
	if at.IsZero() {
		return nil
	}
	var ids, who []string
	for _, v := range s.Sessions {
		if v.State == governor.StateDisconnected && v.PauseReason == event.EndAppRestarted && !v.LastActivity.After(at) {
			ids, who = append(ids, v.ID), append(who, name(v.ID))
		}
	}
	if len(ids) == 0 {
		return nil
	}
	head := at.Format("15:04") + " the app started again with no quit logged (a crash or a kill, " + RiskLabel + ")"
	full := head + fmt.Sprintf(": %s disconnected: %s", pluralS(len(ids), "session"), listNames(who))
	short := head + ": " + pluralS(len(ids), "session") + " disconnected"
	details := []string{full}
	for i, id := range ids {
		details = append(details, "  "+who[i]+" ("+id+")")
	}
	return &Happening{At: at, Kind: happenedAppRestart, Forms: []string{full, short}, Sessions: ids, Details: details}
}

// lossKind is one cause of losses told as a happening: those within span
// before the newest, when there are at least least of them.
type lossKind struct {
	cause governor.LossCause
	span  time.Duration
	least int
}

// lossHappening groups the newest losses of k's cause: those within span
// before the newest, when there are at least least of them. It costs by
// the losses of the last HappenedFor, not by all kept: the losses are in
// time order (newest last), so it stops at the first one older than the
// window while it has found none of the cause, and builds no text for a
// group JustHappened would drop (outside the window, or not newer than
// beat, the happening found so far).
func lossHappening(s *governor.Snapshot, k lossKind, beat *Happening, name func(string) string) *Happening {
	c, span, least := k.cause, k.span, k.least
	var group []governor.Loss
	for i := len(s.Losses) - 1; i >= 0; i-- { // newest last
		l := s.Losses[i]
		if len(group) == 0 && s.Now.Sub(l.Time) > HappenedFor {
			return nil // this and every older loss is out of the window
		}
		if l.Cause != c {
			continue
		}
		if len(group) == 0 && (l.Time.After(s.Now) || beat != nil && !l.Time.After(beat.At)) {
			return nil // the newest of the cause is dropped, so is the group
		}
		if len(group) > 0 && group[0].Time.Sub(l.Time) > span {
			break
		}
		group = append(group, l)
	}
	count := 0
	for _, l := range group {
		count += l.Count
	}
	if count < least || len(group) == 0 {
		return nil
	}
	newest, oldest := group[0].Time, group[len(group)-1].Time
	var ids, who []string
	details := []string{}
	for i := len(group) - 1; i >= 0; i-- { // oldest first
		l := group[i]
		n := strconv.Itoa(l.Count) + " unnamed"
		if l.Session != "" {
			n = name(l.Session)
			ids = append(ids, l.Session)
		}
		who = append(who, n)
		d := l.Time.Format(time.TimeOnly) + " " + n + ": " + LossCauseText(l.Cause)
		if t := LossDetailText(l); t != "" {
			d += ": " + t
		}
		details = append(details, d+" ("+l.Evidence()+")")
	}
	var head string
	switch c {
	case governor.LossGovernorPressure:
		head = fmt.Sprintf("a memory-pressure sweep evicted %s", pluralS(count, "idle session"))
	case governor.LossCrash:
		head = pluralS(count, "session") + " crashed (the process was killed or exited)"
		if count == 1 {
			head = "a session crashed (its process was killed or exited)"
		}
	default:
		head = fmt.Sprintf("the governor evicted %s at the cap", pluralS(count, "session"))
		if d := newest.Sub(oldest); d >= time.Minute {
			head += " in " + vocab.FormatDuration(d)
		}
	}
	head = newest.Format("15:04") + " " + head
	return &Happening{At: newest, Kind: map[governor.LossCause]happeningKind{governor.LossGovernorPressure: happenedPressureSweep, governor.LossCrash: happenedCrashes,
		governor.LossGovernorCap: happenedEvictions}[c], Forms: []string{head + ": " + listNames(who), head}, Sessions: ids,
		Details: append([]string{head + ":"}, indent(details)...)}
}

// listNames names up to happenedRoom sessions, then how many more.
func listNames(who []string) string {
	if len(who) <= happenedRoom {
		return strings.Join(who, ", ")
	}
	return strings.Join(who[:happenedRoom], ", ") + fmt.Sprintf(" and %d more", len(who)-happenedRoom)
}

// pluralS is "1 what" or "n whats".
func pluralS(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func uniq(ss []string) []string {
	out := ss[:0:0]
	seen := map[string]bool{}
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func indent(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = "  " + s
	}
	return out
}
