package ingest

import (
	"github.com/coworktop/coworktop/event"
)

// parse turns one entry into events, appended to out. Only the entry's first
// line decides its shape: text quoted inside a continuation (a stack trace
// mentioning "[CliGovernor]") never becomes an event of its own. Most entries
// yield nothing; a rate-limit signal anywhere in the entry adds an
// api.rate_limit event.
func parse(e *entry, out []event.Event) []event.Event {
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
func finishEntry(e *entry, out []event.Event, n int) []event.Event {
	if e.RateLimit {
		out = append(out, event.Event{Kind: event.KindRateLimit, Text: e.rateText})
	}
	if n == len(out) {
		return out
	}
	// The entry's time and level, read once for all its events.
	t := e.Time()
	level, text := event.LevelOf(e.Level)
	for i := n; i < len(out); i++ {
		ev := &out[i]
		ev.Time, ev.File, ev.Line = t, e.File, e.Line
		if ev.Level == event.LevelNone {
			ev.Level = level
			if text != "" {
				ev.Detailed().LevelText = text
			}
		}
	}
	return out
}

func parseBody(e *entry, out []event.Event) []event.Event {
	return parseText(e, e.Body, out)
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
func setReason(ev *event.Event, s string) {
	var other string
	if ev.Reason, other = event.ReasonOf(s); other != "" {
		ev.Detailed().ReasonText = other
	}
}
