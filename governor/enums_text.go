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

// fileStateEnum is FileState's texts (String, MarshalText, UnmarshalText).
var fileStateEnum = enum[FileState]{names: fileStateNames[:], what: "file state"}

// String is the file state's text ("" for FileStateNone).
func (f FileState) String() string { return fileStateEnum.name(f) }

// MarshalText writes the file state's text.
func (f FileState) MarshalText() ([]byte, error) { return fileStateEnum.text(f) }

// UnmarshalText reads a file state's text; a text no state has is an error.
func (f *FileState) UnmarshalText(b []byte) error { return fileStateEnum.read(f, b) }

// vmStateEnum is VMState's texts (String, MarshalText, UnmarshalText).
var vmStateEnum = enum[VMState]{names: vmStateNames[:], what: "VM state"}

// String is the VM state's text.
func (v VMState) String() string { return vmStateEnum.name(v) }

// MarshalText writes the VM state's text.
func (v VMState) MarshalText() ([]byte, error) { return vmStateEnum.text(v) }

// UnmarshalText reads a VM state's text; "" is VMUnknown, and a text no
// state has is an error.
func (v *VMState) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*v = VMUnknown
		return nil
	}
	return vmStateEnum.read(v, b)
}

// countBasisNames and appEndNames are the texts of CountBasis and AppEnd.
var (
	countBasisNames = [...]string{BasisLive: "live"}
	appEndNames     = [...]string{AppEndQuit: "quit", AppEndUpdate: "update restart", AppEndCrash: "crash"}
)

// countBasisEnum is CountBasis's texts (String, MarshalText, UnmarshalText).
var countBasisEnum = enum[CountBasis]{names: countBasisNames[:], what: "count basis"}

// String is the basis's text ("" for BasisNone).
func (b CountBasis) String() string { return countBasisEnum.name(b) }

// MarshalText writes the text.
func (b CountBasis) MarshalText() ([]byte, error) { return countBasisEnum.text(b) }

// UnmarshalText reads a basis's text; a text no basis has is an error.
func (b *CountBasis) UnmarshalText(t []byte) error { return countBasisEnum.read(b, t) }

// appEndEnum is AppEnd's texts (String, MarshalText, UnmarshalText).
var appEndEnum = enum[AppEnd]{names: appEndNames[:], what: "app end"}

// String is how the run ended ("" for AppUp).
func (a AppEnd) String() string { return appEndEnum.name(a) }

// MarshalText writes the text.
func (a AppEnd) MarshalText() ([]byte, error) { return appEndEnum.text(a) }

// UnmarshalText reads how a run ended; a text no AppEnd has is an error.
func (a *AppEnd) UnmarshalText(t []byte) error { return appEndEnum.read(a, t) }

// enum is the texts of an enum whose every text is a constant's, indexed
// by value, and what it is called in an error: the one body of their
// String, MarshalText and UnmarshalText.
type enum[T ~int8 | ~uint8 | ~int16 | ~uint16 | ~int] struct {
	names []string
	what  string
}

// name is v's text, "" out of range.
func (e enum[T]) name(v T) string { return nameOf(e.names, int(v)) }

// text is MarshalText: v's text, never its number.
func (e enum[T]) text(v T) ([]byte, error) { return []byte(e.name(v)), nil }

