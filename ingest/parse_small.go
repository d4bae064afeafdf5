package ingest

import (
	"bytes"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// The one-line shapes of main.log that need no file of their own, each
// reading a whole body (shapes.go names them).

// parseWarming reads "Warming session S" and "Warming up session S".
func parseWarming(e *entry, b []byte, out []event.Event) []event.Event {
	rest, ok := cut(b, "Warming session ")
	if !ok {
		if rest, ok = cut(b, "Warming up session "); !ok {
			return out
		}
	}
	id, _ := sessionID(e.names, rest)
	return append(out, event.Event{Kind: event.KindWarming, Session: id})
}

// parseIdleTimeout reads "Idle timeout reached, disconnecting S".
func parseIdleTimeout(e *entry, b []byte, out []event.Event) []event.Event {
	if rest, ok := cut(b, "Idle timeout reached, disconnecting "); ok {
		id, _ := sessionID(e.names, rest)
		return append(out, event.Event{Kind: event.KindIdleTimeout, Session: id})
	}
	return out
}

// parseCycleLine reads "healthy cycle for S (…)" and "unhealthy cycle for S (…)".
func parseCycleLine(e *entry, b []byte, out []event.Event) []event.Event {
	return append(out, parseCycleHealth(e.names, b)) // b starts with a head: the dispatch says so
}

// parseEnablingRemote reads "Enabling remote control for session S".
func parseEnablingRemote(e *entry, b []byte, out []event.Event) []event.Event {
	if rest, ok := cut(b, "Enabling remote control for session "); ok {
		id, _ := sessionID(e.names, rest)
		return append(out, event.Event{Kind: event.KindRemoteControl, Session: id})
	}
	return out
}

// parseFocusLine reads "LocalSessions.setFocusedSession: sessionId=S".
func parseFocusLine(e *entry, b []byte, out []event.Event) []event.Event {
	if rest, ok := cut(b, "LocalSessions.setFocusedSession: sessionId="); ok {
		return focus(e.names, rest, out)
	}
	return out
}

// parseDispatchError reads "Dispatching startup error: …", the VM's
// failure as the app hands it on.
func parseDispatchError(_ *entry, b []byte, out []event.Event) []event.Event {
	rest := b[len("Dispatching startup error: "):] // its head: the dispatch says so
	return append(out, event.Event{Kind: event.KindVMFailed, Text: vocab.Sanitize(rest, vocab.MaxTextRunes)})
}

// parseLifecycleTagged reads "[WarmLifecycle:…] …" and its older name
// "[IdleManager:…] …" (b starts with one of them: its shape's heads).
func parseLifecycleTagged(e *entry, b []byte, out []event.Event) []event.Event {
	if b[1] == 'W' {
		return parseLifecycle(e, b[len("[WarmLifecycle:"):], out)
	}
	return parseLifecycle(e, b[len("[IdleManager:"):], out)
}

// parseKernelBug reads "[KernelBugMonitor] …", a note of the VM's kernel.
func parseKernelBug(e *entry, b []byte, out []event.Event) []event.Event {
	return append(out, event.Event{Kind: event.KindVMNote, Text: e.names.text(event.KindVMNote, b)})
}

// parseStall reads "[event-loop-stall] main process blocked for 900ms".
func parseStall(_ *entry, b []byte, out []event.Event) []event.Event {
	if rest, ok := cut(b, "[event-loop-stall] main process blocked for "); ok {
		ms, _, _ := num(trimSpaces(rest))
		return append(out, event.Event{Kind: event.KindStall, DurationMs: vocab.CapInt32(int64(ms))})
	}
	return out
}

// parseStopHook reads "[Stop hook] Query completed for session S".
func parseStopHook(e *entry, b []byte, out []event.Event) []event.Event {
	if rest, ok := cut(b, "[Stop hook] Query completed for session "); ok {
		id, _ := sessionID(e.names, rest)
		return append(out, event.Event{Kind: event.KindTurnEnd, Session: id})
	}
	return out
}

// parseScheduledTasks reads "[ScheduledTasks] …", written every 60 s while
// the main process runs (#85104).
func parseScheduledTasks(_ *entry, _ []byte, out []event.Event) []event.Event {
	return append(out, event.Event{Kind: event.KindHeartbeat})
}

// parseCleanupVMBundle reads "[cleanupVMBundleIfUnsupported] … not
// supported …", the VM bundle refused on this machine.
// parseCLIExit reads "CLI exit before update: N of M exited within Nms"
// (app 2.9939.2): the update stopped M sessions (claude-logs.md §7.9).
func parseCLIExit(_ *entry, b []byte, out []event.Event) []event.Event {
	rest, ok := cut(b, "CLI exit before update: ")
	if !ok {
		return out
	}
	_, r, ok := num(rest)
	if !ok {
		return out
	}
	r, ok = cut(r, " of ")
	if !ok {
		return out
	}
	m, _, ok := num(r)
	if !ok {
		return out
	}
	return append(out, event.Event{Kind: event.KindStopAll, Count: m, Text: vocab.Sanitize(b, vocab.MaxTextRunes)})
}

func parseCleanupVMBundle(_ *entry, b []byte, out []event.Event) []event.Event {
	if rest, ok := cut(b, "[cleanupVMBundleIfUnsupported] "); ok && bytes.Contains(rest, []byte("not supported")) {
		// a refusal to start, not a failed boot attempt (claude-logs.md §7.9)
		return append(out, event.Event{Kind: event.KindVMUnsupported, Text: vocab.Sanitize(rest, vocab.MaxTextRunes)})
	}
	return out
}
