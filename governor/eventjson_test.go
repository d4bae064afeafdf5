package governor

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

// fill sets v, and every field of a struct v, to a non-zero value.
func fill(t *testing.T, v reflect.Value, name string) {
	t.Helper()
	switch v.Kind() {
	case reflect.String:
		v.SetString("x" + name)
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(len(name)))
	case reflect.Uint16: // Kind
		v.SetUint(uint64(KindVMConfig))
	case reflect.Int8: // the value whose text travels in Detail, where there is one
		v.SetInt(map[reflect.Type]int64{
			reflect.TypeOf(LevelOther): int64(LevelOther), reflect.TypeOf(ReasonOther): int64(ReasonOther),
			reflect.TypeOf(PressureOther): int64(PressureOther), reflect.TypeOf(VerbWouldEvict): int64(VerbWouldEvict),
			reflect.TypeOf(HealthGood): int64(HealthGood),
		}[v.Type()])
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(t, v.Elem(), name)
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(time.Time{}) {
			v.Set(reflect.ValueOf(time.Date(2026, 9, 30, 10, 0, 0, 0, time.UTC)))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			fill(t, v.Field(i), v.Type().Field(i).Name)
		}
	default:
		t.Fatalf("field %s: kind %s not filled", name, v.Kind())
	}
}

// TestEventJSONCarriesEveryField: a field added to Event or EventDetail and
// not to eventJSON (or the reverse) would drop out of `events` silently.
func TestEventJSONCarriesEveryField(t *testing.T) {
	flat := map[string]bool{}
	for _, f := range reflect.VisibleFields(reflect.TypeOf(eventJSON{})) {
		flat[f.Name] = true
	}
	seen := 0
	for _, typ := range []reflect.Type{reflect.TypeOf(Event{}), reflect.TypeOf(EventDetail{})} {
		for _, f := range reflect.VisibleFields(typ) {
			switch f.Name {
			case "Detail", "LevelText", "ReasonText", "PressureText": // the texts go out as Level, Reason, Pressure
				continue
			}
			seen++
			name := f.Name
			if name == "Health" { // goes out as "healthy": true|false
				name = "Healthy"
			}
			if !flat[name] {
				t.Errorf("%s.%s is not in eventJSON", typ.Name(), f.Name)
			}
		}
	}
	if seen+1 != len(flat) { // +1: Name, which `events` adds (Namer), not the event
		t.Errorf("eventJSON has %d fields, Event and EventDetail %d and Name", len(flat), seen)
	}

	var e Event
	fill(t, reflect.ValueOf(&e).Elem(), "Event")
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var back Event
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, e) {
		t.Errorf("round trip:\n got %+v %+v\nwant %+v %+v", back, *back.Detail, e, *e.Detail)
	}
}

func TestEventWithoutDetailsHasNoDetail(t *testing.T) {
	var back Event
	if err := json.Unmarshal([]byte(`{"time":"2026-09-30T10:00:00Z","file":"main.log","line":3,"kind":"governor.yield","reason":"warm"}`), &back); err != nil {
		t.Fatal(err)
	}
	if back.Detail != nil || back.Kind != KindYield || back.Reason != ReasonWarm {
		t.Errorf("got %+v", back)
	}
}

func TestKindNames(t *testing.T) {
	seen := map[string]bool{}
	for k := Kind(1); k < kindCount; k++ {
		name := k.String()
		if name == "" || seen[name] {
			t.Fatalf("kind %d: name %q empty or repeated", k, name)
		}
		seen[name] = true
		var back Kind
		if err := back.UnmarshalText([]byte(name)); err != nil || back != k {
			t.Errorf("%q reads back as %d, %v", name, back, err)
		}
	}
	if Kind(0).String() != "" || kindCount.String() != "" {
		t.Error("the zero kind and one past the last must have no name")
	}
	var k Kind
	if err := k.UnmarshalText([]byte("no.such_kind")); err == nil {
		t.Error("an unknown name must not read")
	}
}

// A level is an integer, and its text goes out and comes back as logged,
// an uncommon one too.
func TestEventLevels(t *testing.T) {
	for _, text := range []string{"info", "warn", "error", "debug", "verbose", ""} {
		var back Event
		in := `{"time":"2026-09-30T10:00:00Z","file":"main.log","line":3,"kind":"governor.yield","level":"` + text + `"}`
		if err := json.Unmarshal([]byte(in), &back); err != nil {
			t.Fatal(err)
		}
		if back.LevelText() != text {
			t.Errorf("%q: read back as %q (level %d)", text, back.LevelText(), back.Level)
		}
		if (text == "verbose") != (back.Level == LevelOther) || (text == "") != (back.Level == LevelNone) {
			t.Errorf("%q: level %d", text, back.Level)
		}
		if (back.Detail != nil) != (text == "verbose") {
			t.Errorf("%q: detail %+v", text, back.Detail)
		}
		out, err := json.Marshal(back)
		if err != nil {
			t.Fatal(err)
		}
		want := `"level":"` + text + `"`
		if got := string(out); (text != "") != strings.Contains(got, want) {
			t.Errorf("%q: written as %s", text, got)
		}
	}
}

