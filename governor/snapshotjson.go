package governor

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// snapshot --json writes times and durations as every JSON output does:
// a time as the log wrote it (vocab.FormatLogged: no zone the log did not
// have), a duration in seconds, and a zero or unknown one left out. Each
// type with such fields gets a wire form that points into it, so the
// same form writes and reads it; its other fields are written as tagged.

// secondsRef writes the duration it points to in seconds (whole ones as
// integers, others to the millisecond).
type secondsRef struct{ d *time.Duration }

func (r secondsRef) IsZero() bool { return r.d == nil || *r.d == 0 }

func (r secondsRef) MarshalJSON() ([]byte, error) {
	d := *r.d
	if d%time.Second == 0 {
		return strconv.AppendInt(nil, int64(d/time.Second), 10), nil
	}
	return strconv.AppendFloat(nil, math.Round(d.Seconds()*1000)/1000, 'f', -1, 64), nil
}

func (r secondsRef) UnmarshalJSON(b []byte) error {
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return fmt.Errorf("seconds: %w", err)
	}
	*r.d = time.Duration(math.Round(f * float64(time.Second)))
	return nil
}

type plainSnapshot Snapshot

func (s *Snapshot) wire() any {
	return &struct {
		*plainSnapshot
		Now        vocab.TimeRef `json:"now,omitzero"`
		From       vocab.TimeRef `json:"from,omitzero"`
		Newest     vocab.TimeRef `json:"newest,omitzero"`
		LogAge     secondsRef    `json:"log_age_s,omitzero"`
		PressureAt vocab.TimeRef `json:"pressure_at,omitzero"`
		GroupsAt   vocab.TimeRef `json:"groups_at,omitzero"`
	}{(*plainSnapshot)(s), vocab.TimeRef{T: &s.Now}, vocab.TimeRef{T: &s.From}, vocab.TimeRef{T: &s.Newest}, secondsRef{&s.LogAge},
		vocab.TimeRef{T: &s.PressureAt}, vocab.TimeRef{T: &s.GroupsAt}}
}

// MarshalJSON writes the snapshot as snapshot --json prints it.
func (s Snapshot) MarshalJSON() ([]byte, error) { return json.Marshal(s.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (s *Snapshot) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, s.wire()); err != nil {
		return err
	}
	s.Pressure, _ = PressureOf(s.PressureText)
	return nil
}

type plainSession SessionView

func (v *SessionView) wire() any {
	return &struct {
		*plainSession
		FirstSeen      vocab.TimeRef `json:"first_seen,omitzero"`
		LastActivity   vocab.TimeRef `json:"last_activity,omitzero"`
		Idle           secondsRef    `json:"idle_s,omitzero"`
		TimerArmedAt   vocab.TimeRef `json:"timer_armed_at,omitzero"`
		TimerTimeout   secondsRef    `json:"timer_timeout_s,omitzero"`
		TimerRemaining secondsRef    `json:"timer_remaining_s,omitzero"`
		WaitingSince   vocab.TimeRef `json:"waiting_since,omitzero"`
	}{(*plainSession)(v), vocab.TimeRef{T: &v.FirstSeen}, vocab.TimeRef{T: &v.LastActivity}, secondsRef{&v.Idle},
		vocab.TimeRef{T: &v.TimerArmedAt}, secondsRef{&v.TimerTimeout}, secondsRef{&v.TimerRemaining}, vocab.TimeRef{T: &v.WaitingSince}}
}

// MarshalJSON writes a session as snapshot --json prints it.
func (v SessionView) MarshalJSON() ([]byte, error) { return json.Marshal(v.wire()) }

// UnmarshalJSON reads a session as Snapshot's JSON has it, its pause
// reason from the text.
func (v *SessionView) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, v.wire()); err != nil {
		return fmt.Errorf("session: %w", err)
	}
	v.PauseReason, _ = ReasonOf(v.PauseText)
	return nil
}

type plainCap CapView

func (c *CapView) wire() any {
	return &struct {
		*plainCap
		At  vocab.TimeRef `json:"at,omitzero"`
		Age secondsRef    `json:"age_s,omitzero"`
	}{(*plainCap)(c), vocab.TimeRef{T: &c.At}, secondsRef{&c.Age}}
}

// MarshalJSON writes the cap, with when it was logged.
func (c CapView) MarshalJSON() ([]byte, error) { return json.Marshal(c.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (c *CapView) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, c.wire()) }

type plainEffective EffectiveView

func (e *EffectiveView) wire() any {
	return &struct {
		*plainEffective
		At  vocab.TimeRef `json:"at,omitzero"`
		Age secondsRef    `json:"age_s,omitzero"`
	}{(*plainEffective)(e), vocab.TimeRef{T: &e.At}, secondsRef{&e.Age}}
}

