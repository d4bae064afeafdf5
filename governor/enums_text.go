package governor

import "fmt"

// Every enum of the model is a typed integer whose String is its text
// (the one `events`, the JSON outputs and the metrics print) and whose
// MarshalText/UnmarshalText carry that text, never the number. A value
// whose text no constant names (ReasonOther, LevelOther, CauseOther,
// PressureOther) keeps its text beside it, in EventDetail or its Outcome
// or Snapshot; reading such a text back gives the Other constant.

// String is a level's text: "" for LevelNone and for LevelOther, whose
// text only its event knows (Event.LevelText).
func (l Level) String() string {
	if uint(l) < uint(len(levelNames)) {
		return levelNames[l]
	}
	return ""
}

// MarshalText writes the level's text.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads a level's text (LevelOther for one no constant names).
func (l *Level) UnmarshalText(b []byte) error {
	*l, _ = LevelOf(string(b))
	return nil
}

// MarshalText writes the reason's text.
func (r Reason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a reason's text (ReasonOther for one no constant
// names).
func (r *Reason) UnmarshalText(b []byte) error {
	*r, _ = ReasonOf(string(b))
	return nil
}

// MarshalText writes the verb's text.
func (v Verb) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a verb's text; a text no verb has is an error.
func (v *Verb) UnmarshalText(b []byte) error {
	var ok bool
	if *v, ok = verbOf(string(b)); !ok && len(b) > 0 {
		return fmt.Errorf("unknown verb %q", b)
	}
	return nil
}

// MarshalText writes the cause's name.
func (c Cause) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a cause's name (CauseOther for one no constant
// names, CauseNone for "").
func (c *Cause) UnmarshalText(b []byte) error {
	*c = CauseOf(string(b))
	return nil
}

// String is the file state's text ("" for FileStateNone).
func (f FileState) String() string {
	if uint(f) < uint(len(fileStateNames)) {
		return fileStateNames[f]
	}
	return ""
}

// MarshalText writes the file state's text.
func (f FileState) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText reads a file state's text; a text no state has is an error.
func (f *FileState) UnmarshalText(b []byte) error {
	for v, name := range fileStateNames {
		if name == string(b) {
			*f = FileState(v)
			return nil
		}
	}
	return fmt.Errorf("unknown file state %q", b)
}

// String is the VM state's text.
func (v VMState) String() string {
	if uint(v) < uint(len(vmStateNames)) {
		return vmStateNames[v]
	}
	return ""
}

// MarshalText writes the VM state's text.
func (v VMState) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a VM state's text; "" is VMUnknown, and a text no
// state has is an error.
func (v *VMState) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*v = VMUnknown
		return nil
	}
	for s, name := range vmStateNames {
		if name == string(b) {
			*v = VMState(s)
			return nil
		}
	}
	return fmt.Errorf("unknown VM state %q", b)
}

// countBasisNames and appEndNames are the texts of CountBasis and AppEnd.
var (
	countBasisNames = [...]string{BasisLive: "live"}
	appEndNames     = [...]string{AppEndQuit: "quit", AppEndUpdate: "update restart"}
)

// String is the basis's text ("" for BasisNone).
func (b CountBasis) String() string { return nameOf(countBasisNames[:], int(b)) }

// MarshalText writes the basis's text.
func (b CountBasis) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// UnmarshalText reads a basis's text; a text no basis has is an error.
func (b *CountBasis) UnmarshalText(t []byte) error {
	v, err := valueOf(countBasisNames[:], t, "count basis")
	*b = CountBasis(v)
	return err
}

// String is how the run ended ("" for AppUp).
func (a AppEnd) String() string { return nameOf(appEndNames[:], int(a)) }

// MarshalText writes how the run ended.
func (a AppEnd) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads how a run ended; a text no AppEnd has is an error.
func (a *AppEnd) UnmarshalText(t []byte) error {
	v, err := valueOf(appEndNames[:], t, "app end")
	*a = AppEnd(v)
	return err
}

// nameOf is names[v], "" out of range.
func nameOf(names []string, v int) string {
	if uint(v) < uint(len(names)) {
		return names[v]
	}
	return ""
}

