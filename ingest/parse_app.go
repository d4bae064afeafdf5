package ingest

import (
	"bytes"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// App lines: start, quit, updates, relaunches, renderer loss, Remote Control
// bridge state (claude-logs.md §1.4, §7.3, §7.4).

// parseAppTagged reads "[updater] ", "[stealth-update] ",
// "[stealth-relaunch] ", "[rcAutoEnable] ", "[remote-control] " and
// "[quit-cleanup] " lines.
func parseAppTagged(e *entry, b []byte, out []event.Event) []event.Event {
	nm := e.names
	switch b[1] { // b starts with one of its shapes' heads; bridge_state is the common one
	case 'r':
		if e.remote != nil && e.remote.line != "" && string(b) == e.remote.line {
			return out // the very line before, again: a compare, no parse
		}
		if rest, ok := cut(b, "[remote-control] bridge_state: "); ok {
			state, _ := word(bytes.Trim(trimSpaces(rest), `"`), `" `)
			n := len(out)
			out = remoteState(e, event.ReasonBridgeState, nm.get(state, 40), out) // interned: logged all day long
			if e.remote != nil && len(out) > n && len(b) <= 64 {
				e.remote.line = string(b) // one copy per change of state
			}
			return out
		}
		if rest, ok := cut(b, "[rcAutoEnable] verdict: "); ok {
			return remoteState(e, event.ReasonAutoEnable, nm.get(rest, vocab.MaxTextRunes), out)
		}
	case 'u':
		if rest, ok := cut(b, "[updater] "); ok {
			return parseUpdater(nm, trimSpaces(rest), out)
		}
		if rest, ok := cut(b, "[update-restart] "); ok && bytes.Contains(rest, []byte("nav-restore marker")) {
			return append(out, event.Event{Kind: event.KindRestartMarker, Text: vocab.Sanitize(trimSpaces(rest), vocab.MaxTextRunes)})
		}
	case 's':
		if rest, ok := cut(b, "[stealth-update] "); ok && bytes.HasPrefix(trimSpaces(rest), []byte("Triggering stealth update")) {
			// The idle path (claude-logs.md §7.8): the reason says which.
			return append(out, event.Event{Kind: event.KindUpdateRestart, Reason: event.ReasonIdleTimeout})
		}
		if rest, ok := cut(b, "[stealth-relaunch] "); ok {
			// "Saved navigation history" and "otherAppFullScreen=" are
			// written before the quit: no relaunch (claude-logs.md §7.9).
			if r := trimSpaces(rest); bytes.HasPrefix(r, []byte("Saved ")) || bytes.HasPrefix(r, []byte("otherAppFullScreen")) {
				return out
			}
			return append(out, event.Event{Kind: event.KindRelaunch, Text: vocab.Sanitize(b, vocab.MaxTextRunes)})
		}
	case 'q':
		if _, ok := cut(b, "[quit-cleanup] "); ok {
			return append(out, event.Event{Kind: event.KindAppQuit, Text: vocab.Sanitize(b, vocab.MaxTextRunes)})
		}
	}
	return out
}

// parseUpdater reads
//
//	Version changed since last launch: 1.46388.1 → 1.46388.2
//	Update downloaded and ready to install { releaseName: 'Claude 2.2553.1' }
func parseUpdater(nm *names, b []byte, out []event.Event) []event.Event {
	if rest, ok := cut(b, "Version changed since last launch: "); ok {
		from, rest := word(trimSpaces(rest), " ")
		rest = trimSpaces(rest)
		if r, ok := cut(rest, "→"); ok {
			rest = r
		} else if r, ok := cut(rest, "->"); ok {
			rest = r
		} else {
			return out
		}
		to, _ := word(trimSpaces(rest), " ")
		return append(out, event.Event{Kind: event.KindAppUpdated, Detail: &event.EventDetail{From: nm.get(from, 40), To: nm.get(to, 40)}})
	}
	if ev, ok := parseUpdaterRestart(nm, b); ok {
		return append(out, ev)
	}
	if rest, ok := cut(b, "Update downloaded"); ok {
		ev := event.Event{Kind: event.KindUpdateReady}
		if i := bytes.Index(rest, []byte("releaseName:")); i >= 0 {
			v := bytes.TrimLeft(rest[i+len("releaseName:"):], " '\"")
			v, _ = word(v, "'\"}")
			v = bytes.TrimPrefix(v, []byte("Claude "))
			ev.Detailed().Version = nm.get(bytes.TrimSpace(v), 40)
		}
		return append(out, ev)
	}
	return out
}

// parseRenderer reads "GPU process gone: { … }" and "Main webview render
// process gone: { reason: 'oom', exitCode: -536870904 }" (keeping the
// reason and exit code) and "Main webview is unresponsive".
func parseRenderer(b []byte, out []event.Event) []event.Event {
	if bytes.HasPrefix(b, []byte("GPU process gone")) || bytes.HasPrefix(b, []byte("Main webview render process gone")) {
		ev := event.Event{Kind: event.KindRendererGone, Text: vocab.Sanitize(b, vocab.MaxTextRunes)}
		if v, ok := inspectField(b, "reason:"); ok {
			setReason(&ev, vocab.Sanitize(v, 40))
		}
		if v, ok := inspectField(b, "exitCode:"); ok {
			if n, _, ok := signedNum(v); ok {
				ev.Detailed().ExitCode = &n
			}
		}
		return append(out, ev)
	}
	if bytes.HasPrefix(b, []byte("Main webview is unresponsive")) {
		return append(out, event.Event{Kind: event.KindUnresponsive, Text: vocab.Sanitize(b, vocab.MaxTextRunes)})
	}
	return out
}

// inspectField is the value after key in a util.inspect-style object,
// without its quotes.
func inspectField(b []byte, key string) ([]byte, bool) {
	i := bytes.Index(b, []byte(key))
	if i < 0 {
		return nil, false
	}
	v := bytes.TrimLeft(b[i+len(key):], " '\"")
	v, _ = word(v, "'\", }")
	return v, len(v) > 0
}

// parseQuit reads the quit handlers' lines; a quit writes several, and
// quitFold makes them one app.quit.
func parseQuit(b []byte, out []event.Event) []event.Event {
	switch {
	case bytes.HasPrefix(b, []byte("beforeQuitForUpdate")): // this quit is an update restart (§7.7)
		return append(out, event.Event{Kind: event.KindUpdateRestart, Reason: event.ReasonUpdate, Text: vocab.Sanitize(b, vocab.MaxTextRunes)})
	case bytes.HasPrefix(b, []byte("beforeQuit: handler fired")), bytes.HasPrefix(b, []byte("willQuit: handler")):
		return append(out, event.Event{Kind: event.KindAppQuit, Text: vocab.Sanitize(b, vocab.MaxTextRunes)})
	}
	return out
}

// parseAppStart reads the inspect-style object of "Starting app {", whether
// on one line or spread over continuation lines.
func parseAppStart(first []byte, cont [][]byte) event.Event {
	ev := event.Event{Kind: event.KindAppStart}
	take := func(line []byte) {
		for _, f := range []struct {
			key string
			dst *string
		}{{"appVersion:", &ev.Detailed().Version}, {"platform:", &ev.Detailed().Platform}, {"arch:", &ev.Detailed().Arch}} {
			if i := bytes.Index(line, []byte(f.key)); i >= 0 && *f.dst == "" {
				v := bytes.TrimLeft(line[i+len(f.key):], " ")
				v = bytes.TrimLeft(v, "'\"")
				w, _ := word(v, "'\",} ")
				*f.dst = vocab.Sanitize(w, 40)
			}
		}
	}
	take(first)
	for _, c := range cont {
		take(c)
	}
	return ev
}

// remoteSeen is the last Remote Control state line an assembler read.
type remoteSeen struct {
	reason event.Reason
	text   string
	line   string // the bridge_state body that said so, when short
}

// remoteState is an app.remote_control event, unless it repeats the one
// before it: the app writes bridge_state "connected" over and over (a tenth
// of some logs), and only a change says something. quitFold drops the
// repeats across blocks, so this only saves making them.
func remoteState(e *entry, reason event.Reason, text string, out []event.Event) []event.Event {
	if e.remote != nil {
		if e.remote.reason == reason && e.remote.text == text {
			return out
		}
		*e.remote = remoteSeen{reason: reason, text: text}
	}
	return append(out, event.Event{Kind: event.KindRemoteState, Reason: reason, Text: text})
}
