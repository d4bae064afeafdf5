package ingest

import (
	"github.com/coworktop/coworktop/governor"
)

// parse turns one entry into events, appended to out. Only the entry's first
// line decides its shape: text quoted inside a continuation (a stack trace
// mentioning "[CliGovernor]") never becomes an event of its own. Most entries
// yield nothing; a rate-limit signal anywhere in the entry adds an
// api.rate_limit event.
func parse(e *entry, out []governor.Event) []governor.Event {
	n := len(out)
	switch {
	case e.parsed:
		out = append(out, e.events...)
	case e.vmConfig:
		out = append(out, vmConfigEvents(e)...)
	default:
		out = parseBody(e, out)
	}
	return finishEntry(e, out, n)
}

// finishEntry adds the entry's rate-limit event, if any, and gives the
// events from out[n:] on the entry's time, file, line and level.
func finishEntry(e *entry, out []governor.Event, n int) []governor.Event {
	if e.RateLimit {
		out = append(out, governor.Event{Kind: governor.KindRateLimit, Text: e.rateText})
	}
	if n == len(out) {
		return out
	}
	// The entry's time and level, read once for all its events.
	t := e.Time()
	level, text := governor.LevelOf(e.Level)
	for i := n; i < len(out); i++ {
		ev := &out[i]
		ev.Time, ev.File, ev.Line = t, e.File, e.Line
		if ev.Level == governor.LevelNone {
			ev.Level = level
			if text != "" {
				ev.Detailed().LevelText = text
			}
		}
	}
	return out
}

func parseBody(e *entry, out []governor.Event) []governor.Event {
	return parseText(e, e.Body, out)
}

// parseText reads a body, or what follows a session line's tag: every
// untagged shape is also read after "[CCD] ", "[WarmLifecycle:…] " and
// "[IdleManager:…] ", since the app added and renamed those tags over the
// versions (claude-logs.md §7.1).
func parseText(e *entry, b []byte, out []governor.Event) []governor.Event {
	if len(b) == 0 {
		return out
	}
	if b[0] == ' ' { // "[info]  [WarmLifecycle…": runs of spaces vary
		if b = trimSpaces(b); len(b) == 0 {
			return out
		}
	}
	switch b[0] {
	case '[':
		return parseTagged(e, b, out)
	case 'S':
		return parseS(e, b, out)
	case 'P':
		return parsePausing(e.names, b, out)
	case 'W':
		return parseWarming(e, b, out)
	case 'I':
		return parseIdleTimeout(e, b, out)
	case 'h', 'u':
		return parseCycleLine(e, b, out)
	case 'E':
		return parseEnablingRemote(e, b, out)
	case 'R':
		return parseR(e, b, out)
	case 'G', 'M':
		return parseRenderer(b, out)
	case 'b', 'w':
		return parseQuit(b, out)
	case 'L':
		if rest, ok := cut(b, "LocalSessions.setFocusedSession: sessionId="); ok {
			return focus(e.names, rest, out)
		}
		return parseVMSwift(e.names, b, out)
	case 's':
		if b[1] == 'e' {
			return parseSecondInstance(b, out)
		}
		return parseVMSwift(e.names, b, out)
	case 'V', 'U', '-':
		return parseVMSwift(e.names, b, out)
	case 'K':
		return parseKilling(b, out)
	case 'N':
		return parseSecondInstance(b, out)
	case 'D':
		return parseDispatchError(e, b, out)
	}
	return out
}

func parseTagged(e *entry, b []byte, out []governor.Event) []governor.Event {
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
			return parseCCD(e, rest, out)
		}
		if rest, ok := cut(b, "[CCD CycleHealth] "); ok {
			return append(out, parseCycleHealth(nm, trimSpaces(rest)))
		}
	case 'W':
		if rest, ok := cut(b, "[WarmLifecycle:"); ok {
			return parseLifecycle(e, rest, out)
		}
	case 'I':
		if rest, ok := cut(b, "[IdleManager:"); ok { // the older name of [WarmLifecycle:]
			return parseLifecycle(e, rest, out)
		}
	case 'p':
		if rest, ok := cut(b, "[process-memory] "); ok {
			return append(out, parseProcessMemory(nm, rest))
		}
		if rest, ok := cut(b, "[pty-host] "); ok {
			return parsePTYHost(trimSpaces(rest), out)
		}
	case 'L':
		if rest, ok := cut(b, "[LocalMcpServerManager] "); ok {
			return parseMCPManager(nm, rest, out)
		}
	case 'K':
		return parseKernelBug(e, b, out)
	case 'e':
		return parseStall(e, b, out)
	case 'S':
		if b[2] == 't' {
			return parseStopHook(e, b, out)
		}
		return parseScheduledTasks(e, b, out)
	case 'V':
		return parseVMNode(nm, b, out)
	case 'u', 's', 'r', 'q':
		return parseAppTagged(e, b, out)
	case 'c':
		return parseCleanupVMBundle(e, b, out)
	}
	return out
}

// trimSpaces drops the spaces a body or a field starts with.
func trimSpaces(b []byte) []byte {
	for len(b) > 0 && b[0] == ' ' {
		b = b[1:]
	}
	return b
}

// setReason gives ev the reason s: a named one, or ReasonOther with s kept
// in its Detail.
func setReason(ev *governor.Event, s string) {
	var other string
	if ev.Reason, other = governor.ReasonOf(s); other != "" {
		ev.Detailed().ReasonText = other
	}
}
