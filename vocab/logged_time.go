package vocab

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// Times as logged: main.log, the VM logs and cowork-service.log write local
// wall-clock time with no zone, and mcp.log writes UTC. An event's JSON
// time says exactly what the log said: a zoneless stamp stays zoneless
// ("2026-09-04T06:46:54", the same on every machine whatever its zone), a
// UTC one keeps its Z. Readers parse UTC stamps into time.UTC and local
// ones into the reader's zone, which is how the two are told apart.

// WallLayout is how a zoneless time is written: ISO 8601 without an offset.
const WallLayout = "2006-01-02T15:04:05.999999999"

// FormatLogged writes t as the log wrote it.
func FormatLogged(t time.Time) string {
	if t.Location() == time.UTC {
		return t.Format(time.RFC3339Nano)
	}
	return t.Format(WallLayout)
}

// ParseLogged reads FormatLogged's output: a zoneless time in loc.
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
