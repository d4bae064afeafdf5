package words

import (
	"encoding/json"
	"testing"
)

// FuzzAppendJSONString holds both quoting functions to encoding/json's
// bytes for any text, valid UTF-8 or not.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "plain text", `a "quoted" \ path`, "<b>&amp;</b>", "tab\there", "é ünïcode", "\xff\xfe", "\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendJSONString([]byte("x"), s); string(got) != "x"+string(want) {
			t.Errorf("AppendJSONString(%q) = %s, json.Marshal gives %s", s, got[1:], want)
		}
		if got := AppendJSONBytes([]byte("x"), []byte(s)); string(got) != "x"+string(want) {
			t.Errorf("AppendJSONBytes(%q) = %s, json.Marshal gives %s", s, got[1:], want)
		}
	})
}
