package governor

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/host"
)

// TestOnePressureType: a logged level and a host level are the same type;
// the host sample prints its text in JSON, and a level no constant names
// keeps its text through State and Snapshot (issue 27 #4; the snapshot's
// JSON round trip is words' TestSnapshotJSONPressure).
func TestOnePressureType(t *testing.T) {
	for _, c := range []struct {
		text string
		want host.PressureLevel
	}{{"warning", host.PressureWarning}, {"critical", host.PressureCritical}, {"normal", host.PressureNormal}, {"severe", host.PressureOther}} {
		s := New(DefaultLimits())
		e := ev(10, event.KindPressure, 3, func(e *event.Event) {
			var other string
			if e.Pressure, other = host.PressureOf(c.text); other != "" {
				e.Detailed().PressureText = other
			}
		})
		s.Apply(e)
		snap := s.Snapshot(e.Time)
		sampled := c.want // a host reads only named levels
		if sampled == host.PressureOther {
			sampled = host.PressureUnknown
		}
		snap.Host = &host.HostMemory{Pressure: sampled}
		if snap.Pressure != c.want || snap.PressureText != c.text {
			t.Errorf("%s: snapshot level %d %q", c.text, snap.Pressure, snap.PressureText)
		}
	}
	if b, _ := json.Marshal(host.HostMemory{}); !strings.Contains(string(b), `"pressure":""`) {
		t.Errorf("an unknown host level is not \"\": %s", b)
	}
	if host.PressureOther.Rank() != 0 || host.PressureCritical.Rank() <= host.PressureWarning.Rank() || host.PressureWarning.Rank() <= host.PressureNormal.Rank() {
		t.Error("the ranks are out of order")
	}
}
