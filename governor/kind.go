package governor

import "fmt"

// String is the kind's stable name ("governor.at_cap"); the zero Kind is "".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return ""
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

// kindByName inverts kindNames.
var kindByName = func() map[string]Kind {
	m := make(map[string]Kind, len(kindNames))
	for k, name := range kindNames {
		if name != "" {
			m[name] = Kind(k)
		}
	}
	return m
}()
