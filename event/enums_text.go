package event

import (
	"github.com/coworktop/coworktop/vocab"
)

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

// verbEnum is Verb's texts (MarshalText, UnmarshalText; String too).
var verbEnum = vocab.Enum[Verb]{Names: verbNames[:], What: "verb"}

// MarshalText writes the verb's text.
func (v Verb) MarshalText() ([]byte, error) { return verbEnum.Text(v) }

// UnmarshalText reads a verb's text; a text no verb has is an error.
func (v *Verb) UnmarshalText(b []byte) error { return verbEnum.Read(v, b) }

// MarshalText writes the cause's name.
func (c Cause) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a cause's name (CauseOther for one no constant
// names, CauseNone for "").
func (c *Cause) UnmarshalText(b []byte) error {
	*c = CauseOf(string(b))
	return nil
}

// fileStateEnum is FileState's texts (String, MarshalText, UnmarshalText).
var fileStateEnum = vocab.Enum[FileState]{Names: fileStateNames[:], What: "file state"}

// String is the file state's text ("" for FileStateNone).
func (f FileState) String() string { return fileStateEnum.Name(f) }

// MarshalText writes the file state's text.
func (f FileState) MarshalText() ([]byte, error) { return fileStateEnum.Text(f) }

// UnmarshalText reads a file state's text; a text no state has is an error.
func (f *FileState) UnmarshalText(b []byte) error { return fileStateEnum.Read(f, b) }

// vmStateEnum is VMState's texts (String, MarshalText, UnmarshalText).
var vmStateEnum = vocab.Enum[VMState]{Names: vmStateNames[:], What: "VM state"}

// String is the VM state's text.
func (v VMState) String() string { return vmStateEnum.Name(v) }

// MarshalText writes the VM state's text.
func (v VMState) MarshalText() ([]byte, error) { return vmStateEnum.Text(v) }

// UnmarshalText reads a VM state's text; "" is VMUnknown, and a text no
// state has is an error.
func (v *VMState) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*v = VMUnknown
		return nil
	}
	return vmStateEnum.Read(v, b)
}
