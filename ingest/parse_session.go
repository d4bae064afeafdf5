package ingest

import (
	"bytes"
	"math"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// Session lines (claude-logs.md §1.2, §7.1, §7.2), read with or without the
// tag the app put in front of them.

// parseS reads the untagged shapes that start with 'S'.
func parseS(e *entry, b []byte, out []event.Event) []event.Event {
	nm := e.names
	if rest, ok := cut(b, "Session "); ok {
		return parseSessionLine(nm, rest, out)
	}
	if rest, ok := cut(b, "Starting local session "); ok {
		id, rest := sessionID(nm, rest)
		cwd, _ := cut(rest, " in ")
		return append(out, event.Event{Kind: event.KindSessionStart, Session: id, Cwd: nm.get(cwd, vocab.MaxTextRunes)})
	}
	if rest, ok := cut(b, "Starting app"); ok {
		return append(out, parseAppStart(rest, e.Cont))
	}
	if bytes.HasPrefix(b, []byte("Skipping pause")) {
		return append(out, parseSkip(nm, b))
	}
	if rest, ok := cut(b, "Starting idle timeout for "); ok {
		return append(out, idleTimer(nm, rest))
	}
	if rest, ok := cut(b, "Stopping "); ok {
		if n, rest, ok := num(rest); ok && bytes.HasPrefix(rest, []byte(" active session")) {
			return append(out, event.Event{Kind: event.KindStopAll, Count: n})
		}
		return out
	}
	if bytes.HasPrefix(b, []byte("Successfully run onQuitCleanup")) {
		return append(out, event.Event{Kind: event.KindAppQuit, Text: vocab.Sanitize(b, vocab.MaxTextRunes)})
	}
	if rest, ok := cut(b, "Startup failed: "); ok { // untagged variant seen in notes
		return append(out, event.Event{Kind: event.KindVMFailed, Text: vocab.Sanitize(rest, vocab.MaxTextRunes)})
	}
	return out
}

// parseSessionLine reads what follows "Session ":
//
//	S query error: Claude Code process terminated by signal SIGKILL
//	S query error: Claude Code process exited with code 143 {
//	S query iterator completed
//	S torn down with 1 live background task(s) — settling as stopped (exited)
//	S has declined 8 consecutive idle pauses — its process is not being reaped
func parseSessionLine(nm *names, b []byte, out []event.Event) []event.Event {
	id, rest := sessionID(nm, b)
	rest = trimSpaces(rest)
	switch {
	case bytes.HasPrefix(rest, []byte("query error: ")):
		if ev, ok := parseCrash(nm, rest); ok {
			ev.Session = id
			return append(out, ev)
		}
	case bytes.HasPrefix(rest, []byte("query iterator completed")):
		return append(out, event.Event{Kind: event.KindQueryDone, Session: id})
	case bytes.HasPrefix(rest, []byte("torn down with ")):
		n, _, _ := num(trimSpaces(rest[len("torn down with "):]))
		return append(out, event.Event{Kind: event.KindTornDown, Session: id, Count: n})
	case bytes.HasPrefix(rest, []byte("has declined ")):
		n, _, _ := num(trimSpaces(rest[len("has declined "):]))
		return append(out, event.Event{Kind: event.KindPauseDeclined, Session: id, Count: n})
	}
	return out
}

// parseCrash reads a query error that says how the process went: killed by
// a signal, or exited with a code. Other query errors are no crash.
func parseCrash(nm *names, b []byte) (event.Event, bool) {
	if i := bytes.Index(b, []byte("terminated by signal ")); i >= 0 {
		sig, _ := word(b[i+len("terminated by signal "):], " ,;:{")
		return event.Event{Kind: event.KindCrash, Detail: &event.EventDetail{Signal: nm.get(sig, 20)}}, len(sig) > 0
	}
	if i := bytes.Index(b, []byte("exited with code ")); i >= 0 {
		code, _, ok := signedNum(b[i+len("exited with code "):])
		return event.Event{Kind: event.KindCrash, Detail: &event.EventDetail{ExitCode: &code}}, ok
	}
	return event.Event{}, false
}

// parseSkip reads a vetoed idle pause:
//
//	Skipping pause for session S - remote control is active (startup-policy bridge)
//	Skipping pause for S: remote control is active
func parseSkip(nm *names, b []byte) event.Event {
	ev := event.Event{Kind: event.KindPauseSkipped, Text: nm.text(event.KindPauseSkipped, b)}
	if i := bytes.Index(b, []byte("local_")); i >= 0 {
		ev.Session, _ = sessionID(nm, b[i:])
	}
	if i := bytes.Index(b, []byte("remote control is active")); i >= 0 {
		ev.Reason = event.ReasonRemoteControl
		if r, ok := cut(trimSpaces(b[i+len("remote control is active"):]), "("); ok {
			kind, rest := word(r, " )")
			if bytes.HasPrefix(trimSpaces(rest), []byte("bridge")) {
				ev.Detailed().Bridge = nm.get(kind, 40)
			}
		}
	}
	return ev
}

// parsePausing reads "Pausing session S (reason)" and the older
// "Pausing session S due to idle".
func parsePausing(nm *names, b []byte, out []event.Event) []event.Event {
	rest, ok := cut(b, "Pausing session ")
	if !ok {
		return out
	}
	id, rest := sessionID(nm, rest)
	reason := ""
	rest = trimSpaces(rest)
	if r, ok := cut(rest, "("); ok {
		w, _ := word(r, ")")
		reason = nm.get(w, 40)
	} else if bytes.HasPrefix(rest, []byte("due to idle")) {
		reason = "idle_timeout"
	}
	ev := event.Event{Kind: event.KindPause, Session: id}
	setReason(&ev, reason)
	return append(out, ev)
}

// parseR reads "Resuming session S" and "Remote control enabled: …".
func parseR(e *entry, b []byte, out []event.Event) []event.Event {
	nm := e.names
	if rest, ok := cut(b, "Resuming session "); ok {
		id, _ := sessionID(nm, rest)
		return append(out, event.Event{Kind: event.KindResume, Session: id})
	}
	if bytes.HasPrefix(b, []byte("Remote control enabled")) {
		return remoteState(e, event.ReasonEnabled, "enabled", out)
	}
	if rest, ok := cut(b, "Relaunch auto-resume: "); ok {
		return append(out, parseRelaunchResume(rest))
	}
	return out
}

// focus reads the id of "LocalSessions.setFocusedSession: sessionId=S".
func focus(nm *names, b []byte, out []event.Event) []event.Event {
	id, _ := sessionID(nm, b)
	if id == "null" {
		return out // the new-session screen: no session gained focus
	}
	return append(out, event.Event{Kind: event.KindFocus, Session: id})
}

// idleTimer reads "S: 900s", after "Starting idle timeout for ".
func idleTimer(nm *names, b []byte) event.Event {
	id, r := sessionID(nm, b)
	r, _ = cut(r, ": ")
	secs, _, _ := num(r)
	return event.Event{Kind: event.KindIdleTimer, Session: id, TimeoutS: vocab.CapInt32(int64(secs))}
}

// parseCCD reads what follows "[CCD] ": every untagged shape (2.x tags most
// session lines so, and some shapes were always tagged: each is read either
// way).
func parseCCD(e *entry, b []byte, out []event.Event) []event.Event {
	if rest, ok := cut(trimSpaces(b), "LocalSessions.setFocusedSession: sessionId="); ok {
		return focus(e.names, rest, out) // the common one, first
	}
	return parseText(e, b, out)
}

// parseRelaunchResume reads "ran — warmed A of B eligible (C marked)".
func parseRelaunchResume(b []byte) event.Event {
	ev := event.Event{Kind: event.KindRelaunchResume}
	if i := bytes.Index(b, []byte("warmed ")); i >= 0 {
		rest := b[i+len("warmed "):]
		ev.Count, rest, _ = num(rest)
		if r, ok := cut(rest, " of "); ok {
			ev.Detailed().Eligible, rest, _ = num(r)
		}
		if j := bytes.IndexByte(rest, '('); j >= 0 {
			ev.Detailed().Marked, _, _ = num(rest[j+1:])
		}
	}
	return ev
}

// parseLifecycle reads what follows "[WarmLifecycle:" or "[IdleManager:".
func parseLifecycle(e *entry, b []byte, out []event.Event) []event.Event {
	nm := e.names
	tag, rest := word(b, "]")
	rest, ok := cut(rest, "]")
	if !ok {
		return out
	}
	rest = trimSpaces(rest)
	lc := nm.get(tag, 20)
	if r, ok := cut(rest, "Starting idle timeout for "); ok { // the common ones, first
		ev := idleTimer(nm, r)
		ev.Lifecycle = lc
		return append(out, ev)
	}
	if r, ok := cut(rest, "Idle timeout reached, disconnecting "); ok {
		id, _ := sessionID(nm, r)
		return append(out, event.Event{Kind: event.KindIdleTimeout, Session: id, Lifecycle: lc})
	}
	if r, ok := cut(rest, "Warming up session "); ok {
		id, _ := sessionID(nm, r)
		return append(out, event.Event{Kind: event.KindWarming, Session: id, Lifecycle: lc})
	}
	n := len(out)
	out = parseText(e, rest, out)
	for i := n; i < len(out); i++ {
		out[i].Lifecycle = lc
	}
	return out
}

// parseCycleHealth reads S15/S16:
//
//	healthy cycle for S (12s, hadFirstResponse=true)
//	unhealthy cycle for S (3s, hadFirstResponse=false, reason=app_quit)
//	S api_error (rate_limit): text
func parseCycleHealth(nm *names, b []byte) event.Event {
	ev := event.Event{Kind: event.KindCycleHealth}
	health := event.HealthUnhealthy
	rest, ok := cut(b, "healthy cycle for ")
	if ok {
		health = event.HealthGood
	} else {
		rest, ok = cut(b, "unhealthy cycle for ")
	}
	if ok {
		ev.Health = health
		ev.Session, rest = sessionID(nm, rest)
		if r, ok := cut(rest, " ("); ok {
			secs, r2, _ := num(r)
			ev.DurationMs = vocab.CapInt32(int64(min(secs, math.MaxInt32)) * 1000)
			if bytes.Contains(r2, []byte("hadFirstResponse=false")) {
				ev.Detailed().NoResponse = true
			}
			if i := bytes.Index(r2, []byte("reason=")); i >= 0 {
				w, _ := word(r2[i+7:], ",)")
				setReason(&ev, nm.get(w, 40))
			}
		}
		return ev
	}
	ev.Health = health
	ev.Session, rest = sessionID(nm, b)
	kind, rest := word(bytes.TrimLeft(rest, " "), " :")
	setReason(&ev, nm.get(kind, 40))
	ev.Text = nm.text(event.KindCycleHealth, bytes.TrimLeft(rest, " "))
	return ev
}
