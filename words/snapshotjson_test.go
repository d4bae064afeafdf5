package words

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

var t0 = time.Date(2026, 9, 30, 10, 0, 0, 0, time.UTC)

func sec(n int) time.Time { return t0.Add(time.Duration(n) * time.Second) }

// jsonNames are the JSON names of typ's fields that JSON writes, in order.
func jsonNames(typ reflect.Type) []string {
	var out []string
	for _, f := range reflect.VisibleFields(typ) {
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag != "" && tag != "-" && f.IsExported() {
			out = append(out, tag)
		}
	}
	return out
}

// TestSnapshotJSONCarriesEveryField: a field added to Snapshot (with its
// JSON name) and not to its wire form here would drop out of snapshot
// --json silently; the wire form keeps the model's order, then its times.
// RestartView and RestartSession carry no JSON names (their wire forms
// are words'): TestRestartJSONCarriesEveryField.
func TestSnapshotJSONCarriesEveryField(t *testing.T) {
	for _, c := range []struct {
		model, wire reflect.Type
		times       []string
	}{
		{reflect.TypeOf(governor.Snapshot{}), reflect.TypeOf(snapshotJSON{}), []string{"now", "from", "newest", "log_age_s", "pressure_at", "groups_at"}},
	} {
		// next_victim_why is said here (NextVictimWhy), after next_victim.
		want := append(jsonNames(c.model), c.times...)
		if i := slices.Index(want, "next_victim"); i >= 0 {
			want = slices.Insert(want, i+1, "next_victim_why")
		}
		if got := jsonNames(c.wire); !reflect.DeepEqual(got, want) {
			t.Errorf("%s's wire form writes\n%v\nwant\n%v", c.model.Name(), got, want)
		}
	}
}

// fieldNames are typ's exported field names, in order, but those of
// skip.
func fieldNames(typ reflect.Type, skip ...string) []string {
	var out []string
	for _, f := range reflect.VisibleFields(typ) {
		if f.IsExported() && !slices.Contains(skip, f.Name) {
			out = append(out, f.Name)
		}
	}
	return out
}

// TestRestartJSONCarriesEveryField: a field added to RestartView or
// RestartSession and not to its wire form would drop out of snapshot
// --json and report --json silently; the wire forms keep the model's
// order, with their words (StoppedText, Summary) added and their times
// last.
func TestRestartJSONCarriesEveryField(t *testing.T) {
	for _, c := range []struct {
		model, wire reflect.Type
		times       []string
	}{
		{reflect.TypeOf(governor.RestartView{}), reflect.TypeOf(restartJSON{}), []string{"At", "RelaunchAt"}},
		{reflect.TypeOf(governor.RestartSession{}), reflect.TypeOf(restartSessionJSON{}), []string{"BackAt", "PausedAt", "PauseDueAt"}},
	} {
		want := append(fieldNames(c.model, c.times...), c.times...)
		if got := fieldNames(c.wire, "StoppedText", "Summary"); !reflect.DeepEqual(got, want) {
			t.Errorf("%s's wire form writes\n%v\nwant\n%v", c.model.Name(), got, want)
		}
	}
}

// TestSnapshotJSONPressure: the logged level and the host's each print
// their text in the snapshot's JSON, and read back; a level no constant
// names keeps its text (issue 27 #4).
func TestSnapshotJSONPressure(t *testing.T) {
	for _, c := range []struct {
		text string
		want host.PressureLevel
	}{{"warning", host.PressureWarning}, {"critical", host.PressureCritical}, {"normal", host.PressureNormal}, {"severe", host.PressureOther}} {
		s := governor.New(governor.DefaultLimits())
		e := event.Event{Time: sec(10), File: "main.log", Line: 3, Kind: event.KindPressure}
		var other string
		if e.Pressure, other = host.PressureOf(c.text); other != "" {
			e.Detailed().PressureText = other
		}
		s.Apply(e)
		snap := s.Snapshot(e.Time)
		sampled := c.want // a host reads only named levels
		if sampled == host.PressureOther {
			sampled = host.PressureUnknown
		}
		snap.Host = &host.HostMemory{Pressure: sampled}
		if !strings.HasPrefix(LoggedPressureText(snap), c.text+", ") {
			t.Errorf("%s: logged level in words %q", c.text, LoggedPressureText(snap))
		}
		b, err := MarshalSnapshot(snap)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `"pressure":"`+c.text+`"`) || !strings.Contains(string(b), `"pressure":"`+sampled.String()+`"`) {
			t.Errorf("%s: JSON lacks the level: %s", c.text, b)
		}
		var back governor.Snapshot
		if err := UnmarshalSnapshot(b, &back); err != nil {
			t.Fatal(err)
		}
		if back.Pressure != c.want || back.PressureText != c.text || back.Host.Pressure != sampled {
			t.Errorf("%s: read back as %d %q, host %d", c.text, back.Pressure, back.PressureText, back.Host.Pressure)
		}
	}
	if b, _ := MarshalSnapshot(governor.Snapshot{}); strings.Contains(string(b), `"pressure"`) {
		t.Errorf("no logged level, yet JSON has one: %s", b)
	}
}

