package event

import (
	"testing"
)

func TestKindNames(t *testing.T) {
	seen := map[string]bool{}
	for k := Kind(1); k < KindCount; k++ {
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
	if Kind(0).String() != "" || KindCount.String() != "" {
		t.Error("the zero kind and one past the last must have no name")
	}
	var k Kind
	if err := k.UnmarshalText([]byte("no.such_kind")); err == nil {
		t.Error("an unknown name must not read")
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