// MarshalJSON writes the governor's logged count with its age.
func (e EffectiveView) MarshalJSON() ([]byte, error) { return json.Marshal(e.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (e *EffectiveView) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, e.wire()) }

type plainApp AppView

func (a *AppView) wire() any {
	return &struct {
		*plainApp
		StartedAt vocab.TimeRef `json:"started_at,omitzero"`
		DownSince vocab.TimeRef `json:"down_since,omitzero"`
	}{(*plainApp)(a), vocab.TimeRef{T: &a.StartedAt}, vocab.TimeRef{T: &a.DownSince}}
}

// MarshalJSON writes the app's view.
func (a AppView) MarshalJSON() ([]byte, error) { return json.Marshal(a.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (a *AppView) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, a.wire()) }

type plainVM VMView

func (v *VMView) wire() any {
	return &struct {
		*plainVM
		OpenSince vocab.TimeRef `json:"open_since,omitzero"`
	}{(*plainVM)(v), vocab.TimeRef{T: &v.OpenSince}}
}

// MarshalJSON writes the VM's view.
func (v VMView) MarshalJSON() ([]byte, error) { return json.Marshal(v.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (v *VMView) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, v.wire()) }

type plainCounts Counts

func (c *Counts) wire() any {
	return &struct {
		*plainCounts
		MinSysFreeMB knownRef      `json:"min_sys_free_mb,omitzero"`
		MinSysFreeAt vocab.TimeRef `json:"min_sys_free_at,omitzero"`
	}{(*plainCounts)(c), knownRef{&c.MinSysFreeMB}, vocab.TimeRef{T: &c.MinSysFreeAt}}
}

// knownRef writes a figure whose -1 means unknown: omitzero leaves that
// out, and reading finds it absent as -1 again.
type knownRef struct{ n *int }

func (r knownRef) IsZero() bool { return r.n == nil || *r.n < 0 }

func (r knownRef) MarshalJSON() ([]byte, error) { return strconv.AppendInt(nil, int64(*r.n), 10), nil }

func (r knownRef) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, r.n); err != nil {
		return fmt.Errorf("figure: %w", err)
	}
	return nil
}

// MarshalJSON writes the running totals.
func (c Counts) MarshalJSON() ([]byte, error) { return json.Marshal(c.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (c *Counts) UnmarshalJSON(b []byte) error {
	c.MinSysFreeMB = -1 // unknown unless written
	return json.Unmarshal(b, c.wire())
}

type plainLoss Loss

func (l *Loss) wire() any {
	return &struct {
		*plainLoss
		Time vocab.TimeRef `json:"time,omitzero"`
	}{(*plainLoss)(l), vocab.TimeRef{T: &l.Time}}
}

// MarshalJSON writes a loss.
func (l Loss) MarshalJSON() ([]byte, error) { return json.Marshal(l.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (l *Loss) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, l.wire()) }

type plainHost HostMemory

func (h *HostMemory) wire() any {
	return &struct {
		*plainHost
		At vocab.TimeRef `json:"at,omitzero"`
	}{(*plainHost)(h), vocab.TimeRef{T: &h.At}}
}

// MarshalJSON writes a host sample.
func (h HostMemory) MarshalJSON() ([]byte, error) { return json.Marshal(h.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (h *HostMemory) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, h.wire()) }

type plainFile FileStatus

func (f *FileStatus) wire() any {
	return &struct {
		*plainFile
		Since      vocab.TimeRef `json:"since,omitzero"`
		LastLineAt vocab.TimeRef `json:"last_line_at,omitzero"`
		NewestLine vocab.TimeRef `json:"newest_line_at,omitzero"` // the newest line's own stamp
	}{(*plainFile)(f), vocab.TimeRef{T: &f.Since}, vocab.TimeRef{T: &f.LastLineAt}, vocab.TimeRef{T: &f.NewestLine}}
}

// MarshalJSON writes a log file's follower status.
func (f FileStatus) MarshalJSON() ([]byte, error) { return json.Marshal(f.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (f *FileStatus) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, f.wire()) }

type plainUpdate UpdateView

func (u *UpdateView) wire() any {
	return &struct {
		*plainUpdate
		Since        vocab.TimeRef `json:"pending_since,omitzero"`
		LastDeferral vocab.TimeRef `json:"last_deferral,omitzero"`
		WindowFrom   vocab.TimeRef `json:"window_from,omitzero"`
		WindowTo     vocab.TimeRef `json:"window_to,omitzero"`
	}{(*plainUpdate)(u), vocab.TimeRef{T: &u.Since}, vocab.TimeRef{T: &u.LastDeferral}, vocab.TimeRef{T: &u.WindowFrom}, vocab.TimeRef{T: &u.WindowTo}}
}

// MarshalJSON writes a pending update.
func (u UpdateView) MarshalJSON() ([]byte, error) { return json.Marshal(u.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (u *UpdateView) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, u.wire()) }
