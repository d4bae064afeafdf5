package ingest

import (
	"bytes"

	"github.com/coworktop/coworktop/governor"
)

// Parse turns one entry into events, appended to out. Only the entry's first
// line decides its shape: text quoted inside a continuation (a stack trace
// mentioning "[CliGovernor]") never becomes an event of its own. Most entries
// yield nothing; a rate-limit signal anywhere in the entry adds an
// api.rate_limit event.
func Parse(e *Entry, out []governor.Event) []governor.Event {
	n := len(out)
	if e.parsed {
		out = append(out, e.events...)
	} else {
		out = parseBody(e, out)
	}
	return finishEntry(e, out, n)
}

// finishEntry adds the entry's rate-limit event, if any, and gives the
// events from out[n:] on the entry's time, file, line and level.
func finishEntry(e *Entry, out []governor.Event, n int) []governor.Event {
	if e.RateLimit {
		out = append(out, governor.Event{Kind: governor.KindRateLimit, Text: e.rateText})
	}
	for i := n; i < len(out); i++ {
		ev := &out[i]
		ev.Time, ev.File, ev.Line = e.Time(), e.File, e.Line
		if ev.Level == "" {
			ev.Level = e.Level
		}
	}
	return out
}

// mayBeEvent is parseBody's dispatch in two table lookups: a body whose
// first byte (and, after '[', second byte) no case of parseBody or
// parseTagged starts with is no event, and most lines of a log are such.
// TestMayBeEventAgreesWithParse keeps the tables in step with the switches.
func mayBeEvent(b []byte) bool {
	return len(b) > 0 && bodyStarts[b[0]] && (b[0] != '[' || len(b) > 1 && tagStarts[b[1]])
}

// bodyStarts and tagStarts: the first bytes parseBody and parseTagged
// switch on. Read-only after package initialisation.
var (
	bodyStarts = setOf("[SPWEGMbwVLUs ")
	tagStarts  = setOf("CWpeSV")
)

func parseBody(e *Entry, out []governor.Event) []governor.Event {
	b, nm := e.Body, e.names
	if len(b) == 0 {
		return out
	}
	switch b[0] {
	case '[':
		return parseTagged(e, b, out)
	case 'S':
		if rest, ok := cut(b, "Starting local session "); ok {
			id, rest := sessionID(nm, rest)
			cwd, _ := cut(rest, " in ")
			return append(out, governor.Event{Kind: governor.KindSessionStart, Session: id, Cwd: nm.get(cwd, governor.MaxTextRunes)})
		}
		if rest, ok := cut(b, "Starting app"); ok {
			return append(out, parseAppStart(rest, e.Cont))
		}
		if bytes.HasPrefix(b, []byte("Skipping pause")) {
			ev := governor.Event{Kind: governor.KindPauseSkipped, Text: governor.Sanitize(b, governor.MaxTextRunes)}
			if i := bytes.Index(b, []byte("local_")); i >= 0 {
				ev.Session, _ = sessionID(nm, b[i:])
			}
			return append(out, ev)
		}
		if rest, ok := cut(b, "Startup failed: "); ok { // untagged variant seen in notes
			return append(out, governor.Event{Kind: governor.KindVMFailed, Text: governor.Sanitize(rest, governor.MaxTextRunes)})
		}
	case 'P':
		if rest, ok := cut(b, "Pausing session "); ok {
			id, rest := sessionID(nm, rest)
			reason := ""
			if r, ok := cut(rest, " ("); ok {
				w, _ := word(r, ")")
				reason = nm.get(w, 40)
			}
			return append(out, governor.Event{Kind: governor.KindPause, Session: id, Reason: reason})
		}
	case 'W':
		if rest, ok := cut(b, "Warming session "); ok {
			id, _ := sessionID(nm, rest)
			return append(out, governor.Event{Kind: governor.KindWarming, Session: id})
		}
	case 'E':
		if rest, ok := cut(b, "Enabling remote control for session "); ok {
			id, _ := sessionID(nm, rest)
			return append(out, governor.Event{Kind: governor.KindRemoteControl, Session: id})
		}
	case 'G':
		if bytes.HasPrefix(b, []byte("GPU process gone")) {
			return append(out, governor.Event{Kind: governor.KindRendererGone, Text: governor.Sanitize(b, governor.MaxTextRunes)})
		}
	case 'M':
		if bytes.HasPrefix(b, []byte("Main webview render process gone")) {
			return append(out, governor.Event{Kind: governor.KindRendererGone, Text: governor.Sanitize(b, governor.MaxTextRunes)})
		}
		if bytes.HasPrefix(b, []byte("Main webview is unresponsive")) {
			return append(out, governor.Event{Kind: governor.KindUnresponsive, Text: governor.Sanitize(b, governor.MaxTextRunes)})
		}
	case 'b', 'w':
		if bytes.HasPrefix(b, []byte("beforeQuit: handler fired")) || bytes.HasPrefix(b, []byte("willQuit: handler")) {
			return append(out, governor.Event{Kind: governor.KindAppQuit, Text: governor.Sanitize(b, governor.MaxTextRunes)})
		}
	case 'V', 'L', 'U', 's', ' ':
		return parseVMSwift(nm, b, out)
	}
	return out
}

