package words

import (
	"encoding/json"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// The records' views in JSON, times as every JSON output writes them
// (snapshotjson.go).

type plainRecordsView governor.RecordsView

// recordsJSON is a governor.RecordsView in its wire form.
type recordsJSON governor.RecordsView

type recordsWire struct {
	*plainRecordsView
	CoworkNote string        `json:"cowork_note,omitempty"`
	At         vocab.TimeRef `json:"at,omitzero"`
}

func (r *recordsJSON) wire() *recordsWire {
	return &recordsWire{(*plainRecordsView)(r), CoworkNote((*governor.RecordsView)(r)), vocab.TimeRef{T: &r.At}}
}

// MarshalJSON writes what was read of the records, with the cloud note.
func (r recordsJSON) MarshalJSON() ([]byte, error) { return json.Marshal(r.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (r *recordsJSON) UnmarshalJSON(b []byte) error {
	w := r.wire()
	if err := json.Unmarshal(b, w); err != nil {
		return err
	}
	r.CloudOnly = w.CoworkNote != ""
	return nil
}

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
