package words

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// eventJSON is the flat object `events` prints for an event.Event (and
// the journal keeps), its fields in
// this order: scripts and goldens depend on the names, the order and which
// empty ones are left out.
type eventJSON struct {
	Time  string     `json:"time"`
	File  string     `json:"file"`
	Line  int        `json:"line"`
	Kind  event.Kind `json:"kind"`
	Level string     `json:"level,omitempty"`

	Session string `json:"session,omitempty"`
	Name    string `json:"name,omitempty"` // the session's folder, as Namer gives it (events only)
	Reason  string `json:"reason,omitempty"`
	Verb    string `json:"verb,omitempty"`

	Cap        int    `json:"cap,omitempty"`
	Effective  int    `json:"effective,omitempty"`
	IdleS      int    `json:"idle_s,omitempty"`
	Count      int    `json:"count,omitempty"`
	Pressure   string `json:"pressure,omitempty"`
	Cwd        string `json:"cwd,omitempty"`
	Lifecycle  string `json:"lifecycle,omitempty"`
	TimeoutS   int32  `json:"timeout_s,omitempty"`
	Healthy    *bool  `json:"healthy,omitempty"`
	DurationMs int32  `json:"duration_ms,omitempty"`

	Signal    string `json:"signal,omitempty"`
	ExitCode  *int   `json:"exit_code,omitempty"`
	Bridge    string `json:"bridge,omitempty"`
	Eligible  int    `json:"eligible,omitempty"`
	Marked    int    `json:"marked,omitempty"`
	LowMemory bool   `json:"low_memory,omitempty"`
	// NoResponse: hadFirstResponse=false (session.cycle_health)
	NoResponse bool  `json:"no_first_response,omitempty"`
	PendingS   int64 `json:"pending_s,omitempty"`

	From     string `json:"from,omitempty"`
	To       string `json:"to,omitempty"`
	Version  string `json:"version,omitempty"`
	Platform string `json:"platform,omitempty"`
	Arch     string `json:"arch,omitempty"`

	Step     string `json:"step,omitempty"`
	Phase    string `json:"phase,omitempty"`
	CPUs     int    `json:"cpus,omitempty"`
	MemoryGB int    `json:"memory_gb,omitempty"`
	MemoryMB int    `json:"memory_mb,omitempty"`

	Memory *event.MemorySample `json:"memory,omitempty"`
	Text   string              `json:"text,omitempty"`
}

// MarshalEvent writes the event as one flat object with its time as
// logged.
func MarshalEvent(e event.Event) ([]byte, error) { return MarshalNamedEvent(e, "") }

// MarshalNamedEvent is MarshalEvent with the session's name (Namer) after
// its id, as `events` writes it.
func MarshalNamedEvent(e event.Event, name string) ([]byte, error) {
	d := e.Details()
	return json.Marshal(eventJSON{Name: name,
		Time: vocab.FormatLogged(e.Time), File: e.File, Line: e.Line, Kind: e.Kind, Level: e.LevelText(),
		Session: e.Session, Reason: e.ReasonText(), Verb: e.Verb.String(),
		Cap: e.Cap, Effective: e.Effective, IdleS: e.IdleS, Count: e.Count, Pressure: e.PressureText(),
		Cwd: e.Cwd, Lifecycle: e.Lifecycle, TimeoutS: e.TimeoutS, Healthy: healthy(e.Health), DurationMs: e.DurationMs,
		Signal: d.Signal, ExitCode: d.ExitCode, Bridge: d.Bridge, Eligible: d.Eligible, Marked: d.Marked, LowMemory: d.LowMemory, NoResponse: d.NoResponse, PendingS: d.PendingS,
		From: d.From, To: d.To, Version: d.Version, Platform: d.Platform, Arch: d.Arch,
		Step: d.Step, Phase: d.Phase, CPUs: d.CPUs, MemoryGB: d.MemoryGB, MemoryMB: d.MemoryMB,
		Memory: e.Memory, Text: e.Text,
	})
}

// UnmarshalEvent reads what MarshalEvent writes into e (a zoneless time as
// local).
func UnmarshalEvent(b []byte, e *event.Event) error {
	var j eventJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*e = event.Event{
		File: j.File, Line: j.Line, Kind: j.Kind,
		Session: j.Session,
		Cap:     j.Cap, Effective: j.Effective, IdleS: j.IdleS, Count: j.Count,
		Cwd: j.Cwd, Lifecycle: j.Lifecycle, TimeoutS: j.TimeoutS, Memory: j.Memory, Text: j.Text,
		Health: healthOf(j.Healthy), DurationMs: j.DurationMs,
	}
	d := event.EventDetail{
		Signal: j.Signal, ExitCode: j.ExitCode, Bridge: j.Bridge, Eligible: j.Eligible, Marked: j.Marked, LowMemory: j.LowMemory, NoResponse: j.NoResponse, PendingS: j.PendingS,
		From: j.From, To: j.To, Version: j.Version, Platform: j.Platform, Arch: j.Arch,
		Step: j.Step, Phase: j.Phase, CPUs: j.CPUs, MemoryGB: j.MemoryGB, MemoryMB: j.MemoryMB,
	}
	e.Level, d.LevelText = event.LevelOf(j.Level)
	e.Reason, d.ReasonText = event.ReasonOf(j.Reason)
	e.Pressure, d.PressureText = host.PressureOf(j.Pressure)
	if e.Verb.UnmarshalText([]byte(j.Verb)) != nil {
		return fmt.Errorf("event verb %q: not evicting or would_evict", j.Verb)
	}
	if d != (event.EventDetail{}) {
		e.Detail = &d
	}
	if j.Time == "" {
		return nil
	}
	t, err := vocab.ParseLogged(j.Time, time.Local)
	if err != nil {
		return err
	}
	e.Time = t
	return nil
}

// healthy is a cycle's health as `events` writes it: true, false, or
// left out when the line said none.
func healthy(h event.Health) *bool {
	if h == event.HealthNone {
		return nil
	}
	ok := h == event.HealthGood
	return &ok
}

// healthOf is the Health that healthy gave.
func healthOf(b *bool) event.Health {
	switch {
	case b == nil:
		return event.HealthNone
	case *b:
		return event.HealthGood
	}
	return event.HealthUnhealthy
}
