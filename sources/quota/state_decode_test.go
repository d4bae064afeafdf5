package quota

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/coworktop/coworktop/quota"
)

// stateDocs are state files and statusline-log.json files as coworktop
// writes them, and the edges a struct decode reads in its own way: nulls,
// absent members, members of the wrong type, an empty list, unknown keys.
var stateDocs = []string{
	`{"version":1,"samples":[{"at":"2026-12-07T09:58:41Z","rate_limits":{"five_hour":{"used_percentage":23.5,"resets_at":1738425600},"seven_day":{"used_percentage":41.2,"resets_at":1738857600}}}]}`,
	`{"version":1,"samples":[{"at":"2026-12-07T09:58:41Z","rate_limits":{"none":true}},{"at":"2026-12-07T10:00:00Z","rate_limits":{"spend_limit":{"used_percentage":null,"resets_at":"2026-12-08T00:00:00Z"}}}],"account":{"size":12,"mod":"2026-12-01T00:00:00Z","checked":"2026-12-07T09:00:00Z","readings":[{"window":"five_hour","percent":12,"resets_at":1738425600,"at":"2026-12-07T08:00:00Z"},{"window":"weekly_scoped","scope":"Fable","no_limit":true,"at":"2026-12-07T08:00:00Z"}]}}`,
	`{"version":1,"samples":[],"account":null}`,
	`{"version":1,"samples":null}`,
	`{"samples":[null,{"at":"2026-12-07T09:58:41Z","rate_limits":null},{"rate_limits":{"five_hour":null}}]}`,
	`{"version":1,"samples":[{"at":"2026-12-07T09:58:41Z","rate_limits":{"five_hour":{"used_percentage":"x"}}}]}`,
	`{"version":1,"samples":[{"at":"yesterday"}]}`,
	`{"version":1,"samples":{}}`,
	`{"version":"1"}`,
	`{"version":1,"account":{"readings":[{"window":"fortnight"}]}}`,
	`{"version":1,"other":[1,2,3],"samples":[{"at":"2026-12-07T09:58:41Z","extra":{},"rate_limits":{"five_hour":{"used_percentage":101,"resets_at":-3}}}]}`,
	`null`, `[]`, `7`, ``, `{`, `{"version":1} x`,
	`{"version":1,"checked":"2026-12-07T09:58:41.842567444Z","override":"\u0000/logs","folder":"/logs","found":"2026-12-07T09:58:41.842567444Z","log_size":268435540,"log_mod":"2026-12-07T09:53:27.263779486Z","effective":3,"effective_at":"2026-12-07T09:50:00Z","cap":8}`,
	`{"version":1,"log_size":"big"}`,
	`{"version":1,"checked":null,"cap":null}`,
}

// TestStateDecodeMatchesStructDecode: the member-by-member decoders read
// every document as json.Unmarshal into the structs does, and fail where
// it fails.
func TestStateDecodeMatchesStructDecode(t *testing.T) {
	for _, doc := range stateDocs {
		var want StatuslineState
		werr := json.Unmarshal([]byte(doc), &want)
		got, gerr := decodeStatuslineState([]byte(doc))
		if (werr == nil) != (gerr == nil) || werr == nil && !reflect.DeepEqual(got, want) {
			t.Errorf("state %s:\n got %+v, %v\nwant %+v, %v", doc, got, gerr, want, werr)
		}
		var wantLog StatuslineLog
		werr = json.Unmarshal([]byte(doc), &wantLog)
		gotLog, gerr := decodeStatuslineLog([]byte(doc))
		if (werr == nil) != (gerr == nil) || werr == nil && !reflect.DeepEqual(gotLog, wantLog) {
			t.Errorf("log %s:\n got %+v, %v\nwant %+v, %v", doc, gotLog, gerr, wantLog, werr)
		}
	}
}

// TestStateDecodeReadsWhatRecordWrites: a state file written by
// recordStatusline, account note included, reads back whole.
func TestStateDecodeReadsWhatRecordWrites(t *testing.T) {
	pct := 42.5
	now := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	st := StatuslineState{Version: 1, Samples: []StatuslineSeen{
		{At: now, RateLimits: RateLimits{FiveHour: &RateWindow{UsedPercentage: &pct, ResetsAt: UnixStamp{now.Add(time.Hour)}}}},
		{At: now.Add(time.Minute), RateLimits: RateLimits{None: true}},
	}, Account: &AccountSeen{Size: 3, Mod: now, Checked: now, Readings: []AccountEntry{
		{Window: quota.SevenDay, Scope: "Fable", Percent: &pct, ResetsAt: UnixStamp{now.Add(time.Hour)}, At: now},
	}}}
	data, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeStatuslineState(data)
	var want StatuslineState
	if err != nil || json.Unmarshal(data, &want) != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("read back %+v, %v; want %+v", got, err, want)
	}
}

// FuzzStateDecode: whatever the struct decode reads, written back as
// coworktop writes it, the member decoders read alike.
func FuzzStateDecode(f *testing.F) {
	for _, doc := range stateDocs {
		f.Add([]byte(doc))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var st StatuslineState
		if json.Unmarshal(data, &st) == nil {
			canon, err := json.Marshal(st)
			if err != nil {
				return
			}
			var want StatuslineState
			_ = json.Unmarshal(canon, &want)
			if got, err := decodeStatuslineState(canon); err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("state %s: got %+v, %v; want %+v", canon, got, err, want)
			}
		}
		var l StatuslineLog
		if json.Unmarshal(data, &l) == nil {
			canon, err := json.Marshal(l)
			if err != nil {
				return
			}
			var want StatuslineLog
			_ = json.Unmarshal(canon, &want)
			if got, err := decodeStatuslineLog(canon); err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("log %s: got %+v, %v; want %+v", canon, got, err, want)
			}
		}
	})
}
