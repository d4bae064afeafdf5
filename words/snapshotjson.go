package words

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/vocab"
)

// snapshotJSON is a Snapshot as snapshot --json prints it: its fields in
// Snapshot's order (TestSnapshotJSONCarriesEveryField), the types with
// times in their wire forms, then the snapshot's own times.
type snapshotJSON struct {
	App               appJSON              `json:"app"`
	Stale             bool                 `json:"stale,omitempty"`
	CameBack          int                  `json:"came_back,omitempty"`
	Live              int                  `json:"live"`
	Cap               capJSON              `json:"cap"`
	Effective         effectiveJSON        `json:"effective"`
	PressureText      string               `json:"pressure,omitempty"`
	Sessions          []sessionJSON        `json:"sessions"`
	IdleRanking       []sessionJSON        `json:"idle_ranking"`
	NextVictim        *sessionJSON         `json:"next_victim"`
	NextVictimWhy     string               `json:"next_victim_why,omitempty"`
	Rules             governor.Rules       `json:"rules"`
	Outlook           outlookJSON          `json:"outlook"`
	Update            *updateJSON          `json:"update,omitempty"`
	Restart           *Restart             `json:"restart,omitempty"`
	Outcomes          []outcomeJSON        `json:"outcomes"`
	EvictionsLastHour int                  `json:"evictions_last_hour"`
	Losses            []lossJSON           `json:"losses"`
	LossCounts        []governor.LossCount `json:"loss_counts"`
	LostNow           []governor.LossCount `json:"lost_now"`
	Risks             []riskJSON           `json:"risks"`
	Counts            countsJSON           `json:"counts"`
	Background        []backgroundJSON     `json:"background,omitempty"`
	Records           *recordsJSON         `json:"records,omitempty"`
	Host              *host.HostMemory     `json:"host,omitempty"`
	Groups            []host.ProcessGroup  `json:"groups,omitempty"`
	Memory            *governor.MemoryView `json:"session_memory,omitempty"`
	AppHelpers        []host.HelperRow     `json:"app_helpers,omitempty"`
	Files             []fileJSON           `json:"files,omitempty"`
	VM                vmJSON               `json:"vm"`
	Quota             *quota.View          `json:"quota,omitempty"`
	QuotaErrors       map[quota.Source]int `json:"quota_read_errors,omitempty"`
	QuotaRefused      map[quota.Source]int `json:"quota_refused_readings,omitempty"`
	Share             *quota.ShareView     `json:"quota_share,omitempty"`
	Now               vocab.TimeRef        `json:"now,omitzero"`
	From              vocab.TimeRef        `json:"from,omitzero"`
	Newest            vocab.TimeRef        `json:"newest,omitzero"`
	LogAge            secondsRef           `json:"log_age_s,omitzero"`
	PressureAt        vocab.TimeRef        `json:"pressure_at,omitzero"`
	GroupsAt          vocab.TimeRef        `json:"groups_at,omitzero"`
}

// MarshalSnapshot writes the snapshot as snapshot --json prints it.
func MarshalSnapshot(s governor.Snapshot) ([]byte, error) { return json.Marshal(SnapshotJSON(&s)) }

// SnapshotJSON is s in its wire form, for an encoder of one's own (snapshot
// --json indents it); it points into s.
func SnapshotJSON(s *governor.Snapshot) any {
	return &snapshotJSON{
		App:               appJSON(s.App),
		Stale:             s.Stale,
		CameBack:          s.CameBack,
		Live:              s.Live,
		Cap:               capJSON(s.Cap),
		Effective:         effectiveJSON(s.Effective),
		PressureText:      s.PressureText,
		Sessions:          each(s.Sessions, func(v governor.SessionView) sessionJSON { return sessionJSON(v) }),
		IdleRanking:       each(s.IdleRanking, func(v governor.SessionView) sessionJSON { return sessionJSON(v) }),
		NextVictim:        (*sessionJSON)(s.NextVictim),
		NextVictimWhy:     NextVictimWhy(s),
		Rules:             s.Rules,
		Outlook:           outlookJSON{Outlook: s.Outlook, Summary: OutlookSummary(s), SweepSummary: SweepSummary(s.Outlook)},
		Update:            (*updateJSON)(s.Update),
		Restart:           (*Restart)(s.Restart),
		Outcomes:          each(s.Outcomes, func(v governor.Outcome) outcomeJSON { return outcomeJSON(v) }),
		EvictionsLastHour: s.EvictionsLastHour,
		Losses:            each(s.Losses, func(v governor.Loss) lossJSON { return lossJSON(v) }),
		LossCounts:        s.LossCounts,
		LostNow:           s.LostNow,
		Risks:             each(s.Risks, func(v governor.Risk) riskJSON { return riskJSON(v) }),
		Counts:            countsJSON(s.Counts),
		Background:        each(s.Background, func(v governor.BackgroundView) backgroundJSON { return backgroundJSON(v) }),
		Records:           (*recordsJSON)(s.Records),
		Host:              s.Host,
		Groups:            s.Groups,
		Memory:            s.Memory,
		AppHelpers:        s.AppHelpers,
		Files:             each(s.Files, func(v event.FileStatus) fileJSON { return fileJSON(v) }),
		VM:                vmJSON(s.VM),
		Quota:             s.Quota,
		QuotaErrors:       s.QuotaErrors,
		QuotaRefused:      s.QuotaRefused,
		Share:             s.Share,
		Now:               vocab.TimeRef{T: &s.Now}, From: vocab.TimeRef{T: &s.From}, Newest: vocab.TimeRef{T: &s.Newest}, LogAge: secondsRef{&s.LogAge},
		PressureAt: vocab.TimeRef{T: &s.PressureAt}, GroupsAt: vocab.TimeRef{T: &s.GroupsAt},
	}
}

