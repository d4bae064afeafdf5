package words

import (
	"encoding/json"

	"github.com/coworktop/coworktop/governor"
)

// riskJSON is a governor.Risk as snapshot --json prints it: its kind and
// sessions, its words (summary, evidence) and whether it is backed. Read
// back, its words come back as words (Risk.Summary, Risk.Evidence): the
// facts they were said from are not in the JSON.
type riskJSON governor.Risk

type riskWire struct {
	Kind     governor.RiskKind   `json:"kind"`
	Session  string              `json:"session,omitempty"`
	Sessions []string            `json:"sessions,omitempty"`
	Summary  string              `json:"summary"`
	Also     []governor.RiskKind `json:"also,omitempty"`
	Evidence []string            `json:"evidence"`
	Backed   bool                `json:"backed"`
}

// MarshalJSON writes a risk with its words.
func (r riskJSON) MarshalJSON() ([]byte, error) {
	k := governor.Risk(r)
	return json.Marshal(riskWire{Kind: k.Kind, Session: k.Session, Sessions: k.Sessions, Summary: RiskSummary(k), Also: k.Also,
		Evidence: RiskEvidence(k), Backed: k.Backed})
}

// UnmarshalJSON reads what MarshalJSON writes, the words as words.
func (r *riskJSON) UnmarshalJSON(b []byte) error {
	var w riskWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*r = riskJSON{Kind: w.Kind, Session: w.Session, Sessions: w.Sessions, Summary: w.Summary, Also: w.Also, Evidence: w.Evidence, Backed: w.Backed}
	return nil
}
