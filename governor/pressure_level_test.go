package governor

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestOnePressureType: a logged level and a host level are the same type;
// each prints its text in the snapshot's JSON and the host sample's, and a
// level no constant names keeps its text through State, Snapshot and the
// JSON round trip (issue 27 #4).
func TestOnePressureType(t *testing.T) {
	for _, c := range []struct {
		text string
		want PressureLevel
	}{{"warning", PressureWarning}, {"critical", PressureCritical}, {"normal", PressureNormal}, {"severe", PressureOther}} {
		s := New(DefaultLimits())
		e := ev(10, KindPressure, 3, func(e *Event) {
			var other string
			if e.Pressure, other = PressureOf(c.text); other != "" {
				e.Detailed().PressureText = other
			}
		})
		s.Apply(e)
		snap := s.Snapshot(e.Time)
		host := c.want // a host reads only named levels
		if host == PressureOther {
			host = PressureUnknown
		}
		snap.Host = &HostMemory{Pressure: host}
		if snap.Pressure != c.want || snap.PressureText != c.text || !strings.HasPrefix(snap.LoggedPressureText(), c.text+", ") {
			t.Errorf("%s: snapshot level %d %q, %q", c.text, snap.Pressure, snap.PressureText, snap.LoggedPressureText())
		}
		b, err := json.Marshal(snap)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `"pressure":"`+c.text+`"`) || !strings.Contains(string(b), `"pressure":"`+host.String()+`"`) {
			t.Errorf("%s: JSON lacks the level: %s", c.text, b)
		}
		var back Snapshot
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if back.Pressure != c.want || back.PressureText != c.text || back.Host.Pressure != host {
			t.Errorf("%s: read back as %d %q, host %d", c.text, back.Pressure, back.PressureText, back.Host.Pressure)
		}
	}
	if b, _ := json.Marshal(HostMemory{}); !strings.Contains(string(b), `"pressure":""`) {
		t.Errorf("an unknown host level is not \"\": %s", b)
	}
	if b, _ := json.Marshal(Snapshot{}); strings.Contains(string(b), `"pressure"`) {
		t.Errorf("no logged level, yet JSON has one: %s", b)
	}
	if PressureOther.Rank() != 0 || PressureCritical.Rank() <= PressureWarning.Rank() || PressureWarning.Rank() <= PressureNormal.Rank() {
		t.Error("the ranks are out of order")
	}
}