// UnmarshalSnapshot reads what MarshalSnapshot writes into s, as a fleet
// of coworktops' outputs is read back.
func UnmarshalSnapshot(b []byte, s *governor.Snapshot) error {
	j := snapshotJSON{Now: vocab.TimeRef{T: &s.Now}, From: vocab.TimeRef{T: &s.From}, Newest: vocab.TimeRef{T: &s.Newest}, LogAge: secondsRef{&s.LogAge},
		PressureAt: vocab.TimeRef{T: &s.PressureAt}, GroupsAt: vocab.TimeRef{T: &s.GroupsAt}}
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	s.App = governor.AppView(j.App)
	s.Stale = j.Stale
	s.CameBack = j.CameBack
	s.Live = j.Live
	s.Cap = governor.CapView(j.Cap)
	s.Effective = governor.EffectiveView(j.Effective)
	s.PressureText = j.PressureText
	s.Sessions = each(j.Sessions, func(v sessionJSON) governor.SessionView { return governor.SessionView(v) })
	s.IdleRanking = each(j.IdleRanking, func(v sessionJSON) governor.SessionView { return governor.SessionView(v) })
	s.NextVictim = (*governor.SessionView)(j.NextVictim)
	s.Rules = j.Rules
	s.Outlook = j.Outlook.Outlook
	s.Update = (*governor.UpdateView)(j.Update)
	s.Restart = (*governor.RestartView)(j.Restart)
	s.Outcomes = each(j.Outcomes, func(v outcomeJSON) governor.Outcome { return governor.Outcome(v) })
	s.EvictionsLastHour = j.EvictionsLastHour
	s.Losses = each(j.Losses, func(v lossJSON) governor.Loss { return governor.Loss(v) })
	s.LossCounts = j.LossCounts
	s.LostNow = j.LostNow
	s.Risks = each(j.Risks, func(v riskJSON) governor.Risk { return governor.Risk(v) })
	s.Counts = governor.Counts(j.Counts)
	s.Background = each(j.Background, func(v backgroundJSON) governor.BackgroundView { return governor.BackgroundView(v) })
	s.Records = (*governor.RecordsView)(j.Records)
	s.Host = j.Host
	s.Groups = j.Groups
	s.Memory = j.Memory
	s.AppHelpers = j.AppHelpers
	s.Files = each(j.Files, func(v fileJSON) event.FileStatus { return event.FileStatus(v) })
	s.VM = governor.VMView(j.VM)
	s.Quota = j.Quota
	s.QuotaErrors = j.QuotaErrors
	s.QuotaRefused = j.QuotaRefused
	s.Share = j.Share
	s.Pressure, _ = host.PressureOf(s.PressureText)
	return nil
}

// each converts a list to its wire form or back, nil staying nil.
func each[T, W any](in []T, f func(T) W) []W {
	if in == nil {
		return nil
	}
	out := make([]W, len(in))
	for i, v := range in {
		out[i] = f(v)
	}
	return out
}

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

type plainSession governor.SessionView

// sessionJSON is a governor.SessionView in its wire form.
type sessionJSON governor.SessionView

func (v *sessionJSON) wire() any {
	return &struct {
		*plainSession
		FirstSeen      vocab.TimeRef `json:"first_seen,omitzero"`
		LastActivity   vocab.TimeRef `json:"last_activity,omitzero"`
		Idle           secondsRef    `json:"idle_s,omitzero"`
		TimerArmedAt   vocab.TimeRef `json:"timer_armed_at,omitzero"`
		TimerTimeout   secondsRef    `json:"timer_timeout_s,omitzero"`
		TimerRemaining secondsRef    `json:"timer_remaining_s,omitzero"`
		WaitingSince   vocab.TimeRef `json:"waiting_since,omitzero"`
		AtRiskWhy      whyRef        `json:"at_risk_why,omitzero"`
		RecordNote     string        `json:"record_note,omitempty"`
	}{(*plainSession)(v), vocab.TimeRef{T: &v.FirstSeen}, vocab.TimeRef{T: &v.LastActivity}, secondsRef{&v.Idle},
		vocab.TimeRef{T: &v.TimerArmedAt}, secondsRef{&v.TimerTimeout}, secondsRef{&v.TimerRemaining}, vocab.TimeRef{T: &v.WaitingSince},
		whyRef{&v.AtRiskBy}, RecordNote(governor.SessionView(*v))}
}