// read is UnmarshalText: the value of a text, an error naming the enum
// for a text no value has (and the zero value then).
func (e enum[T]) read(dst *T, t []byte) error {
	v, err := valueOf(e.names, t, e.what)
	*dst = T(v)
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

// sourceEnum is Source's texts (String, MarshalText, UnmarshalText).
var sourceEnum = enum[Source]{names: sourceNames[:], what: "source"}

// String is the source's text ("" for SourceNone).
func (s Source) String() string { return sourceEnum.name(s) }

// MarshalText writes the text.
func (s Source) MarshalText() ([]byte, error) { return sourceEnum.text(s) }

// UnmarshalText reads a source's text; a text no source has is an error.
func (s *Source) UnmarshalText(t []byte) error { return sourceEnum.read(s, t) }

// SourceOf is the Source of a source's text, SourceNone for a text no
// source has, for what holds a source as text, as report's JSON does.
func SourceOf(s string) Source {
	v, _ := valueOf(sourceNames[:], []byte(s), "source")
	return Source(v)
}

// recordSourceEnum is RecordSource's texts (String, MarshalText, UnmarshalText).
var recordSourceEnum = enum[RecordSource]{names: recordSourceNames[:], what: "record source"}

// String is the record source's stable text ("" for FromNone); Text is
// where it comes from in words.
func (r RecordSource) String() string { return recordSourceEnum.name(r) }

// MarshalText writes the text.
func (r RecordSource) MarshalText() ([]byte, error) { return recordSourceEnum.text(r) }

// UnmarshalText reads a record source's text; a text no source has is an
// error.
func (r *RecordSource) UnmarshalText(t []byte) error { return recordSourceEnum.read(r, t) }

// attentionEnum is Attention's texts (String, MarshalText, UnmarshalText).
var attentionEnum = enum[Attention]{names: attentionNames[:], what: "attention"}

// String is the attention state's stable text ("" for AttentionNone).
func (a Attention) String() string { return attentionEnum.name(a) }

// MarshalText writes the text.
func (a Attention) MarshalText() ([]byte, error) { return attentionEnum.text(a) }

// UnmarshalText reads an attention state's text; a text no state has is
// an error.
func (a *Attention) UnmarshalText(t []byte) error { return attentionEnum.read(a, t) }

// riskKindEnum is RiskKind's texts (String, MarshalText, UnmarshalText).
var riskKindEnum = enum[RiskKind]{names: riskKindNames[:], what: "risk kind"}

// String is the risk kind's stable text ("" for RiskNone).
func (k RiskKind) String() string { return riskKindEnum.name(k) }

// MarshalText writes the text.
func (k RiskKind) MarshalText() ([]byte, error) { return riskKindEnum.text(k) }

// UnmarshalText reads a risk kind's text; a text no kind has is an error.
func (k *RiskKind) UnmarshalText(t []byte) error { return riskKindEnum.read(k, t) }

// quotaWindowEnum is QuotaWindow's texts (String, MarshalText, UnmarshalText).
var quotaWindowEnum = enum[QuotaWindow]{names: quotaWindowNames[:], what: "quota window"}

// String is the quota window's stable text ("" for QuotaWindowNone);
// Short is how the screen names it.
func (w QuotaWindow) String() string { return quotaWindowEnum.name(w) }

// MarshalText writes the text.
func (w QuotaWindow) MarshalText() ([]byte, error) { return quotaWindowEnum.text(w) }

// UnmarshalText reads a window's text; a text no window has is an error.
func (w *QuotaWindow) UnmarshalText(t []byte) error { return quotaWindowEnum.read(w, t) }

// quotaSourceEnum is QuotaSource's texts (String, MarshalText, UnmarshalText).
var quotaSourceEnum = enum[QuotaSource]{names: quotaSourceNames[:], what: "quota source"}

// String is the quota source's stable text ("" for QuotaSourceNone).
func (s QuotaSource) String() string { return quotaSourceEnum.name(s) }

// MarshalText writes the text.
func (s QuotaSource) MarshalText() ([]byte, error) { return quotaSourceEnum.text(s) }

// UnmarshalText reads a source's text; a text no source has is an error.
func (s *QuotaSource) UnmarshalText(t []byte) error { return quotaSourceEnum.read(s, t) }

// groupKindEnum is GroupKind's texts (String, MarshalText, UnmarshalText).
var groupKindEnum = enum[GroupKind]{names: groupKindNames[:], what: "group kind"}

// String is the group kind's stable text ("" for GroupNone).
func (k GroupKind) String() string { return groupKindEnum.name(k) }

// MarshalText writes the text.
func (k GroupKind) MarshalText() ([]byte, error) { return groupKindEnum.text(k) }

// UnmarshalText reads a group kind's text; a text no kind has is an error.
func (k *GroupKind) UnmarshalText(t []byte) error { return groupKindEnum.read(k, t) }

// sessionStateEnum is SessionState's texts (String, MarshalText, UnmarshalText).
var sessionStateEnum = enum[SessionState]{names: sessionStateNames[:], what: "session state"}

// String is the session state's name ("" for StateNone); Label is how
// the screen words it.
func (s SessionState) String() string { return sessionStateEnum.name(s) }

// MarshalText writes the text.
func (s SessionState) MarshalText() ([]byte, error) { return sessionStateEnum.text(s) }

// UnmarshalText reads a session state's name; a name no state has is an
// error.
func (s *SessionState) UnmarshalText(t []byte) error { return sessionStateEnum.read(s, t) }