// Every reason, verb and pressure level goes out and comes back as its
// text: the named ones as integers with no Detail, an uncommon reason or
// level with its text in Detail, none as none.
func TestEventReasonsVerbsPressures(t *testing.T) {
	type field struct{ key, text string }
	var cases []field
	for r := ReasonNone; r < ReasonOther; r++ {
		cases = append(cases, field{"reason", r.String()})
	}
	for v := VerbNone; int(v) < len(verbNames); v++ {
		cases = append(cases, field{"verb", v.String()})
	}
	for p := PressureUnknown; p < PressureOther; p++ {
		cases = append(cases, field{"pressure", p.String()})
	}
	cases = append(cases, field{"reason", "empty-idle"}, field{"pressure", "severe"})
	for _, c := range cases {
		in := `{"time":"2026-09-30T10:00:00Z","file":"main.log","line":3,"kind":"governor.at_cap","` + c.key + `":"` + c.text + `"}`
		var back Event
		if err := json.Unmarshal([]byte(in), &back); err != nil {
			t.Fatalf("%s %q: %v", c.key, c.text, err)
		}
		got, other := map[string]string{"reason": back.ReasonText(), "verb": back.Verb.String(), "pressure": back.PressureText()}[c.key], false
		switch c.key {
		case "reason":
			other = back.Reason == ReasonOther
		case "pressure":
			other = back.Pressure == PressureOther
		}
		known := c.text != "empty-idle" && c.text != "severe"
		if got != c.text || other == known || (back.Detail != nil) == known {
			t.Errorf("%s %q: read back as %q (reason %d, verb %d, pressure %d, detail %+v)", c.key, c.text, got, back.Reason, back.Verb, back.Pressure, back.Detail)
		}
		out, err := json.Marshal(back)
		if err != nil {
			t.Fatal(err)
		}
		if want := `"` + c.key + `":"` + c.text + `"`; (c.text != "") != strings.Contains(string(out), want) {
			t.Errorf("%s %q: written as %s", c.key, c.text, out)
		}
	}
	if err := json.Unmarshal([]byte(`{"kind":"governor.at_cap","verb":"evicted"}`), new(Event)); err == nil {
		t.Error("a verb the parser never writes must not read")
	}
}

// ReasonOf reads back every named reason's text, and ReasonNone's.
func TestReasonOf(t *testing.T) {
	for r := ReasonNone; r < ReasonOther; r++ {
		if got, other := ReasonOf(r.String()); got != r || other != "" {
			t.Errorf("ReasonOf(%q) = %d %q, want %d", r.String(), got, other, r)
		}
		if r != ReasonNone && r.String() == "" {
			t.Errorf("reason %d has no text", r)
		}
	}
	if r, other := ReasonOf("shell"); r != ReasonOther || other != "shell" {
		t.Errorf("ReasonOf(shell) = %d %q", r, other)
	}
}

// An outcome's cause and a session's pause reason go out as their text and
// come back, an uncommon one and none too.
func TestOutcomeAndSessionJSON(t *testing.T) {
	var causes []Outcome
	for c := CauseNone; c < CauseOther; c++ {
		causes = append(causes, Outcome{Kind: KindYield, Cause: c})
	}
	causes = append(causes, Outcome{Kind: KindYield, Cause: CauseOther, Other: "scheduled"})
	for _, o := range causes {
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		var back Outcome
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `"cause":"`+o.CauseName()+`"`) || back != o {
			t.Errorf("%+v: written as %s, read back as %+v", o, b, back)
		}
	}
	for _, v := range []SessionView{{ID: "local_a"}, {ID: "local_b", PauseReason: ReasonGovernorEvict, PauseText: "governor_evict"},
		{ID: "local_c", PauseReason: ReasonOther, PauseText: "user_request"}} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back SessionView
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if (v.PauseText != "") != strings.Contains(string(b), `"pause_reason":"`+v.PauseText+`"`) || back.PauseReason != v.PauseReason || back.PauseText != v.PauseText {
			t.Errorf("%+v: written as %s, read back as %+v", v, b, back)
		}
	}
}
