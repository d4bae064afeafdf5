package ingest

import (
	"bytes"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// The app's own restarts and what they stop: the updater's deferrals and
// auto-restart, the sessions' terminals killed on quit, a second copy of
// the app, the pty-host worker, MCP servers going away (claude-logs.md
// §7.7).

// parseUpdaterRestart reads the [updater] lines about a staged update:
//
//	Deferring auto-restart after 74 hours: Claude is working
//	Auto-restarting app after update pending for 101 hours
//	Staged version 2.110.0 is still current (latest: 2.110.0, lastTarget: 2.110.0)
func parseUpdaterRestart(nm *names, b []byte) (event.Event, bool) {
	if rest, ok := cut(b, "Deferring auto-restart after "); ok {
		ev := event.Event{Kind: event.KindUpdateDeferred}
		h, rest, _ := num(trimSpaces(rest))
		ev.Detailed().PendingS = int64(h) * 3600
		if _, why, ok := bytes.Cut(rest, []byte(":")); ok {
			ev.Text = nm.get(bytes.TrimSpace(why), vocab.MaxTextRunes) // "Claude is working", over and over
		}
		return ev, true
	}
	if rest, ok := cut(b, "Auto-restarting app"); ok {
		ev := event.Event{Kind: event.KindUpdateRestart, Reason: event.ReasonUpdate, Text: vocab.Sanitize(b, vocab.MaxTextRunes)}
		if r, ok := field(rest, "pending for "); ok {
			h, _, _ := num(r)
			ev.Detailed().PendingS = int64(h) * 3600
		}
		return ev, true
	}
	if rest, ok := cut(b, "Staged version "); ok {
		v, _ := word(rest, " ")
		return event.Event{Kind: event.KindUpdateStaged, Detail: &event.EventDetail{Version: nm.get(v, 40)}}, true
	}
	return event.Event{}, false
}

// parseKilling reads "Killing 5 PTY process tree(s) on quit" (after its
// [CCD] tag): the sessions' terminals, killed by the quit.
func parseKilling(b []byte, out []event.Event) []event.Event {
	rest, ok := cut(b, "Killing ")
	if !ok {
		return out
	}
	if n, rest, ok := num(rest); ok && bytes.HasPrefix(rest, []byte(" PTY process tree")) {
		return append(out, event.Event{Kind: event.KindPTYKill, Count: n})
	}
	return out
}

// parseSecondInstance reads a second copy of the app starting and
// exiting at once: "Not main instance, returning early from app ready"
// (the copy) or "second-instance: suppressing duplicate argv" (the app
// that runs).
func parseSecondInstance(b []byte, out []event.Event) []event.Event {
	if bytes.HasPrefix(b, []byte("Not main instance")) || bytes.HasPrefix(b, []byte("second-instance:")) {
		return append(out, event.Event{Kind: event.KindSecondInstance, Text: vocab.Sanitize(b, vocab.MaxTextRunes)})
	}
	return out
}

// parsePTYHost reads "[pty-host] worker exited (1073807364) with 2 live
// PTY(s); refork on demand": the process holding the sessions' terminals
// died (Count: the terminals it held).
func parsePTYHost(b []byte, out []event.Event) []event.Event {
	rest, ok := cut(b, "worker exited")
	if !ok {
		return out
	}
	ev := event.Event{Kind: event.KindPTYHostExit}
	rest = trimSpaces(rest)
	if r, ok := cut(rest, "("); ok {
		if n, r2, ok := signedNum(r); ok {
			ev.Detailed().ExitCode, rest = &n, r2
		}
	}
	if r, ok := field(rest, "with "); ok {
		ev.Count, _, _ = num(r)
	}
	return append(out, ev)
}

// parseMCPManager reads "[LocalMcpServerManager] mimir disconnected" and
// "… Closing mimir": an MCP server went away (Text: its name).
func parseMCPManager(nm *names, b []byte, out []event.Event) []event.Event {
	b = bytes.TrimSpace(b)
	if name, ok := bytes.CutSuffix(b, []byte(" disconnected")); ok && len(name) > 0 {
		return append(out, event.Event{Kind: event.KindMCPGone, Text: nm.get(name, 60)})
	}
	if name, ok := cut(b, "Closing "); ok && len(name) > 0 {
		return append(out, event.Event{Kind: event.KindMCPGone, Text: nm.get(name, 60)})
	}
	return out
}
