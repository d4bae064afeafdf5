package words

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// An update restart in JSON, times as every JSON output writes them
// (snapshotjson.go), with its words (RestartStopped, RestartSummary)
// beside its facts.

// Restart is a governor.RestartView in its wire form: report --json's
// restarts and snapshot --json's restart.
type Restart governor.RestartView

// Restarts is a list of restarts in their wire form.
func Restarts(rs []governor.RestartView) []Restart {
	return each(rs, func(v governor.RestartView) Restart { return Restart(v) })
}

// restartJSON is a RestartView as the JSON outputs print it: its fields
// in RestartView's order with its count in words after StoppedLogged,
// its sessions in their wire form, its summary after Evidence, then its
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

// MarshalJSON writes the restart with its times as the log wrote them:
// its wire form's bytes (AppendJSON).
func (s Restart) MarshalJSON() ([]byte, error) {
	return s.AppendJSON(nil), nil
}

// wire is the restart's wire form, for encoding/json: what AppendJSON's
// bytes are held to.
func (s Restart) wire() restartJSON {
	v := (*governor.RestartView)(&s)
	return restartJSON{
		Path:          s.Path,
		From:          s.From,
		To:            s.To,
		Stopped:       s.Stopped,
		StoppedLogged: s.StoppedLogged,
		StoppedText:   RestartStopped(v),
		Sessions:      each(s.Sessions, restartSessionWire),
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
		Summary:       RestartSummary(v),
		At:            vocab.TimeRef{T: &s.At}, RelaunchAt: vocab.TimeRef{T: &s.RelaunchAt},
	}
}

// UnmarshalJSON reads what MarshalJSON writes: the facts (its words are
// said again from them).
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
	s.Sessions = each(j.Sessions, restartSessionJSON.model)
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
	return nil
}

// restartSessionJSON is a governor.RestartSession in its wire form: its
// fields in RestartSession's order, then its times as the log wrote them.
type restartSessionJSON struct {
	ID                  string        `json:"id"`
	Name                string        `json:"name"`
	RemoteControlBefore bool          `json:"remote_control_before"`
	TurnCut             bool          `json:"turn_cut,omitempty"`
	TurnS               int           `json:"turn_s,omitempty"`
	Back                bool          `json:"back"`
	BackBy              string        `json:"back_by,omitempty"`
	RemoteControlAfter  bool          `json:"remote_control_after"`
	RemoteControlLost   bool          `json:"remote_control_lost,omitempty"`
	Evidence            string        `json:"evidence,omitempty"`
	BackAt              vocab.TimeRef `json:"back_at,omitzero"`
	PausedAt            vocab.TimeRef `json:"paused_at,omitzero"`
	PauseDueAt          vocab.TimeRef `json:"pause_due_at,omitzero"`
	// times holds what the TimeRefs read or write.
	times [3]time.Time
}

// restartSessionWire is r in its wire form.
func restartSessionWire(r governor.RestartSession) restartSessionJSON {
	j := restartSessionJSON{ID: r.ID, Name: r.Name, RemoteControlBefore: r.RemoteControlBefore, TurnCut: r.TurnCut, TurnS: r.TurnS,
		Back: r.Back, BackBy: r.BackBy, RemoteControlAfter: r.RemoteControlAfter, RemoteControlLost: r.RemoteControlLost,
		Evidence: r.Evidence, times: [3]time.Time{r.BackAt, r.PausedAt, r.PauseDueAt}}
	return j
}

// refs points the TimeRefs at times.
func (j *restartSessionJSON) refs() {
	j.BackAt, j.PausedAt, j.PauseDueAt = vocab.TimeRef{T: &j.times[0]}, vocab.TimeRef{T: &j.times[1]}, vocab.TimeRef{T: &j.times[2]}
}

// model is the session the wire form says.
func (j restartSessionJSON) model() governor.RestartSession {
	return governor.RestartSession{ID: j.ID, Name: j.Name, RemoteControlBefore: j.RemoteControlBefore, TurnCut: j.TurnCut, TurnS: j.TurnS,
		Back: j.Back, BackAt: j.times[0], BackBy: j.BackBy, RemoteControlAfter: j.RemoteControlAfter, RemoteControlLost: j.RemoteControlLost,
		PausedAt: j.times[1], PauseDueAt: j.times[2], Evidence: j.Evidence}
}

// plainRestartSession is restartSessionJSON without its methods, for
// encoding/json.
type plainRestartSession restartSessionJSON

// MarshalJSON writes the session with its times as the log wrote them.
func (j restartSessionJSON) MarshalJSON() ([]byte, error) {
	j.refs()
	return json.Marshal((*plainRestartSession)(&j))
}

// UnmarshalJSON reads what MarshalJSON writes.
func (j *restartSessionJSON) UnmarshalJSON(b []byte) error {
	j.refs()
	if err := json.Unmarshal(b, (*plainRestartSession)(j)); err != nil {
		return fmt.Errorf("restart session: %w", err)
	}
	return nil
}
