package quota

import (
	"bytes"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// What Claude Code's transcripts say of each reply's tokens
// (transcripts-usage.md): sources/transcripts decodes the usage and id
// fields of each assistant line into a Usage, which has no place for
// text: the ids are kept as hashes, the model as its class. The share of
// the window each session spent is computed from them here (share.go),
// once, for every output.

// ModelClass is the family of the model that answered, as far as its
// weight goes.
type ModelClass int8

// Model classes.
const (
	ModelOther  ModelClass = iota // "other": a model no weight names (weighed as Sonnet)
	ModelOpus                     // "opus"
	ModelSonnet                   // "sonnet"
	ModelHaiku                    // "haiku"
	// ModelNone is a local placeholder ("<synthetic>"): never counted.
	ModelNone
)

var modelClassNames = [...]string{ModelOther: "other", ModelOpus: "opus", ModelSonnet: "sonnet", ModelHaiku: "haiku", ModelNone: "none"}

var modelClassEnum = vocab.Enum[ModelClass]{Names: modelClassNames[:], What: "model class"}

// String is the class's stable text.
func (m ModelClass) String() string { return modelClassEnum.Name(m) }

// MarshalText writes the class's text.
func (m ModelClass) MarshalText() ([]byte, error) { return modelClassEnum.Text(m) }

// UnmarshalText reads a class's text; a text no class has is an error.
func (m *ModelClass) UnmarshalText(t []byte) error { return modelClassEnum.Read(m, t) }

// ModelClasses lists the classes counted, in the order outputs show them.
var ModelClasses = []ModelClass{ModelOpus, ModelSonnet, ModelHaiku, ModelOther}

// ModelClassOf is the class of a model id ("claude-opus-5-20260801"),
// from the name's bytes alone; the name itself is not kept.
func ModelClassOf(model []byte) ModelClass {
	switch {
	case len(model) == 0 || bytes.HasPrefix(model, []byte("<")):
		return ModelNone
	case containsFold(model, "opus"):
		return ModelOpus
	case containsFold(model, "sonnet"):
		return ModelSonnet
	case containsFold(model, "haiku"):
		return ModelHaiku
	}
	return ModelOther
}

func containsFold(b []byte, word string) bool {
	return bytes.Contains(bytes.ToLower(b), []byte(word))
}

// Tokens are one reply's token counts by kind. Cache writes are split by
// their lifetime where the transcript says (cache_creation's ephemeral
// 5m and 1h); a flat count is taken as 5-minute writes.
type Tokens struct {
	Input        int64 `json:"input"`
	CacheWrite5m int64 `json:"cache_write_5m"`
	CacheWrite1h int64 `json:"cache_write_1h"`
	CacheRead    int64 `json:"cache_read"`
	Output       int64 `json:"output"`
}

// Total is every token of the reply, whatever its kind.
func (t Tokens) Total() int64 {
	return t.Input + t.CacheWrite5m + t.CacheWrite1h + t.CacheRead + t.Output
}

// Add adds u's counts.
func (t *Tokens) Add(u Tokens) {
	t.Input += u.Input
	t.CacheWrite5m += u.CacheWrite5m
	t.CacheWrite1h += u.CacheWrite1h
	t.CacheRead += u.CacheRead
	t.Output += u.Output
}

// Usage is one transcript line's usage: numbers, flags and hashes, and
// nothing a person wrote. MsgKey and ReqKey are hashes of message.id and
// requestId (0: the line has none): enough to find copies, never printed.
type Usage struct {
	At        time.Time
	Model     ModelClass
	Fast      bool // speed "fast": fast mode, priced apart
	Sidechain bool // a subagent's or /btw's line
	Tokens    Tokens
	MsgKey    uint64
	ReqKey    uint64
}

// SessionUsage is what one live session's transcripts held of the
// window: its own file's lines and its subagents', oldest first.
type SessionUsage struct {
	// Session is Claude Code's session id (the transcript's name, as
	// the session's record gives it).
	Session string
	Rows    []Usage
	// Files is how many transcripts were read for it (its own and its
	// subagents'); 0: none was found, so its share is unknown, not 0.
	Files int
}

// UsageReading is one reading of the live sessions' transcripts.
type UsageReading struct {
	At       time.Time
	Sessions []SessionUsage
	// Since is the oldest time the reading keeps lines from: no current
	// window begins before it.
	Since time.Time
	// Cut counts lines too long to decode that were skipped, Bad lines
	// with a usage marker that did not decode, Unreadable reads that
	// failed (running counts).
	Cut, Bad, Unreadable int
}
