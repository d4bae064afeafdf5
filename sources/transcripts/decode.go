package transcripts

import (
	"bytes"
	"encoding/json"
	"errors"
	"hash/fnv"
	"time"

	"github.com/coworktop/coworktop/quota"
)

// The line as decoded: every field is a number, a flag, a hash or a class.
// encoding/json skips the keys these structs do not name (content,
// cwd, gitBranch, …) without keeping their bytes.

// wireLine is the part of a transcript line that is read.
type wireLine struct {
	Type      isAssistant  `json:"type"`
	Timestamp stamp        `json:"timestamp"`
	RequestID idHash       `json:"requestId"`
	Sidechain bool         `json:"isSidechain"`
	APIError  bool         `json:"isApiErrorMessage"`
	Message   *wireMessage `json:"message"`
}

type wireMessage struct {
	ID    idHash     `json:"id"`
	Model modelClass `json:"model"`
	Usage *wireUsage `json:"usage"`
}

type wireUsage struct {
	Input         int64 `json:"input_tokens"`
	CacheCreation int64 `json:"cache_creation_input_tokens"`
	CacheRead     int64 `json:"cache_read_input_tokens"`
	Output        int64 `json:"output_tokens"`
	Nested        *struct {
		Write5m int64 `json:"ephemeral_5m_input_tokens"`
		Write1h int64 `json:"ephemeral_1h_input_tokens"`
	} `json:"cache_creation"`
	Speed isFast `json:"speed"`
}

// isAssistant is the line's type, kept only as "assistant or not".
type isAssistant bool

func (a *isAssistant) UnmarshalJSON(b []byte) error {
	*a = isAssistant(bytes.Equal(b, []byte(`"assistant"`)))
	return nil
}

// isFast is the usage's speed, kept only as "fast or not".
type isFast bool

func (f *isFast) UnmarshalJSON(b []byte) error {
	*f = isFast(bytes.Equal(b, []byte(`"fast"`)))
	return nil
}

// idHash is an id kept as a hash of its JSON bytes (0: absent or empty).
type idHash uint64

func (h *idHash) UnmarshalJSON(b []byte) error {
	if len(b) <= 2 || b[0] != '"' { // null, "", or not a string
		*h = 0
		return nil
	}
	f := fnv.New64a()
	_, _ = f.Write(b)
	*h = idHash(f.Sum64() | 1) // never 0
	return nil
}

// modelClass is the model id kept as its class.
type modelClass quota.ModelClass

func (m *modelClass) UnmarshalJSON(b []byte) error {
	if len(b) < 2 || b[0] != '"' {
		*m = modelClass(quota.ModelNone)
		return nil
	}
	*m = modelClass(quota.ModelClassOf(b[1 : len(b)-1]))
	return nil
}

// stamp is the line's timestamp, in Unix nanoseconds.
type stamp int64

func (s *stamp) UnmarshalJSON(b []byte) error {
	if len(b) < 2 || b[0] != '"' {
		return errNoTime
	}
	t, err := time.Parse(time.RFC3339Nano, string(b[1:len(b)-1]))
	if err != nil {
		return errNoTime
	}
	*s = stamp(t.UnixNano())
	return nil
}

var (
	errNoTime   = errors.New("no time")
	errBadUsage = errors.New("usage out of range")
)

// usageMarker is what a line that carries usage holds: lines without it
// are not decoded (most lines of a transcript: prompts, tool results,
// snapshots).
var usageMarker = []byte(`"usage"`)

// maxTokens bounds one count: a larger one is no real reply.
const maxTokens = 1 << 40

// decodeLine returns the usage of one line; ok is false for a line that
// carries none (not an assistant's, a placeholder, an API error), err set
// for a line with a usage marker that does not decode as one.
func decodeLine(line []byte) (u quota.Usage, ok bool, err error) {
	if !bytes.Contains(line, usageMarker) {
		return u, false, nil
	}
	var w wireLine
	if err := json.Unmarshal(line, &w); err != nil {
		return u, false, err
	}
	if !bool(w.Type) || w.APIError || w.Message == nil || w.Message.Usage == nil {
		return u, false, nil
	}
	m := w.Message
	if quota.ModelClass(m.Model) == quota.ModelNone {
		return u, false, nil
	}
	if w.Timestamp == 0 {
		return u, false, errNoTime
	}
	us := m.Usage
	t := quota.Tokens{Input: us.Input, CacheWrite5m: us.CacheCreation, CacheRead: us.CacheRead, Output: us.Output}
	if n := us.Nested; n != nil && n.Write5m+n.Write1h > 0 {
		t.CacheWrite5m, t.CacheWrite1h = n.Write5m, n.Write1h
	}
	for _, n := range []int64{t.Input, t.CacheWrite5m, t.CacheWrite1h, t.CacheRead, t.Output} {
		if n < 0 || n > maxTokens {
			return u, false, errBadUsage
		}
	}
	return quota.Usage{At: time.Unix(0, int64(w.Timestamp)).UTC(), Model: quota.ModelClass(m.Model), Fast: bool(us.Speed),
		Sidechain: w.Sidechain, Tokens: t, MsgKey: uint64(m.ID), ReqKey: uint64(w.RequestID)}, true, nil
}
