package record

import "github.com/coworktop/coworktop/vocab"

// Where a session's figure comes from and whether a session needs the
// person, as the records say them: the stable texts snapshot --json and
// the metrics print (words says them in sentences).

// Source names where a session's figure comes from. The values are
// stable: snapshot --json prints them; words.RecordSourceText says them.
type Source int8

// Record sources.
const (
	FromNone       Source = iota // not said: "" in the outputs, left out where optional
	FromLog                      // "log": main.log
	FromCodeRecord               // "session_record": Claude Code's ~/.claude/sessions/<pid>.json
	FromAppRecord                // "app_record": the desktop app's claude-code-sessions/…/local_<uuid>.json
	FromJobRecord                // "job_record": the supervisor's jobs/<id>/state.json or daemon/roster.json
	FromSeen                     // "estimated": coworktop saw it first at this time (the record gave no time)
)

// recordSourceNames are the record sources' stable texts.
var recordSourceNames = [...]string{FromLog: "log", FromCodeRecord: "session_record", FromAppRecord: "app_record", FromJobRecord: "job_record", FromSeen: "estimated"}

// Attention is whether a session needs the person, as its own record says.
type Attention int8

// Attention states. The texts are stable (snapshot --json, metrics).
const (
	AttentionNone    Attention = iota // not said: "" in the outputs, left out where optional
	AttentionUnknown                  // "unknown": no record, or a record without status (not reported by this version)
	AttentionWaiting                  // "waiting": it waits for the person: a permission prompt, a question
	AttentionBusy                     // "busy": it is working
	AttentionIdle                     // "idle": it finished and waits for a new prompt
)

// attentionNames are the attention states' stable texts.
var attentionNames = [...]string{AttentionUnknown: "unknown", AttentionWaiting: "waiting", AttentionBusy: "busy", AttentionIdle: "idle"}

// AttentionOf maps a record's status to an Attention: busy, idle,
// waiting; shell (a shell command it runs, 2.1.175) is busy; anything else
// is unknown.
func AttentionOf(status string) Attention {
	switch status {
	case "waiting", "blocked":
		return AttentionWaiting
	case "busy", "shell", "working":
		return AttentionBusy
	case "idle":
		return AttentionIdle
	}
	return AttentionUnknown
}

// recordSourceEnum is Source's texts (String, MarshalText, UnmarshalText).
var recordSourceEnum = vocab.Enum[Source]{Names: recordSourceNames[:], What: "record source"}

// String is the record source's stable text ("" for FromNone);
// words.RecordSourceText says where it comes from in words.
func (r Source) String() string { return recordSourceEnum.Name(r) }

// MarshalText writes the text.
func (r Source) MarshalText() ([]byte, error) { return recordSourceEnum.Text(r) }

// UnmarshalText reads a record source's text; a text no source has is an
// error.
func (r *Source) UnmarshalText(t []byte) error { return recordSourceEnum.Read(r, t) }

// attentionEnum is Attention's texts (String, MarshalText, UnmarshalText).
var attentionEnum = vocab.Enum[Attention]{Names: attentionNames[:], What: "attention"}

// String is the attention state's stable text ("" for AttentionNone).
func (a Attention) String() string { return attentionEnum.Name(a) }

// MarshalText writes the text.
func (a Attention) MarshalText() ([]byte, error) { return attentionEnum.Text(a) }

// UnmarshalText reads an attention state's text; a text no state has is
// an error.
func (a *Attention) UnmarshalText(t []byte) error { return attentionEnum.Read(a, t) }

// SourceOf is the record source a JSON output named ("app_record"),
// FromNone for any other text.
func SourceOf(name string) Source {
	for i, n := range recordSourceNames {
		if n != "" && n == name {
			return Source(i)
		}
	}
	return FromNone
}
