package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/coworktop/coworktop/words"
)

// The eviction, crash and loss lists are most of a report's JSON: thousands of
// entries, which encoding/json marshals by reflection and then indents byte
// by byte, about 20 ms at every `report --json` whatever the log's size. So
// the lists are written by hand, in exactly the bytes json.Encoder with SetIndent("", "  ")
// writes (TestEvictionsJSONMatchesEncodingJSON), and encoding/json writes
// the rest of the report.

// listAt is where a top-level list opens in the indented encoding, just
// after its '[': top-level keys are the only ones indented by two spaces,
// and a string never holds a raw newline.
func listAt(out []byte, key string) int {
	k := "\n  \"" + key + "\": ["
	i := bytes.Index(out, []byte(k))
	if i < 0 {
		return -1
	}
	return i + len(k)
}

// handList is a list written by hand into the encoding. held: the
// encoding holds one element in its place (a list that omitempty would
// leave out when empty), which the hand-written elements replace.
type handList struct {
	key   string
	n     int
	write func(w *listWriter) // writes the n elements
	held  bool
}

func writeJSON(w io.Writer, r Report) error {
	evictions, crashes, losses, restarts, later := r.Evictions, r.Crashes, r.Losses, r.Restarts, r.later
	nEvictions, nLosses := len(evictions), len(losses)
	if later != nil {
		nEvictions, nLosses = later.evictions, later.losses
	}
	if nEvictions > 0 {
		r.Evictions = []Evicted{}
	}
	if len(crashes) > 0 {
		r.Crashes = []Crashed{}
	}
	if nLosses > 0 {
		r.Losses = []Lost{}
	}
	if len(restarts) > 0 {
		r.Restarts = make([]words.Restart, 1)
	}
	var head bytes.Buffer
	enc := json.NewEncoder(&head)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("writing report JSON: %w", err)
	}
	out := head.Bytes()
	var each elementEncoder
	lists := []handList{ // in the order of Report's fields
		{key: "evictions", n: nEvictions, write: func(w *listWriter) { writeEvictions(w, evictions, later) }},
		{key: "crashes", n: len(crashes), write: func(w *listWriter) {
			for i := range crashes {
				w.close(appendCrashed(w.open(), &crashes[i]))
			}
		}},
		{key: "losses", n: nLosses, write: func(w *listWriter) { writeLossList(w, losses, later) }},
		{key: "restarts", n: len(restarts), write: func(w *listWriter) {
			for i := range restarts {
				w.close(each.append(w.open(), &restarts[i]))
			}
		}, held: true},
	}
	cw := chunkWriter{w: w, buf: make([]byte, 0, jsonChunk+4<<10)}
	from := 0
	for _, l := range lists {
		if l.n == 0 {
			continue
		}
		at := listAt(out[from:], l.key)
		if at < 0 {
			return fmt.Errorf("writing report JSON: no %s list in the encoding", l.key)
		}
		at += from
		cw.buf = append(cw.buf, out[from:at]...)
		l.write(&listWriter{cw: &cw})
		if each.err != nil {
			return fmt.Errorf("writing report JSON: %w", each.err)
		}
		cw.buf = append(cw.buf, "\n  "...)
		from = at
		if l.held { // on past the held element, to the list's "\n  ]"
			end := bytes.Index(out[at:], []byte("\n  ]"))
			if end < 0 {
				return fmt.Errorf("writing report JSON: no end to the %s list in the encoding", l.key)
			}
			from = at + end + len("\n  ")
		}
	}
	cw.buf = append(cw.buf, out[from:]...)
	if cw.flush(); cw.err != nil {
		return fmt.Errorf("writing report JSON: %w", cw.err)
	}
	return nil
}

// jsonChunk is how much of the report's JSON is built before it is
// written: a month's lists are megabytes, and one buffer for all of them
// was fresh memory to fault in and, when its size was guessed short,
// copied whole to grow.
const jsonChunk = 64 << 10

// chunkWriter writes buf to w each time it passes jsonChunk; the first
// error stops the writing and stays in err.
type chunkWriter struct {
	w   io.Writer
	buf []byte
	err error
}

func (c *chunkWriter) spill() {
	if len(c.buf) >= jsonChunk {
		c.flush()
	}
}

func (c *chunkWriter) flush() {
	if c.err == nil && len(c.buf) > 0 {
		_, c.err = c.w.Write(c.buf)
	}
	c.buf = c.buf[:0]
}

