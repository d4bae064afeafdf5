package words

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
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
		v.SetUint(uint64(event.KindVMConfig))
	case reflect.Int8: // the value whose text travels in Detail, where there is one
		v.SetInt(map[reflect.Type]int64{
			reflect.TypeOf(event.LevelOther): int64(event.LevelOther), reflect.TypeOf(event.ReasonOther): int64(event.ReasonOther),
			reflect.TypeOf(host.PressureOther): int64(host.PressureOther), reflect.TypeOf(event.VerbWouldEvict): int64(event.VerbWouldEvict),
			reflect.TypeOf(event.HealthGood): int64(event.HealthGood),
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

// TestEventJSONCarriesEveryField: a field added to event.Event or event.EventDetail and
// not to eventJSON (or the reverse) would drop out of `events` silently.
func TestEventJSONCarriesEveryField(t *testing.T) {
	flat := map[string]bool{}
	for _, f := range reflect.VisibleFields(reflect.TypeOf(eventJSON{})) {
		flat[f.Name] = true
	}
	seen := 0
	for _, typ := range []reflect.Type{reflect.TypeOf(event.Event{}), reflect.TypeOf(event.EventDetail{})} {
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
		t.Errorf("eventJSON has %d fields, governor.Event and governor.EventDetail %d and Name", len(flat), seen)
	}

	var e event.Event
	fill(t, reflect.ValueOf(&e).Elem(), "governor.Event")
	b, err := MarshalEvent(e)
	if err != nil {
		t.Fatal(err)
	}
	var back event.Event
	if err := UnmarshalEvent(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, e) {
		t.Errorf("round trip:\n got %+v %+v\nwant %+v %+v", back, *back.Detail, e, *e.Detail)
	}
}

func TestEventWithoutDetailsHasNoDetail(t *testing.T) {
	var back event.Event
	if err := UnmarshalEvent([]byte(`{"time":"2026-09-30T10:00:00Z","file":"main.log","line":3,"kind":"governor.yield","reason":"warm"}`), &back); err != nil {
		t.Fatal(err)
	}
	if back.Detail != nil || back.Kind != event.KindYield || back.Reason != event.ReasonWarm {
		t.Errorf("got %+v", back)
	}
}

// A level is an integer, and its text goes out and comes back as logged,
// an uncommon one too.
func TestEventLevels(t *testing.T) {
	for _, text := range []string{"info", "warn", "error", "debug", "verbose", ""} {
		var back event.Event
		in := `{"time":"2026-09-30T10:00:00Z","file":"main.log","line":3,"kind":"governor.yield","level":"` + text + `"}`
		if err := UnmarshalEvent([]byte(in), &back); err != nil {
			t.Fatal(err)
		}
		if back.LevelText() != text {
			t.Errorf("%q: read back as %q (level %d)", text, back.LevelText(), back.Level)
		}
		if (text == "verbose") != (back.Level == event.LevelOther) || (text == "") != (back.Level == event.LevelNone) {
			t.Errorf("%q: level %d", text, back.Level)
		}
		if (back.Detail != nil) != (text == "verbose") {
			t.Errorf("%q: detail %+v", text, back.Detail)
		}
		out, err := MarshalEvent(back)
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
	for r := event.ReasonNone; r < event.ReasonOther; r++ {
		cases = append(cases, field{"reason", r.String()})
	}
	for v := event.VerbNone; v <= event.VerbWouldEvict; v++ {
		cases = append(cases, field{"verb", v.String()})
	}
	for p := host.PressureUnknown; p < host.PressureOther; p++ {
		cases = append(cases, field{"pressure", p.String()})
	}
	cases = append(cases, field{"reason", "empty-idle"}, field{"pressure", "severe"})
	for _, c := range cases {
		in := `{"time":"2026-09-30T10:00:00Z","file":"main.log","line":3,"kind":"governor.at_cap","` + c.key + `":"` + c.text + `"}`
		var back event.Event
		if err := UnmarshalEvent([]byte(in), &back); err != nil {
			t.Fatalf("%s %q: %v", c.key, c.text, err)
		}
		got, other := map[string]string{"reason": back.ReasonText(), "verb": back.Verb.String(), "pressure": back.PressureText()}[c.key], false
		switch c.key {
		case "reason":
			other = back.Reason == event.ReasonOther
		case "pressure":
			other = back.Pressure == host.PressureOther
		}
		known := c.text != "empty-idle" && c.text != "severe"
		if got != c.text || other == known || (back.Detail != nil) == known {
			t.Errorf("%s %q: read back as %q (reason %d, verb %d, pressure %d, detail %+v)", c.key, c.text, got, back.Reason, back.Verb, back.Pressure, back.Detail)
		}
		out, err := MarshalEvent(back)
		if err != nil {
			t.Fatal(err)
		}
		if want := `"` + c.key + `":"` + c.text + `"`; (c.text != "") != strings.Contains(string(out), want) {
			t.Errorf("%s %q: written as %s", c.key, c.text, out)
		}
	}
	if err := UnmarshalEvent([]byte(`{"kind":"governor.at_cap","verb":"evicted"}`), new(event.Event)); err == nil {
		t.Error("a verb the parser never writes must not read")
	}
}