func parseTagged(e *Entry, b []byte, out []governor.Event) []governor.Event {
	nm := e.names
	if len(b) < 3 {
		return out
	}
	switch b[1] {
	case 'C':
		if rest, ok := cut(b, "[CliGovernor] "); ok {
			return append(out, parseGovernor(nm, rest))
		}
		if rest, ok := cut(b, "[CCD] "); ok {
			return parseCCD(nm, rest, out)
		}
		if rest, ok := cut(b, "[CCD CycleHealth] "); ok {
			return append(out, parseCycleHealth(nm, rest))
		}
	case 'W':
		if rest, ok := cut(b, "[WarmLifecycle:"); ok {
			return parseWarmLifecycle(nm, rest, out)
		}
	case 'p':
		if rest, ok := cut(b, "[process-memory] "); ok {
			return append(out, parseProcessMemory(nm, rest))
		}
	case 'e':
		if rest, ok := cut(b, "[event-loop-stall] main process blocked for "); ok {
			ms, _, _ := num(rest)
			return append(out, governor.Event{Kind: governor.KindStall, DurationMs: int64(ms)})
		}
	case 'S':
		if rest, ok := cut(b, "[Stop hook] Query completed for session "); ok {
			id, _ := sessionID(nm, rest)
			return append(out, governor.Event{Kind: governor.KindTurnEnd, Session: id})
		}
	case 'V':
		return parseVMNode(nm, b, out)
	}
	return out
}

func parseCCD(nm *names, b []byte, out []governor.Event) []governor.Event {
	if rest, ok := cut(b, "LocalSessions.setFocusedSession: sessionId="); ok {
		id, _ := sessionID(nm, rest)
		if id == "null" {
			return out // the new-session screen: no session gained focus
		}
		return append(out, governor.Event{Kind: governor.KindFocus, Session: id})
	}
	if rest, ok := cut(b, "Stopping "); ok {
		if n, rest, ok := num(rest); ok && bytes.HasPrefix(rest, []byte(" active session")) {
			return append(out, governor.Event{Kind: governor.KindStopAll, Count: n})
		}
	}
	return out
}

// parseCycleHealth reads S15/S16:
//
//	healthy cycle for S (12s, hadFirstResponse=true)
//	unhealthy cycle for S (3s, hadFirstResponse=false, reason=app_quit)
//	S api_error (rate_limit): text
func parseCycleHealth(nm *names, b []byte) governor.Event {
	ev := governor.Event{Kind: governor.KindCycleHealth}
	healthy := false
	rest, ok := cut(b, "healthy cycle for ")
	if ok {
		healthy = true
	} else {
		rest, ok = cut(b, "unhealthy cycle for ")
	}
	if ok {
		ev.Healthy = &healthy
		ev.Session, rest = sessionID(nm, rest)
		if r, ok := cut(rest, " ("); ok {
			secs, r2, _ := num(r)
			ev.DurationMs = int64(secs) * 1000
			if i := bytes.Index(r2, []byte("reason=")); i >= 0 {
				w, _ := word(r2[i+7:], ",)")
				ev.Reason = nm.get(w, 40)
			}
		}
		return ev
	}
	ev.Healthy = &healthy
	ev.Session, rest = sessionID(nm, b)
	kind, rest := word(bytes.TrimLeft(rest, " "), " :")
	ev.Reason = nm.get(kind, 40)
	ev.Text = governor.Sanitize(bytes.TrimLeft(rest, " "), governor.MaxTextRunes)
	return ev
}

func parseWarmLifecycle(nm *names, b []byte, out []governor.Event) []governor.Event {
	tag, rest := word(b, "]")
	rest, ok := cut(rest, "] ")
	if !ok {
		return out
	}
	lc := nm.get(tag, 20)
	if r, ok := cut(rest, "Starting idle timeout for "); ok {
		id, r := sessionID(nm, r)
		r, _ = cut(r, ": ")
		secs, _, _ := num(r)
		return append(out, governor.Event{Kind: governor.KindIdleTimer, Session: id, Lifecycle: lc, TimeoutS: secs})
	}
	if r, ok := cut(rest, "Idle timeout reached, disconnecting "); ok {
		id, _ := sessionID(nm, r)
		return append(out, governor.Event{Kind: governor.KindIdleTimeout, Session: id, Lifecycle: lc})
	}
	if r, ok := cut(rest, "Warming up session "); ok {
		id, _ := sessionID(nm, r)
		return append(out, governor.Event{Kind: governor.KindWarming, Session: id, Lifecycle: lc})
	}
	return out
}

// parseAppStart reads the inspect-style object of "Starting app {", whether
// on one line or spread over continuation lines.
func parseAppStart(first []byte, cont [][]byte) governor.Event {
	ev := governor.Event{Kind: governor.KindAppStart}
	take := func(line []byte) {
		for _, f := range []struct {
			key string
			dst *string
		}{{"appVersion:", &ev.Version}, {"platform:", &ev.Platform}, {"arch:", &ev.Arch}} {
			if i := bytes.Index(line, []byte(f.key)); i >= 0 && *f.dst == "" {
				v := bytes.TrimLeft(line[i+len(f.key):], " ")
				v = bytes.TrimLeft(v, "'\"")
				w, _ := word(v, "'\",} ")
				*f.dst = governor.Sanitize(w, 40)
			}
		}
	}
	take(first)
	for _, c := range cont {
		take(c)
	}
	return ev
}

// wantsContinuation says which entries need their continuation lines kept.
func wantsContinuation(body []byte) bool {
	return bytes.HasPrefix(body, []byte("Starting app"))
}
