package vocab

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// Times as logged: main.log, the VM logs and cowork-service.log write local
// wall-clock time with no zone, and mcp.log writes UTC. Readers parse UTC
// stamps into time.UTC and local ones into the zone the log was written in
// (this machine's), reading the hour that repeats when clocks go back in
// order (InOrder). Every JSON time is RFC 3339 with its offset
// ("2026-11-01T01:30:00-05:00"; a UTC stamp keeps its Z): the wall clock
// as logged, and the offset that tells the two occurrences of a repeated
// hour apart.

// WallLayout is how a zoneless time was written by coworktop before JSON
// times carried their offset: ISO 8601 without one. ParseLogged still
// reads it (an older journal), in the reader's zone.
const WallLayout = "2006-01-02T15:04:05.999999999"

// FormatLogged writes t as RFC 3339 with the offset of t's own zone: the
// wall clock as logged, told apart from the other occurrence of a
// repeated hour.
func FormatLogged(t time.Time) string {
	return t.Format(time.RFC3339Nano)
}

// ParseLogged reads FormatLogged's output, or a zoneless time (WallLayout)
// in loc.
func ParseLogged(s string, loc *time.Location) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	t, err := time.ParseInLocation(WallLayout, s, loc)
	if err != nil {
		return time.Time{}, fmt.Errorf("event time %q: %w", s, err)
	}
	return t, nil
}

// TimeRef writes the time it points to as FormatLogged does; omitzero
// leaves a zero one out. It is the JSON field type of a time inside a
// wire form that points into the value it writes and reads.
type TimeRef struct{ T *time.Time }

// IsZero reports a nil or zero time, for omitzero.
func (r TimeRef) IsZero() bool { return r.T == nil || r.T.IsZero() }

// MarshalJSON writes the time as FormatLogged does.
func (r TimeRef) MarshalJSON() ([]byte, error) {
	return strconv.AppendQuote(nil, FormatLogged(*r.T)), nil
}

// UnmarshalJSON reads a time ParseLogged reads, in the local zone.
func (r TimeRef) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("time: %w", err)
	}
	t, err := ParseLogged(s, time.Local)
	if err != nil {
		return err
	}
	*r.T = t
	return nil
}

// RepeatedWall reports whether t's wall clock occurs twice in t's zone (the
// hour, or half hour at Lord Howe, that repeats when clocks go back), and
// if so its two instants, first the earlier. The transition is the
// zone's own: no fixed hour is assumed.
func RepeatedWall(t time.Time) (first, second time.Time, ok bool) {
	if t.Location() == time.UTC {
		return t, t, false
	}
	start, end := t.ZoneBounds()
	_, off := t.Zone()
	if !end.IsZero() {
		// t before a fall-back: its wall clock comes again after it.
		_, after := end.Zone()
		if d := time.Duration(off-after) * time.Second; d > 0 && !t.Before(end.Add(-d)) {
			return t, t.Add(d), true
		}
	}
	if !start.IsZero() {
		// t after a fall-back: its wall clock came before it.
		_, before := start.Add(-time.Nanosecond).Zone()
		if d := time.Duration(before-off) * time.Second; d > 0 && t.Before(start.Add(d)) {
			return t.Add(-d), t, true
		}
	}
	return t, t, false
}

// ReadInOrder places wall, a wall clock just read in its zone, after prev,
// the instant of the line before it in the same log. A wall clock that
// occurs twice (the hour that repeats when clocks go back) is its first
// occurrence, unless that goes back from prev: then it is the second.
// time.Date picks either occurrence, by zone; this picks by the log's
// order. Any other time (a line that goes back outside that hour really
// is out of order) stays as read.
func ReadInOrder(prev, wall time.Time) time.Time {
	first, second, ok := RepeatedWall(wall)
	if !ok {
		return wall
	}
	if prev.IsZero() || !first.Before(prev) {
		return first
	}
	return second
}

// InOrder is ReadInOrder for a time already placed: a first occurrence
// that goes back from prev moves to the second; nothing moves back.
func InOrder(prev, t time.Time) time.Time {
	if prev.IsZero() || !t.Before(prev) {
		return t
	}
	if first, second, ok := RepeatedWall(t); ok && t.Equal(first) {
		return second
	}
	return t
}