// whyRef is a session's AtRiskBy as its JSON says it: why it is at risk,
// in words (AtRiskWhy); read back, the words as a risk's words.
type whyRef struct{ by **governor.Risk }

// IsZero: the session is not at risk for waiting.
func (w whyRef) IsZero() bool { return *w.by == nil }

// MarshalJSON writes why it is at risk.
func (w whyRef) MarshalJSON() ([]byte, error) { return json.Marshal(RiskSummary(**w.by)) }

// UnmarshalJSON reads why it is at risk back, as the words of its risk.
func (w whyRef) UnmarshalJSON(b []byte) error {
	var why string
	if err := json.Unmarshal(b, &why); err != nil || why == "" {
		return err
	}
	*w.by = &governor.Risk{Kind: governor.RiskWaitingAtRisk, Summary: why}
	return nil
}

// MarshalJSON writes a session as snapshot --json prints it.
func (v sessionJSON) MarshalJSON() ([]byte, error) { return json.Marshal(v.wire()) }

// UnmarshalJSON reads a session as Snapshot's JSON has it, its pause
// reason from the text.
func (v *sessionJSON) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, v.wire()); err != nil {
		return fmt.Errorf("session: %w", err)
	}
	v.PauseReason, _ = event.ReasonOf(v.PauseText)
	return nil
}

type plainCap governor.CapView

// capJSON is a governor.CapView in its wire form.
type capJSON governor.CapView

func (c *capJSON) wire() any {
	return &struct {
		*plainCap
		At  vocab.TimeRef `json:"at,omitzero"`
		Age secondsRef    `json:"age_s,omitzero"`
	}{(*plainCap)(c), vocab.TimeRef{T: &c.At}, secondsRef{&c.Age}}
}

// MarshalJSON writes the cap, with when it was logged.
func (c capJSON) MarshalJSON() ([]byte, error) { return json.Marshal(c.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (c *capJSON) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, c.wire()) }

type plainEffective governor.EffectiveView

// effectiveJSON is a governor.EffectiveView in its wire form.
type effectiveJSON governor.EffectiveView

func (e *effectiveJSON) wire() any {
	return &struct {
		*plainEffective
		At  vocab.TimeRef `json:"at,omitzero"`
		Age secondsRef    `json:"age_s,omitzero"`
	}{(*plainEffective)(e), vocab.TimeRef{T: &e.At}, secondsRef{&e.Age}}
}

// MarshalJSON writes the governor's logged count with its age.
func (e effectiveJSON) MarshalJSON() ([]byte, error) { return json.Marshal(e.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (e *effectiveJSON) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, e.wire()) }

type plainApp governor.AppView

// appJSON is a governor.AppView in its wire form.
type appJSON governor.AppView

func (a *appJSON) wire() any {
	return &struct {
		*plainApp
		StartedAt vocab.TimeRef `json:"started_at,omitzero"`
		DownSince vocab.TimeRef `json:"down_since,omitzero"`
	}{(*plainApp)(a), vocab.TimeRef{T: &a.StartedAt}, vocab.TimeRef{T: &a.DownSince}}
}

// MarshalJSON writes the app's view.
func (a appJSON) MarshalJSON() ([]byte, error) { return json.Marshal(a.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (a *appJSON) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, a.wire()) }

type plainVM governor.VMView

// vmJSON is a governor.VMView in its wire form.
type vmJSON governor.VMView

func (v *vmJSON) wire() any {
	return &struct {
		*plainVM
		LastOutage outageRef     `json:"last_outage,omitzero"` // the outage with its summary
		OpenSince  vocab.TimeRef `json:"open_since,omitzero"`
	}{(*plainVM)(v), outageRef{&v.LastOutage}, vocab.TimeRef{T: &v.OpenSince}}
}

// MarshalJSON writes the VM's view.
func (v vmJSON) MarshalJSON() ([]byte, error) { return json.Marshal(v.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (v *vmJSON) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, v.wire()) }

type plainCounts governor.Counts

// countsJSON is a governor.Counts in its wire form.
type countsJSON governor.Counts

