package quota

import (
	"fmt"
	"testing"
)

// TestQuotaEnumsMarshalTheirText: each window, source and state marshals as its
// String and reads back as itself; a text none has is refused, naming the
// enum.
func TestQuotaEnumsMarshalTheirText(t *testing.T) {
	check := func(v fmt.Stringer, text func() ([]byte, error), back func([]byte) (any, error)) {
		b, err := text()
		if err != nil || string(b) != v.String() {
			t.Errorf("%T %d: MarshalText %q, %v; String %q", v, v, b, err, v.String())
		}
		got, err := back(b)
		if err != nil || fmt.Sprint(got) != v.String() || fmt.Sprintf("%d", got) != fmt.Sprintf("%d", v) {
			t.Errorf("%T %q read back as %d, %v", v, b, got, err)
		}
	}
	for w := WindowNone; int(w) < len(quotaWindowNames); w++ {
		check(w, w.MarshalText, func(t []byte) (any, error) { var x Window; err := x.UnmarshalText(t); return x, err })
	}
	for s := SourceNone; int(s) < len(quotaSourceNames); s++ {
		check(s, s.MarshalText, func(t []byte) (any, error) { var x Source; err := x.UnmarshalText(t); return x, err })
	}
	var w Window
	if err := w.UnmarshalText([]byte("x")); err == nil || err.Error() != `unknown quota window "x"` {
		t.Errorf("Window: %v", err)
	}
	var s Source
	if err := s.UnmarshalText([]byte("x")); err == nil || err.Error() != `unknown quota source "x"` {
		t.Errorf("Source: %v", err)
	}
	for st := StateNone; int(st) < len(quotaStateNames); st++ {
		check(st, st.MarshalText, func(t []byte) (any, error) { var x State; err := x.UnmarshalText(t); return x, err })
	}
	var st State
	if err := st.UnmarshalText([]byte("x")); err == nil || err.Error() != `unknown quota state "x"` {
		t.Errorf("State: %v", err)
	}
}