// snapshot --json: times as the log wrote them with their offset,
// durations in seconds, zero values left out, and it reads back.
func TestSnapshotJSONTimesAndSeconds(t *testing.T) {
	wall := time.FixedZone("", 2*3600) // a log's local time, as ingest reads it
	local := func(n int) time.Time { return sec(n).In(wall) }
	s := governor.New(governor.DefaultLimits())
	for _, e := range []event.Event{
		event.Event{Time: local(0), Kind: event.KindAcquire, Cap: 4, Effective: 1},
		event.Event{Time: local(1), Kind: event.KindSessionStart, Session: "local_a"},
	} {
		s.Apply(e)
	}
	snap := s.Snapshot(local(91))
	b, err := MarshalSnapshot(snap)
	if err != nil {
		t.Fatal(err)
	}
	out := string(b)
	for _, want := range []string{`"idle_s":90`, `"age_s":91`, `"at":"2026-09-30T12:00:00+02:00"`, `"now":"` + local(91).Format(time.RFC3339) + `"`} {
		if !strings.Contains(out, want) {
			t.Errorf("snapshot JSON lacks %s: %s", want, out)
		}
	}
	for _, bad := range []string{"0001-01-01", "_ns", "timer_", "Z\"", `"pressure":""`, `"min_sys_free_mb":-1`} {
		if strings.Contains(out, bad) {
			t.Errorf("snapshot JSON holds %q: %s", bad, out)
		}
	}
	var back governor.Snapshot
	if err := UnmarshalSnapshot(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Now.Format(vocab.WallLayout) != snap.Now.Format(vocab.WallLayout) || back.Sessions[0].Idle != 90*time.Second || back.Cap.Age != snap.Cap.Age ||
		back.Counts.MinSysFreeMB != -1 {
		t.Errorf("read back: now %v idle %v cap %+v", back.Now, back.Sessions[0].Idle, back.Cap)
	}
}

// An outcome's cause and a session's pause reason go out as their text and
// come back, an uncommon one and none too.
func TestOutcomeAndSessionJSON(t *testing.T) {
	var causes []governor.Outcome
	for c := event.CauseNone; c < event.CauseOther; c++ {
		causes = append(causes, governor.Outcome{Kind: event.KindYield, Cause: c})
	}
	causes = append(causes, governor.Outcome{Kind: event.KindYield, Cause: event.CauseOther, Other: "scheduled"})
	for _, o := range causes {
		b, err := json.Marshal(outcomeJSON(o))
		if err != nil {
			t.Fatal(err)
		}
		var back outcomeJSON
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `"cause":"`+o.CauseName()+`"`) || governor.Outcome(back) != o {
			t.Errorf("%+v: written as %s, read back as %+v", o, b, back)
		}
	}
	for _, v := range []governor.SessionView{{ID: "local_a"}, {ID: "local_b", PauseReason: event.ReasonGovernorEvict, PauseText: "governor_evict"},
		{ID: "local_c", PauseReason: event.ReasonOther, PauseText: "user_request"}} {
		b, err := json.Marshal(sessionJSON(v))
		if err != nil {
			t.Fatal(err)
		}
		var back sessionJSON
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if (v.PauseText != "") != strings.Contains(string(b), `"pause_reason":"`+v.PauseText+`"`) || back.PauseReason != v.PauseReason || back.PauseText != v.PauseText {
			t.Errorf("%+v: written as %s, read back as %+v", v, b, back)
		}
	}
}