func (c *countsJSON) wire() any {
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
func (c countsJSON) MarshalJSON() ([]byte, error) { return json.Marshal(c.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (c *countsJSON) UnmarshalJSON(b []byte) error {
	c.MinSysFreeMB = -1 // unknown unless written
	return json.Unmarshal(b, c.wire())
}

type plainLoss governor.Loss

// lossJSON is a governor.Loss in its wire form.
type lossJSON governor.Loss

func (l *lossJSON) wire() any {
	return &struct {
		*plainLoss
		Time vocab.TimeRef `json:"time,omitzero"`
	}{(*plainLoss)(l), vocab.TimeRef{T: &l.Time}}
}

// MarshalJSON writes a loss.
func (l lossJSON) MarshalJSON() ([]byte, error) { return json.Marshal(l.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (l *lossJSON) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, l.wire()) }

type plainFile event.FileStatus

// fileJSON is an event.FileStatus in its wire form.
type fileJSON event.FileStatus

func (f *fileJSON) wire() any {
	return &struct {
		*plainFile
		Since      vocab.TimeRef `json:"since,omitzero"`
		LastLineAt vocab.TimeRef `json:"last_line_at,omitzero"`
		NewestLine vocab.TimeRef `json:"newest_line_at,omitzero"` // the newest line's own stamp
	}{(*plainFile)(f), vocab.TimeRef{T: &f.Since}, vocab.TimeRef{T: &f.LastLineAt}, vocab.TimeRef{T: &f.NewestLine}}
}

// MarshalJSON writes a log file's follower status.
func (f fileJSON) MarshalJSON() ([]byte, error) { return json.Marshal(f.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (f *fileJSON) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, f.wire()) }

type plainUpdate governor.UpdateView

// updateJSON is a governor.UpdateView in its wire form.
type updateJSON governor.UpdateView

func (u *updateJSON) wire() any {
	return &struct {
		*plainUpdate
		When         *string       `json:"when"`
		Summary      *string       `json:"summary"`
		Since        vocab.TimeRef `json:"pending_since,omitzero"`
		LastDeferral vocab.TimeRef `json:"last_deferral,omitzero"`
		WindowFrom   vocab.TimeRef `json:"window_from,omitzero"`
		WindowTo     vocab.TimeRef `json:"window_to,omitzero"`
	}{(*plainUpdate)(u), &u.When, &u.Summary, vocab.TimeRef{T: &u.Since}, vocab.TimeRef{T: &u.LastDeferral}, vocab.TimeRef{T: &u.WindowFrom}, vocab.TimeRef{T: &u.WindowTo}}
}

// MarshalJSON writes a pending update, with its words.
func (u updateJSON) MarshalJSON() ([]byte, error) {
	v := governor.UpdateView(u)
	u.When, u.Summary = UpdateWhen(&v), UpdateSummary(&v)
	return json.Marshal(u.wire())
}

// UnmarshalJSON reads what MarshalJSON writes, its words as words.
func (u *updateJSON) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, u.wire()) }

// outcomeJSON is a governor.Outcome in its wire form.
type outcomeJSON governor.Outcome

// outcomeWire is an Outcome as the JSON outputs print it: snapshot --json
// has its fields in this order, the cause as text.
type outcomeWire struct {
	Time       vocab.TimeRef `json:"time,omitzero"`
	Kind       event.Kind    `json:"kind"`
	Session    string        `json:"session,omitempty"`
	IdleS      int           `json:"idle_s,omitempty"`
	IdleSource vocab.Source  `json:"idle_source,omitempty"`
	Cause      string        `json:"cause"`
	Eviction   bool          `json:"eviction"`
	File       string        `json:"file,omitempty"`
	Line       int           `json:"line,omitempty"`
}

// MarshalJSON writes the outcome with its cause as text.
func (o outcomeJSON) MarshalJSON() ([]byte, error) {
	return json.Marshal(outcomeWire{Time: vocab.TimeRef{T: &o.Time}, Kind: o.Kind, Session: o.Session, IdleS: o.IdleS, IdleSource: o.IdleSource,
		Cause: governor.Outcome(o).CauseName(), Eviction: o.Eviction, File: o.File, Line: o.Line})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (o *outcomeJSON) UnmarshalJSON(b []byte) error {
	var t time.Time
	j := outcomeWire{Time: vocab.TimeRef{T: &t}}
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("outcome: %w", err)
	}
	*o = outcomeJSON{Time: t, Kind: j.Kind, Session: j.Session, IdleS: j.IdleS, IdleSource: j.IdleSource,
		Cause: event.CauseOf(j.Cause), Eviction: j.Eviction, File: j.File, Line: j.Line}
	if o.Cause == event.CauseOther {
		o.Other = j.Cause
	}
	return nil
}

// outlookJSON is the outlook as snapshot --json prints it: its counts,
// and its words (read back, the counts only).
type outlookJSON struct {
	governor.Outlook
	SweepSummary string `json:"sweep_summary,omitempty"`
	Summary      string `json:"summary"`
}
