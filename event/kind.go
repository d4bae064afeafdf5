package event

import (
	"fmt"
)

// String is the kind's stable name ("governor.at_cap"); the zero Kind is "".
func (k Kind) String() string {
	return k.info().name
}

// MarshalText writes the kind's name, so JSON and map keys carry the name,
// never the number.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name; "" is the zero Kind.
func (k *Kind) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*k = 0
		return nil
	}
	if v, ok := kindByName[string(b)]; ok {
		*k = v
		return nil
	}
	return fmt.Errorf("unknown event kind %q", b)
}

// LogOnlyText says whether State reads a kind's Text only into its event
// log (Describe, the `events` output): a reader that keeps no log, as
// report does (Limits.LogLines 0), may leave such texts empty
// (ingest.ReadSummary). They are the free text of the most common lines of
// a month: pause skips, cycle-health errors, rate-limit signals, VM kernel
// notes and unknown governor lines, each its own string.
// cmd's TestSummaryTextsChangeNoReport holds it to report's output.
// The kind table's logOnly holds it.
func (k Kind) LogOnlyText() bool { return k.info().logOnly }
