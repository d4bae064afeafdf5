package quota

import (
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzMembers: members reads every input as json.Unmarshal into a
// map[string]json.RawMessage does: the same members with the same bytes,
// nil for null, and an error where it fails.
func FuzzMembers(f *testing.F) {
	for _, name := range []string{"statusline-input.json", "statusline-input-no-limits.json", "statusline-input-gateway.json", "claude.json"} {
		f.Add(readQuotaFixtureF(f, name))
	}
	for _, doc := range stateDocs {
		f.Add([]byte(doc))
	}
	for _, doc := range []string{` {"a" : 1 , "a":[1,{"b":"}"}], "\u00e9\"x": "\\"} `, `{}`, ` null `, `{"k":"\xff"}`, `{"\xff":1}`, `"s"`, `{"a":tru}`, `{"a":1}}`, "\t{\"x\":-1.5e3,\"y\":true,\"z\":null}\n"} {
		f.Add([]byte(doc))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var want map[string]json.RawMessage
		werr := json.Unmarshal(data, &want)
		got, gerr := members(data)
		if len(data) == 0 {
			if gerr == nil {
				t.Fatal("members of nothing: no error")
			}
			return
		}
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("members(%q): error %v, json.Unmarshal's %v", data, gerr, werr)
		}
		if werr == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("members(%q) = %q, json.Unmarshal's %q", data, got, want)
		}
	})
}
