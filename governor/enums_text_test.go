package governor

import (
	"encoding"
	"fmt"
	"github.com/coworktop/coworktop/record"
	"testing"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/vocab"
)

// enumText is an enum value as both halves of its text marshalling see it.
type enumText interface {
	fmt.Stringer
	encoding.TextMarshaler
}

// TestEnumsMarshalTheirText: every enum is a typed integer whose
// MarshalText is its String, and each named value reads back as itself;
// the zero value's text is "" but VMUnknown's (issue 27 #4: one kind of
// enum). event's TestEnumListsAreWhole holds VMStates and FileStates.
func TestEnumsMarshalTheirText(t *testing.T) {
	type value struct {
		v    enumText
		back func([]byte) (any, error)
	}
	var values []value
	add := func(v enumText, back func([]byte) (any, error)) { values = append(values, value{v, back}) }
	for r := event.ReasonNone; r < event.ReasonOther; r++ {
		add(r, func(b []byte) (any, error) { var x event.Reason; err := x.UnmarshalText(b); return x, err })
	}
	for v := event.VerbNone; v <= event.VerbWouldEvict; v++ {
		add(v, func(b []byte) (any, error) { var x event.Verb; err := x.UnmarshalText(b); return x, err })
	}
	for l := event.LevelNone; l < event.LevelOther; l++ {
		add(l, func(b []byte) (any, error) { var x event.Level; err := x.UnmarshalText(b); return x, err })
	}
	for c := event.CauseNone; c < event.CauseOther; c++ {
		add(c, func(b []byte) (any, error) { var x event.Cause; err := x.UnmarshalText(b); return x, err })
	}
	for f := event.FileStateNone; f <= event.FileDone; f++ {
		add(f, func(b []byte) (any, error) { var x event.FileState; err := x.UnmarshalText(b); return x, err })
	}
	for b := basisNone; int(b) < len(countBasisNames); b++ {
		add(b, func(t []byte) (any, error) { var x countBasis; err := x.UnmarshalText(t); return x, err })
	}
	for a := AppUp; int(a) < len(appEndNames); a++ {
		add(a, func(t []byte) (any, error) { var x AppEnd; err := x.UnmarshalText(t); return x, err })
	}
	for src := vocab.SourceNone; src <= vocab.SourceEstimated; src++ {
		add(src, func(t []byte) (any, error) { var x vocab.Source; err := x.UnmarshalText(t); return x, err })
		if vocab.SourceOf(src.String()) != src {
			t.Errorf("vocab.SourceOf(%q) is %d, want %d", src.String(), vocab.SourceOf(src.String()), src)
		}
	}
	for r := record.FromNone; r <= record.FromSeen; r++ {
		add(r, func(t []byte) (any, error) { var x record.Source; err := x.UnmarshalText(t); return x, err })
	}
	for a := record.AttentionNone; a <= record.AttentionIdle; a++ {
		add(a, func(t []byte) (any, error) { var x record.Attention; err := x.UnmarshalText(t); return x, err })
	}
	for k := RiskNone; int(k) < len(riskKindNames); k++ {
		add(k, func(t []byte) (any, error) { var x RiskKind; err := x.UnmarshalText(t); return x, err })
	}
	if len(RiskKinds) != len(riskKindNames)-1 {
		t.Errorf("RiskKinds lists %d of %d kinds", len(RiskKinds), len(riskKindNames)-1)
	}
	for st := StateNone; int(st) < len(sessionStateNames); st++ {
		add(st, func(t []byte) (any, error) { var x SessionState; err := x.UnmarshalText(t); return x, err })
	}
	for _, v := range event.VMStates {
		add(v, func(b []byte) (any, error) { var x event.VMState; err := x.UnmarshalText(b); return x, err })
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
	var r event.Reason
	if _ = r.UnmarshalText([]byte("empty-idle")); r != event.ReasonOther {
		t.Errorf("an unnamed reason reads as %d", r)
	}
	var v event.Verb
	if v.UnmarshalText([]byte("evicts")) == nil {
		t.Error("an unknown verb was taken")
	}
}

// TestEnumsRefuseUnknownTexts: the enums read through the enum helper
// name themselves when a text is none of theirs, as their hand-written
// methods did.
func TestEnumsRefuseUnknownTexts(t *testing.T) {
	for want, read := range map[string]encoding.TextUnmarshaler{
		`unknown file state "x"`:    new(event.FileState),
		`unknown VM state "x"`:      new(event.VMState),
		`unknown count basis "x"`:   new(countBasis),
		`unknown app end "x"`:       new(AppEnd),
		`unknown source "x"`:        new(vocab.Source),
		`unknown record source "x"`: new(record.Source),
		`unknown attention "x"`:     new(record.Attention),
		`unknown risk kind "x"`:     new(RiskKind),
		`unknown session state "x"`: new(SessionState),
	} {
		if err := read.UnmarshalText([]byte("x")); err == nil || err.Error() != want {
			t.Errorf("%T: %v, want %s", read, err, want)
		}
	}
}
