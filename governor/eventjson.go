package governor

import (
	"encoding/json"
	"fmt"
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

// eventFields is Event without its methods, for the JSON below.
type eventFields Event

// MarshalJSON writes the event with its time as logged.
func (e Event) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Time string `json:"time"`
		*eventFields
	}{FormatLogged(e.Time), (*eventFields)(&e)})
}

// UnmarshalJSON reads what MarshalJSON writes (a zoneless time as local).
func (e *Event) UnmarshalJSON(b []byte) error {
	aux := struct {
		Time string `json:"time"`
		*eventFields
	}{eventFields: (*eventFields)(e)}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	if aux.Time == "" {
		return nil
	}
	t, err := ParseLogged(aux.Time, time.Local)
	if err != nil {
		return err
	}
	e.Time = t
	return nil
}
