package render

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// encodingJSON is what WriteJSON wrote before the hand-written list.
func encodingJSON(t *testing.T, r Report) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestEvictionsJSONMatchesEncodingJSON(t *testing.T) {
	hostile := []string{"", "plain", `q"uote`, `back\slash`, "<b>&amp;</b>", "tab\there", "nl\nx", "\x00\x1f\x7f",
		"caf\u00e9", "\u2028\u2029", "bad\xff\xfeutf8", "\u202eevil", "emoji 😀", "local_5c1e2d3f-4a5b-4c6d-8e7f-901234567abc"}
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func() string { return hostile[rng.IntN(len(hostile))] }
	for n := range []int{0, 1, 2, 7, 300} {
		r := Report{Files: []File{{Path: "main.log", Lines: 3}}, Evictions: []Evicted{}, Verdict: "v <&>"}
		if n == 0 {
			r.Evictions, r.LossCounts = nil, map[string]int{"crash": 1, "<b>": 2} // null, as before
		}
		for range []int{0, 1, 2, 7, 300}[n] {
			r.Evictions = append(r.Evictions, Evicted{Time: pick(), Session: pick(), IdleS: rng.IntN(2000) - 5,
				IdleSource: pick(), Cause: pick(), File: pick(), Line: rng.IntN(3) * rng.IntN(1<<30)})
			r.Losses = append(r.Losses, Lost{Time: pick(), Session: pick(), Count: rng.IntN(5) - 1, Cause: pick(),
				Detail: pick(), Evidence: pick(), CauseEvidence: pick()})
		}
		if n == 2 {
			r.Losses = nil // one list without the other
		}
		if n == 3 {
			r.Evictions = []Evicted{}
		}
		want := encodingJSON(t, r)
		var got bytes.Buffer
		if err := WriteJSON(&got, r); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			i := 0
			for i < min(got.Len(), len(want)) && got.Bytes()[i] == want[i] {
				i++
			}
			t.Fatalf("%d evictions, %d losses: differs at byte %d:\n got …%q\nwant …%q", len(r.Evictions), len(r.Losses), i,
				got.Bytes()[max(0, i-40):min(got.Len(), i+40)], want[max(0, i-40):min(len(want), i+40)])
		}
	}
}