// appendEvicted writes one list element at the list's indentation.
func appendEvicted(b []byte, e *Evicted) []byte {
	b = append(b, "\n    {\n      \"time\": "...)
	b = appendStampJSON(b, e.Time)
	b = append(b, ",\n      \"session\": "...)
	b = words.AppendJSONString(b, e.Session)
	b = append(b, ",\n      \"idle_s\": "...)
	b = strconv.AppendInt(b, int64(e.IdleS), 10)
	b = append(b, ",\n      \"idle_source\": "...)
	b = words.AppendJSONString(b, e.IdleSource)
	b = append(b, ",\n      \"cause\": "...)
	b = words.AppendJSONString(b, e.Cause)
	if e.File != "" {
		b = append(b, ",\n      \"file\": "...)
		b = words.AppendJSONString(b, e.File)
	}
	if e.Line != 0 {
		b = append(b, ",\n      \"line\": "...)
		b = strconv.AppendInt(b, int64(e.Line), 10)
	}
	if e.Name != "" {
		b = append(b, ",\n      \"name\": "...)
		b = words.AppendJSONString(b, e.Name)
	}
	return append(b, "\n    }"...)
}

// appendCrashed writes one element of the crash list.
func appendCrashed(b []byte, c *Crashed) []byte {
	b = append(b, "\n    {\n      \"time\": "...)
	b = appendStampJSON(b, c.Time)
	b = append(b, ",\n      \"session\": "...)
	b = words.AppendJSONString(b, c.Session)
	if c.Signal != "" {
		b = append(b, ",\n      \"signal\": "...)
		b = words.AppendJSONString(b, c.Signal)
	}
	if c.ExitCode != nil {
		b = append(b, ",\n      \"exit_code\": "...)
		b = strconv.AppendInt(b, int64(*c.ExitCode), 10)
	}
	if c.File != "" {
		b = append(b, ",\n      \"file\": "...)
		b = words.AppendJSONString(b, c.File)
	}
	if c.Line != 0 {
		b = append(b, ",\n      \"line\": "...)
		b = strconv.AppendInt(b, int64(c.Line), 10)
	}
	return append(b, "\n    }"...)
}

// appendLost writes one element of the loss list.
func appendLost(b []byte, l *Lost) []byte {
	b = append(b, "\n    {\n      \"time\": "...)
	b = appendStampJSON(b, l.Time)
	if l.Session != "" {
		b = append(b, ",\n      \"session\": "...)
		b = words.AppendJSONString(b, l.Session)
	}
	b = append(b, ",\n      \"count\": "...)
	b = strconv.AppendInt(b, int64(l.Count), 10)
	b = append(b, ",\n      \"cause\": "...)
	b = words.AppendJSONString(b, l.Cause)
	if l.Detail != "" {
		b = append(b, ",\n      \"detail\": "...)
		b = words.AppendJSONString(b, l.Detail)
	}
	b = append(b, ",\n      \"evidence\": "...)
	b = words.AppendJSONString(b, l.Evidence)
	if l.CauseEvidence != "" {
		b = append(b, ",\n      \"cause_evidence\": "...)
		b = words.AppendJSONString(b, l.CauseEvidence)
	}
	if l.WaitingFor != "" {
		b = append(b, ",\n      \"waiting_for\": "...)
		b = words.AppendJSONString(b, l.WaitingFor)
	}
	if l.Title != "" {
		b = append(b, ",\n      \"title\": "...)
		b = words.AppendJSONString(b, l.Title)
	}
	for _, f := range [...]struct{ key, value string }{
		{",\n      \"claude_code_id\": ", l.ClaudeCodeID},
		{",\n      \"claude_code_id_source\": ", l.ClaudeCodeIDSource},
		{",\n      \"resume\": ", l.Resume},
		{",\n      \"name\": ", l.Name},
		{",\n      \"back\": ", l.Back.JSON()},
	} {
		if f.value != "" {
			b = words.AppendJSONString(append(b, f.key...), f.value)
		}
	}
	return append(b, "\n    }"...)
}

// appendStampJSON is words.AppendJSONString(b, s.JSON()), without making the
// string: a report writes thousands of stamps.
func appendStampJSON(b []byte, s Stamp) []byte {
	var buf [48]byte
	return words.AppendJSONBytes(b, s.appendJSON(buf[:0]))
}
