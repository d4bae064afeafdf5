package quota

import "github.com/coworktop/coworktop/vocab"

// quotaWindowEnum is Window's texts (String, MarshalText, UnmarshalText).
var quotaWindowEnum = vocab.Enum[Window]{Names: quotaWindowNames[:], What: "quota window"}

// String is the quota window's stable text ("" for WindowNone);
// Short is how the screen names it.
func (w Window) String() string { return quotaWindowEnum.Name(w) }

// MarshalText writes the text.
func (w Window) MarshalText() ([]byte, error) { return quotaWindowEnum.Text(w) }

// UnmarshalText reads a window's text; a text no window has is an error.
func (w *Window) UnmarshalText(t []byte) error { return quotaWindowEnum.Read(w, t) }

// quotaSourceEnum is Source's texts (String, MarshalText, UnmarshalText).
var quotaSourceEnum = vocab.Enum[Source]{Names: quotaSourceNames[:], What: "quota source"}

// String is the quota source's stable text ("" for SourceNone).
func (s Source) String() string { return quotaSourceEnum.Name(s) }

// MarshalText writes the text.
func (s Source) MarshalText() ([]byte, error) { return quotaSourceEnum.Text(s) }

// UnmarshalText reads a source's text; a text no source has is an error.
func (s *Source) UnmarshalText(t []byte) error { return quotaSourceEnum.Read(s, t) }
