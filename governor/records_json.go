package governor

import (
	"encoding/json"

	"github.com/coworktop/coworktop/vocab"
)

// The records' views in JSON, times as every JSON output writes them
// (snapshotjson.go).

type plainRecordsView RecordsView

func (r *RecordsView) wire() any {
	return &struct {
		*plainRecordsView
		At vocab.TimeRef `json:"at,omitzero"`
	}{(*plainRecordsView)(r), vocab.TimeRef{T: &r.At}}
}

// MarshalJSON writes what was read of the records.
func (r RecordsView) MarshalJSON() ([]byte, error) { return json.Marshal(r.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (r *RecordsView) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, r.wire()) }

type plainBackground BackgroundView

func (b *BackgroundView) wire() any {
	return &struct {
		*plainBackground
		WaitingSince vocab.TimeRef `json:"waiting_since,omitzero"`
	}{(*plainBackground)(b), vocab.TimeRef{T: &b.WaitingSince}}
}

// MarshalJSON writes a background session.
func (b BackgroundView) MarshalJSON() ([]byte, error) { return json.Marshal(b.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (b *BackgroundView) UnmarshalJSON(bs []byte) error { return json.Unmarshal(bs, b.wire()) }
