package host

import (
	"encoding"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// enumText is an enum value as both halves of its text marshalling see it.
type enumText interface {
	fmt.Stringer
	encoding.TextMarshaler
}

// TestEnumsMarshalTheirText: the pressure level and the group kind are
// typed integers whose MarshalText is their String, and each named value
// reads back as itself (issue 27 #4: one kind of enum).
func TestEnumsMarshalTheirText(t *testing.T) {
	type value struct {
		v    enumText
		back func([]byte) (any, error)
	}
	var values []value
	for p := PressureUnknown; p < PressureOther; p++ {
		values = append(values, value{p, func(b []byte) (any, error) { var x PressureLevel; err := x.UnmarshalText(b); return x, err }})
	}
	for g := GroupNone; int(g) < len(groupKindNames); g++ {
		values = append(values, value{g, func(t []byte) (any, error) { var x GroupKind; err := x.UnmarshalText(t); return x, err }})
	}
	for _, c := range values {
		b, err := c.v.MarshalText()
		if err != nil || string(b) != c.v.String() {
			t.Errorf("%T %d: MarshalText %q, %v; String %q", c.v, c.v, b, err, c.v.String())
		}
		got, err := c.back(b)
		if err != nil || fmt.Sprint(got) != c.v.String() || fmt.Sprintf("%d", got) != fmt.Sprintf("%d", c.v) {
			t.Errorf("%T %q read back as %d, %v", c.v, b, got, err)
		}
	}
	var g GroupKind
	if err := g.UnmarshalText([]byte("x")); err == nil || err.Error() != `unknown group kind "x"` {
		t.Errorf("an unknown group kind reads as %d, %v", g, err)
	}
	var p PressureLevel
	if _ = p.UnmarshalText([]byte("severe")); p != PressureOther {
		t.Errorf("an unnamed level reads as %d", p)
	}
	if PressureOther.Rank() != 0 || PressureCritical.Rank() <= PressureWarning.Rank() || PressureWarning.Rank() <= PressureNormal.Rank() {
		t.Error("the ranks are out of order")
	}
}

// TestHostMemoryJSON: a sample's time goes out in the logged-time form
// under "at" and reads back; an unknown level is "".
func TestHostMemoryJSON(t *testing.T) {
	at := time.Date(2026, 4, 15, 10, 52, 22, 0, time.UTC)
	b, err := json.Marshal(HostMemory{At: at, Pressure: PressureWarning})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"at":"2026-04-15T10:52:22`) || !strings.Contains(string(b), `"pressure":"warning"`) {
		t.Errorf("sample JSON: %s", b)
	}
	var back HostMemory
	if err := json.Unmarshal(b, &back); err != nil || !back.At.Equal(at) || back.Pressure != PressureWarning {
		t.Errorf("read back as %+v, %v", back, err)
	}
	if b, _ := json.Marshal(HostMemory{}); !strings.Contains(string(b), `"pressure":""`) || strings.Contains(string(b), `"at"`) {
		t.Errorf("an empty sample: %s", b)
	}
}
