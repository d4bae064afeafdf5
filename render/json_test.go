package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
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

// fill sets every field of the struct p points to, by reflection: a field
// added to Evicted or Lost and not to its hand-written encoder fails the
// test below instead of going missing from the JSON. Ints are zero now and
// then, strings empty now and then, for omitempty.
func fill(rng *rand.Rand, pick func() string, p any) {
	v := reflect.ValueOf(p).Elem()
	for i := range v.NumField() {
		switch f := v.Field(i); f.Kind() {
		case reflect.String:
			f.SetString(pick())
		case reflect.Int, reflect.Int64:
			f.SetInt(int64(rng.IntN(3)) * int64(rng.IntN(1<<30)-5))
		case reflect.Bool:
			f.SetBool(rng.IntN(2) == 0)
		case reflect.Pointer: // *int: nil now and then
			if f.Type().Elem().Kind() == reflect.Int && rng.IntN(3) > 0 {
				n := rng.IntN(1<<9) - 5
				f.Set(reflect.ValueOf(&n))
			}
		default:
			panic("fill: a field of kind " + f.Kind().String() + ": teach the hand-written encoder and this test")
		}
	}
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
			var ev Evicted
			var c Crashed
			var l Lost
			fill(rng, pick, &ev)
			fill(rng, pick, &c)
			fill(rng, pick, &l)
			r.Evictions = append(r.Evictions, ev)
			r.Crashes = append(r.Crashes, c)
			r.Losses = append(r.Losses, l)
		}
		if n == 2 {
			r.Losses = nil // one list without the other
		}
		if n == 3 {
			r.Evictions = []Evicted{}
		}
		if n == 4 {
			r.Crashes = nil // the lists around it by hand, this one by encoding/json
		}
		sameAsEncodingJSON(t, r, fmt.Sprintf("%d evictions, %d losses", len(r.Evictions), len(r.Losses)))
	}
}

// wallStamp places the digits by hand: it writes what time.Format
// writes, in every zone, for every year Format gives four digits and past
// them.
func TestWallStampIsFormat(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 14))
	zones := []*time.Location{time.UTC, time.FixedZone("", 0), time.FixedZone("UTC+9", 9*3600), time.FixedZone("UTC-7:30", -(7*3600 + 1800))}
	for _, z := range zones {
		for _, at := range []time.Time{
			time.Date(2026, 9, 1, 0, 0, 0, 0, z), time.Date(2026, 12, 31, 23, 59, 59, 999999999, z),
			time.Date(0, 1, 1, 0, 0, 0, 0, z), time.Date(9999, 12, 31, 23, 59, 59, 0, z),
			time.Date(10000, 1, 1, 0, 0, 0, 0, z), time.Date(-1, 6, 1, 12, 0, 0, 0, z),
			time.Date(1, 1, 1, 0, 0, 1, 0, z),
		} {
			if got, want := wallStamp(at), at.Format(TimeLayout); got != want {
				t.Errorf("wallStamp(%v) = %q, Format gives %q", at, got, want)
			}
			if got, want := string(appendOffset([]byte("x"), at)), "x"+at.Format("Z07:00"); got != want {
				t.Errorf("appendOffset(%v) = %q, Format gives %q", at, got, want)
			}
		}
		for range 2000 {
			at := time.Unix(rng.Int64N(1<<36)-1<<35, rng.Int64N(1e9)).In(z)
			if got, want := wallStamp(at), at.Format(TimeLayout); got != want {
				t.Fatalf("wallStamp(%v) = %q, Format gives %q", at, got, want)
			}
		}
	}
	if stamp(time.Time{}) != "" {
		t.Error("the zero time is written as a time")
	}
}

