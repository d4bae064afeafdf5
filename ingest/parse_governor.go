package ingest

import (
	"bytes"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// parseGovernor reads the body after "[CliGovernor] " (shapes G1–G6 in
// claude-logs.md §1.1). A line of no known shape becomes governor.unknown,
// kept verbatim (sanitised): the app's templates drift between versions and
// nothing may be dropped silently.
func parseGovernor(nm *names, b []byte) event.Event {
	if ev, ok := parseGovernorKnown(nm, b); ok {
		return ev
	}
	return event.Event{Kind: event.KindGovernorUnknown, Text: nm.text(event.KindGovernorUnknown, b)}
}

func parseGovernorKnown(nm *names, b []byte) (event.Event, bool) {
	// G1 acquire(<reason>) effective=<e>/<cap>
	if rest, ok := cut(b, "acquire("); ok {
		reason, rest := word(rest, ")")
		rest, ok := cut(rest, ") effective=")
		if !ok {
			return event.Event{}, false
		}
		eff, rest, ok1 := num(rest)
		rest, ok2 := cut(rest, "/")
		c, _, ok3 := num(rest)
		if !ok1 || !ok2 || !ok3 {
			return event.Event{}, false
		}
		ev := event.Event{Kind: event.KindAcquire, Effective: eff, Cap: c}
		setReason(&ev, nm.get(reason, 20))
		return ev, true
	}
	// G3 at cap; yielding <reason> spawn
	if rest, ok := cut(b, "at cap; yielding "); ok {
		reason, rest := word(rest, " ")
		if _, ok := cut(rest, " spawn"); !ok {
			return event.Event{}, false
		}
		ev := event.Event{Kind: event.KindYield}
		setReason(&ev, nm.get(reason, 20))
		return ev, true
	}
	// G2 at cap=<cap>; <evicting|would evict> <id> (idle <N>s) for <reason> spawn
	if rest, ok := cut(b, "at cap="); ok {
		c, rest, ok := num(rest)
		if !ok {
			return event.Event{}, false
		}
		rest, ok = cut(rest, "; ")
		if !ok {
			return event.Event{}, false
		}
		var verb event.Verb
		if r, ok := cut(rest, "evicting "); ok {
			verb, rest = event.VerbEvicting, r
		} else if r, ok := cut(rest, "would evict "); ok {
			verb, rest = event.VerbWouldEvict, r
		} else {
			return event.Event{}, false
		}
		id, rest := sessionID(nm, rest)
		idle, rest, ok := idleSecs(rest)
		if !ok {
			return event.Event{}, false
		}
		rest, ok = cut(rest, " for ")
		if !ok {
			return event.Event{}, false
		}
		reason, _ := word(rest, " ")
		ev := event.Event{Kind: event.KindAtCap, Cap: c, Verb: verb, Session: id, IdleS: idle}
		setReason(&ev, nm.get(reason, 20))
		return ev, true
	}
	// G4 memory pressure (<level>): would evict <n> idle session(s), <e> effective
	if rest, ok := cut(b, "memory pressure ("); ok {
		level, rest := word(rest, ")")
		rest, ok := cut(rest, "): would evict ")
		if !ok {
			return event.Event{}, false
		}
		n, rest, ok := num(rest)
		if !ok {
			return event.Event{}, false
		}
		i := bytes.Index(rest, []byte(", "))
		if i < 0 {
			return event.Event{}, false
		}
		eff, _, ok := num(rest[i+2:])
		if !ok {
			return event.Event{}, false
		}
		ev := event.Event{Kind: event.KindPressure, Count: n, Effective: eff}
		var other string
		if ev.Pressure, other = host.PressureOf(nm.get(level, 20)); other != "" {
			ev.Detailed().PressureText = other
		}
		return ev, true
	}
	// G5 getFreeMemoryRatio failed; treating memory pressure as clear
	if bytes.HasPrefix(b, []byte("getFreeMemoryRatio failed")) {
		return event.Event{Kind: event.KindRatioFailed, Text: vocab.Sanitize(b, vocab.MaxTextRunes)}, true
	}
	// G6 pressure evicting <id> (idle <N>s)
	if rest, ok := cut(b, "pressure evicting "); ok {
		id, rest := sessionID(nm, rest)
		idle, _, ok := idleSecs(rest)
		if !ok {
			return event.Event{}, false
		}
		return event.Event{Kind: event.KindPressureEvict, Session: id, IdleS: idle, Reason: event.ReasonPressure}, true
	}
	return event.Event{}, false
}

// idleSecs reads " (idle <N>s)".
func idleSecs(b []byte) (int, []byte, bool) {
	rest, ok := cut(b, " (idle ")
	if !ok {
		return 0, b, false
	}
	n, rest, ok := num(rest)
	if !ok {
		return 0, b, false
	}
	rest, ok = cut(rest, "s)")
	// A real idle figure is days at most; a corrupt 18-digit one must not
	// overflow the time arithmetic downstream.
	return min(n, maxIdleS), rest, ok
}

const maxIdleS = 10 * 365 * 24 * 3600
