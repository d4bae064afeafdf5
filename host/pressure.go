package host

// PressureLevel is a memory pressure level, whether the app's governor
// logged it (G4) or the host sampler read it: the one pressure type of the
// events, the State, the Snapshot and the host sample. Its text (String,
// MarshalText) is what every output prints.
type PressureLevel int8

// Pressure levels, ordered: normal < warning < critical.
const (
	PressureUnknown  PressureLevel = iota // none logged or read: "" in the outputs
	PressureNormal                        // "normal"
	PressureWarning                       // "warning"
	PressureCritical                      // "critical"
	// PressureOther is a level the governor logged that no constant names;
	// its text travels beside it (EventDetail.PressureText,
	// Snapshot.PressureOther). It ranks with unknown.
	PressureOther
)

// pressureNames are the texts of the named levels.
var pressureNames = [...]string{PressureNormal: "normal", PressureWarning: "warning", PressureCritical: "critical"}

// String is a named level's text: "" for PressureUnknown and for
// PressureOther, whose text only its event or snapshot knows.
func (p PressureLevel) String() string {
	if uint(p) < uint(len(pressureNames)) {
		return pressureNames[p]
	}
	return ""
}

// MarshalText writes the level's text ("" when unknown).
func (p PressureLevel) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a level's text; a text no constant names is
// PressureOther (its text is the caller's to keep, as PressureOf gives it).
func (p *PressureLevel) UnmarshalText(b []byte) error {
	*p, _ = PressureOf(string(b))
	return nil
}

// PressureOf is the PressureLevel of a level's text, with the text itself
// when no constant names it (PressureOther).
func PressureOf(s string) (PressureLevel, string) {
	switch s {
	case "":
		return PressureUnknown, ""
	case "normal":
		return PressureNormal, ""
	case "warning":
		return PressureWarning, ""
	case "critical":
		return PressureCritical, ""
	}
	return PressureOther, s
}

// Rank orders levels so callers can compare them: unknown (and a level no
// constant names) 0, normal 1, warning 2, critical 3.
func (p PressureLevel) Rank() int {
	if p > PressureCritical {
		return 0
	}
	return int(p)
}