// The restarts list is written element by element: the same bytes as the
// report's one encoding, with hostile text in every string, sessions or
// none, the lists before it by hand or empty, and whatever follows it.
func TestRestartsJSONMatchesEncodingJSON(t *testing.T) {
	hostile := []string{"", "plain", `q"uote`, "<b>&amp;</b>", "nl\nx", "\x00\x1f", "bad\xff\xfeutf8", "\u2028", "emoji 😀"}
	rng := rand.New(rand.NewPCG(3, 4))
	pick := func() string { return hostile[rng.IntN(len(hostile))] }
	at := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	for n := range 6 {
		r := Report{Files: []File{{Path: "main.log", Lines: 3}}, Verdict: pick()}
		for i := range n {
			v := governor.RestartView{At: at.Add(time.Duration(i) * time.Hour), Path: governor.RestartPath(i % 3), From: pick(), To: pick(),
				Stopped: i, StoppedLogged: i%2 == 0, AutoResume: i%3 == 0, Warmed: i, Eligible: 2 * i, Back: i, Evidence: pick()}
			if i%2 == 1 {
				v.RelaunchAt = v.At.Add(time.Minute)
			}
			for k := range 2 * i {
				v.Sessions = append(v.Sessions, governor.RestartSession{ID: pick(), Name: pick(), TurnCut: k%2 == 0, TurnS: k,
					Back: k%3 == 0, BackAt: v.At.Add(time.Duration(k) * time.Second), BackBy: pick(), Evidence: pick()})
			}
			r.Restarts = append(r.Restarts, words.Restart(v))
		}
		if n%2 == 1 {
			r.Losses = []Lost{{Time: "2026-10-01 09:00:00Z", Session: pick(), Count: 1, Cause: "crash", Evidence: "main.log:1"}}
			r.NextVictim = &Victim{Session: pick(), IdleS: 5, Why: pick()}
		}
		sameAsEncodingJSON(t, r, fmt.Sprintf("%d restarts", n))
	}
}

// appendIndent writes what json.Indent writes, for compact and spaced
// JSON (that ends with its value): empty objects and arrays, escapes and brackets inside strings,
// every kind of value, nesting.
func TestAppendIndentIsJSONIndent(t *testing.T) {
	docs := []string{
		`{}`, `[]`, `{"a":[]}`, `[{},[],{"b":{}}]`, `"x"`, `1`, `null`,
		`{"a":"q\"uote \\ back [{,:}]","b":[1,-2.5e3,true,false,null],"c":{"d":{"e":[[[]],[{}]]}}}`,
		" { \"a\" : [ 1 , 2 ] ,\n\t\"b\" : { } }", // (json.Indent keeps space after the value; MarshalJSON leaves none)
		`["\u003cb\u003e\u0026","\u2028",""]`,
	}
	rng := rand.New(rand.NewPCG(7, 8))
	var value func(depth int) any
	value = func(depth int) any {
		switch k := rng.IntN(7); {
		case depth > 3 || k == 0:
			return []string{"", `"`, `\`, "<&>", "{[,:]}", "é\u2028"}[rng.IntN(6)]
		case k == 1:
			return rng.Float64() * 1e6
		case k == 2:
			return rng.IntN(2) == 0
		case k == 3:
			return nil
		case k <= 5:
			m := map[string]any{}
			for i := range rng.IntN(4) {
				m[fmt.Sprint("k", i, `"`)] = value(depth + 1)
			}
			return m
		default:
			var l []any
			for range rng.IntN(4) {
				l = append(l, value(depth+1))
			}
			return l
		}
	}
	for range 300 {
		b, err := json.Marshal(value(0))
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(b))
	}
	for _, d := range docs {
		var want bytes.Buffer
		if err := json.Indent(&want, []byte(d), "    ", "  "); err != nil {
			t.Fatalf("%q: %v", d, err)
		}
		if got := appendIndent([]byte("x"), []byte(d), "    ", "  "); string(got[1:]) != want.String() {
			t.Fatalf("%q:\n got %q\nwant %q", d, got[1:], want.String())
		}
	}
}

// sameAsEncodingJSON fails the test where WriteJSON's bytes for r differ
// from encoding/json's, showing the bytes around the first difference.
func sameAsEncodingJSON(t *testing.T, r Report, what string) {
	t.Helper()
	want := encodingJSON(t, r)
	var got bytes.Buffer
	if err := WriteJSON(&got, r); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(got.Bytes(), want) {
		return
	}
	i := 0
	for i < min(got.Len(), len(want)) && got.Bytes()[i] == want[i] {
		i++
	}
	t.Fatalf("%s: differs at byte %d:\n got …%q\nwant …%q", what, i,
		got.Bytes()[max(0, i-40):min(got.Len(), i+40)], want[max(0, i-40):min(len(want), i+40)])
}
