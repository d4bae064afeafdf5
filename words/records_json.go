package words

import (
	"encoding/json"
	"fmt"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// An update restart and the records' views in JSON, times as every JSON
// output writes them (snapshotjson.go).

// Restart is a governor.RestartView in its wire form: report --json's
// restarts and snapshot --json's restart.
type Restart governor.RestartView

// Restarts is a list of restarts in their wire form.
func Restarts(rs []governor.RestartView) []Restart {
	return each(rs, func(v governor.RestartView) Restart { return Restart(v) })
}

// restartJSON is a RestartView as the JSON outputs print it: its fields
// in RestartView's order, its sessions in their wire form, then its
// times as the log wrote them.
type restartJSON struct {
	Path          governor.RestartPath `json:"path,omitempty"`
	From          string               `json:"from,omitempty"`
	To            string               `json:"to,omitempty"`
	Stopped       int                  `json:"stopped,omitempty"`
	StoppedLogged bool                 `json:"stopped_logged"`
	StoppedText   string               `json:"stopped_text"`
	Sessions      []restartSessionJSON `json:"sessions"`
	AutoResume    bool                 `json:"auto_resume"`
	Warmed        int                  `json:"warmed,omitempty"`
	Eligible      int                  `json:"eligible,omitempty"`
	Unseen        int                  `json:"unseen,omitempty"`
	UnseenBack    int                  `json:"unseen_back,omitempty"`
	Back          int                  `json:"back"`
	NotBack       int                  `json:"not_back"`
	CutTurns      int                  `json:"cut_turns"`
	LostRC        int                  `json:"remote_control_lost"`
	Evidence      string               `json:"evidence"`
	Summary       string               `json:"summary"`
	At            vocab.TimeRef        `json:"at,omitzero"`
	RelaunchAt    vocab.TimeRef        `json:"relaunch_at,omitzero"`
}

// MarshalJSON writes the restart with its times as the log wrote them.
func (s Restart) MarshalJSON() ([]byte, error) {
	return json.Marshal(restartJSON{
		Path:          s.Path,
		From:          s.From,
		To:            s.To,
		Stopped:       s.Stopped,
		StoppedLogged: s.StoppedLogged,
		StoppedText:   s.StoppedText,
		Sessions:      each(s.Sessions, func(v governor.RestartSession) restartSessionJSON { return restartSessionJSON(v) }),
		AutoResume:    s.AutoResume,
		Warmed:        s.Warmed,
		Eligible:      s.Eligible,
		Unseen:        s.Unseen,
		UnseenBack:    s.UnseenBack,
		Back:          s.Back,
		NotBack:       s.NotBack,
		CutTurns:      s.CutTurns,
		LostRC:        s.LostRC,
		Evidence:      s.Evidence,
		Summary:       s.Summary,
		At:            vocab.TimeRef{T: &s.At}, RelaunchAt: vocab.TimeRef{T: &s.RelaunchAt},
	})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (s *Restart) UnmarshalJSON(b []byte) error {
	j := restartJSON{At: vocab.TimeRef{T: &s.At}, RelaunchAt: vocab.TimeRef{T: &s.RelaunchAt}}
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("restart: %w", err)
	}
	s.Path = j.Path
	s.From = j.From
	s.To = j.To
	s.Stopped = j.Stopped
	s.StoppedLogged = j.StoppedLogged
	s.StoppedText = j.StoppedText
	s.Sessions = each(j.Sessions, func(v restartSessionJSON) governor.RestartSession { return governor.RestartSession(v) })
	s.AutoResume = j.AutoResume
	s.Warmed = j.Warmed
	s.Eligible = j.Eligible
	s.Unseen = j.Unseen
	s.UnseenBack = j.UnseenBack
	s.Back = j.Back
	s.NotBack = j.NotBack
	s.CutTurns = j.CutTurns
	s.LostRC = j.LostRC
	s.Evidence = j.Evidence
	s.Summary = j.Summary
	return nil
}

type plainRestartSession governor.RestartSession

// restartSessionJSON is a governor.RestartSession in its wire form.
type restartSessionJSON governor.RestartSession

func (r *restartSessionJSON) wire() any {
	return &struct {
		*plainRestartSession
		BackAt     vocab.TimeRef `json:"back_at,omitzero"`
		PausedAt   vocab.TimeRef `json:"paused_at,omitzero"`
		PauseDueAt vocab.TimeRef `json:"pause_due_at,omitzero"`
	}{(*plainRestartSession)(r), vocab.TimeRef{T: &r.BackAt}, vocab.TimeRef{T: &r.PausedAt}, vocab.TimeRef{T: &r.PauseDueAt}}
}

// MarshalJSON writes the session with its times as the log wrote them.
func (r restartSessionJSON) MarshalJSON() ([]byte, error) { return json.Marshal(r.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (r *restartSessionJSON) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, r.wire()); err != nil {
		return fmt.Errorf("restart session: %w", err)
	}
	return nil
}

type plainRecordsView governor.RecordsView

// recordsJSON is a governor.RecordsView in its wire form.
type recordsJSON governor.RecordsView

func (r *recordsJSON) wire() any {
	return &struct {
		*plainRecordsView
		At vocab.TimeRef `json:"at,omitzero"`
	}{(*plainRecordsView)(r), vocab.TimeRef{T: &r.At}}
}

// MarshalJSON writes what was read of the records.
func (r recordsJSON) MarshalJSON() ([]byte, error) { return json.Marshal(r.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (r *recordsJSON) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, r.wire()) }

type plainBackground governor.BackgroundView

// backgroundJSON is a governor.BackgroundView in its wire form.
type backgroundJSON governor.BackgroundView

func (b *backgroundJSON) wire() any {
	return &struct {
		*plainBackground
		WaitingSince vocab.TimeRef `json:"waiting_since,omitzero"`
	}{(*plainBackground)(b), vocab.TimeRef{T: &b.WaitingSince}}
}

// MarshalJSON writes a background session.
func (b backgroundJSON) MarshalJSON() ([]byte, error) { return json.Marshal(b.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (b *backgroundJSON) UnmarshalJSON(bs []byte) error { return json.Unmarshal(bs, b.wire()) }
