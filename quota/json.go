package quota

import (
	"encoding/json"

	"github.com/coworktop/coworktop/vocab"
)

type plainQuotaFigure Figure

type quotaFigureWire struct {
	*plainQuotaFigure
	// Percent is left out where the window has no figure: unknown is never 0.
	Percent    *float64      `json:"percent,omitempty"`
	ResetsAt   vocab.TimeRef `json:"resets_at,omitzero"`
	ObservedAt vocab.TimeRef `json:"observed_at,omitzero"`
}

func (q *Figure) wire() *quotaFigureWire {
	return &quotaFigureWire{plainQuotaFigure: (*plainQuotaFigure)(q), ResetsAt: vocab.TimeRef{T: &q.ResetsAt}, ObservedAt: vocab.TimeRef{T: &q.ObservedAt}}
}

// MarshalJSON writes a quota window's figure.
func (q Figure) MarshalJSON() ([]byte, error) {
	w := q.wire()
	if q.State.HasPercent() || q.State == StateNone {
		w.Percent = &q.Percent
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (q *Figure) UnmarshalJSON(b []byte) error {
	w := q.wire()
	if err := json.Unmarshal(b, w); err != nil {
		return err
	}
	if w.Percent != nil {
		q.Percent = *w.Percent
	}
	return nil
}

type plainQuotaBurn Burn

func (q *Burn) wire() any {
	return &struct {
		*plainQuotaBurn
		FullAt vocab.TimeRef `json:"full_at,omitzero"`
	}{(*plainQuotaBurn)(q), vocab.TimeRef{T: &q.FullAt}}
}

// MarshalJSON writes a quota window's pace.
func (q Burn) MarshalJSON() ([]byte, error) { return json.Marshal(q.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (q *Burn) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, q.wire()) }