// valueOf is the index of t in names, an error naming what when none.
func valueOf(names []string, t []byte, what string) (int, error) {
	for v, name := range names {
		if name == string(t) {
			return v, nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q", what, t)
}

// sourceNames are the texts of the Sources.
var sourceNames = [...]string{SourceUnknown: "unknown", SourceLogged: "logged", SourceEstimated: "estimated"}

// String is the source's text ("" for SourceNone).
func (s Source) String() string { return nameOf(sourceNames[:], int(s)) }

// MarshalText writes the source's text.
func (s Source) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a source's text; a text no source has is an error.
func (s *Source) UnmarshalText(t []byte) error {
	v, err := valueOf(sourceNames[:], t, "source")
	*s = Source(v)
	return err
}

// SourceOf is the Source of a source's text, SourceNone for a text no
// source has, for what holds a source as text, as report's JSON does.
func SourceOf(s string) Source {
	v, _ := valueOf(sourceNames[:], []byte(s), "source")
	return Source(v)
}

// String is the record source's stable text ("" for FromNone); Text is
// where it comes from in words.
func (r RecordSource) String() string { return nameOf(recordSourceNames[:], int(r)) }

// MarshalText writes the record source's text.
func (r RecordSource) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a record source's text; a text no source has is an
// error.
func (r *RecordSource) UnmarshalText(t []byte) error {
	v, err := valueOf(recordSourceNames[:], t, "record source")
	*r = RecordSource(v)
	return err
}

// String is the attention state's stable text ("" for AttentionNone).
func (a Attention) String() string { return nameOf(attentionNames[:], int(a)) }

// MarshalText writes the attention state's text.
func (a Attention) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads an attention state's text; a text no state has is
// an error.
func (a *Attention) UnmarshalText(t []byte) error {
	v, err := valueOf(attentionNames[:], t, "attention")
	*a = Attention(v)
	return err
}

// String is the risk kind's stable text ("" for RiskNone).
func (k RiskKind) String() string { return nameOf(riskKindNames[:], int(k)) }

// MarshalText writes the risk kind's text.
func (k RiskKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a risk kind's text; a text no kind has is an error.
func (k *RiskKind) UnmarshalText(t []byte) error {
	v, err := valueOf(riskKindNames[:], t, "risk kind")
	*k = RiskKind(v)
	return err
}

// String is the quota window's stable text ("" for QuotaWindowNone);
// Short is how the screen names it.
func (w QuotaWindow) String() string { return nameOf(quotaWindowNames[:], int(w)) }

// MarshalText writes the window's text.
func (w QuotaWindow) MarshalText() ([]byte, error) { return []byte(w.String()), nil }

// UnmarshalText reads a window's text; a text no window has is an error.
func (w *QuotaWindow) UnmarshalText(t []byte) error {
	v, err := valueOf(quotaWindowNames[:], t, "quota window")
	*w = QuotaWindow(v)
	return err
}

// String is the quota source's stable text ("" for QuotaSourceNone).
func (s QuotaSource) String() string { return nameOf(quotaSourceNames[:], int(s)) }

// MarshalText writes the source's text.
func (s QuotaSource) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a source's text; a text no source has is an error.
func (s *QuotaSource) UnmarshalText(t []byte) error {
	v, err := valueOf(quotaSourceNames[:], t, "quota source")
	*s = QuotaSource(v)
	return err
}

// String is the group kind's stable text ("" for GroupNone).
func (k GroupKind) String() string { return nameOf(groupKindNames[:], int(k)) }

// MarshalText writes the group kind's text.
func (k GroupKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a group kind's text; a text no kind has is an error.
func (k *GroupKind) UnmarshalText(t []byte) error {
	v, err := valueOf(groupKindNames[:], t, "group kind")
	*k = GroupKind(v)
	return err
}

// String is the session state's name ("" for StateNone); Label is how
// the screen words it.
func (s SessionState) String() string { return nameOf(sessionStateNames[:], int(s)) }

// MarshalText writes the session state's name.
func (s SessionState) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a session state's name; a name no state has is an
// error.
func (s *SessionState) UnmarshalText(t []byte) error {
	v, err := valueOf(sessionStateNames[:], t, "session state")
	*s = SessionState(v)
	return err
}
