package governor

import "encoding/json"

// The records' views in JSON, times as every JSON output writes them
// (snapshotjson.go).

type plainRecordsView RecordsView

func (r *RecordsView) wire() any {
	return &struct {
		*plainRecordsView
		At timeRef `json:"at,omitzero"`
	}{(*plainRecordsView)(r), timeRef{&r.At}}
}

// MarshalJSON writes what was read of the records.
func (r RecordsView) MarshalJSON() ([]byte, error) { return json.Marshal(r.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (r *RecordsView) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, r.wire()) }

type plainBackground BackgroundView

func (b *BackgroundView) wire() any {
	return &struct {
		*plainBackground
		WaitingSince timeRef `json:"waiting_since,omitzero"`
	}{(*plainBackground)(b), timeRef{&b.WaitingSince}}
}

// MarshalJSON writes a background session.
func (b BackgroundView) MarshalJSON() ([]byte, error) { return json.Marshal(b.wire()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (b *BackgroundView) UnmarshalJSON(bs []byte) error { return json.Unmarshal(bs, b.wire()) }
