package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// The eviction list is most of a report's JSON: up to 5 000 entries, which
// encoding/json marshals by reflection and then indents byte by byte, about
// 20 ms at every `report --json` whatever the log's size. So the list is
// written by hand, in exactly the bytes json.Encoder with SetIndent("", "  ")
// writes (TestEvictionsJSONMatchesEncodingJSON), and encoding/json writes
// the rest of the report.

// evictionsKey is where the top-level eviction list opens in the indented
// encoding: top-level keys are the only ones indented by two spaces, and a
// string never holds a raw newline.
var evictionsKey = []byte("\n  \"evictions\": [")

func writeJSON(w io.Writer, r Report) error {
	list := r.Evictions
	if len(list) > 0 {
		r.Evictions = []Evicted{}
	}
	var head bytes.Buffer
	enc := json.NewEncoder(&head)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("writing report JSON: %w", err)
	}
	out := head.Bytes()
	at := bytes.Index(out, evictionsKey)
	if at < 0 || len(list) == 0 {
		if len(list) > 0 {
			return fmt.Errorf("writing report JSON: no eviction list in the encoding")
		}
		_, err := w.Write(out)
		return wrapWrite(err)
	}
	at += len(evictionsKey) // just after '[', before the ']' of the empty list
	buf := make([]byte, 0, len(out)+len(list)*224)
	buf = append(buf, out[:at]...)
	for i := range list {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendEvicted(buf, &list[i])
	}
	buf = append(buf, "\n  "...)
	buf = append(buf, out[at:]...)
	_, err := w.Write(buf)
	return wrapWrite(err)
}

func wrapWrite(err error) error {
	if err != nil {
		return fmt.Errorf("writing report JSON: %w", err)
	}
	return nil
}

// appendEvicted writes one list element at the list's indentation.
func appendEvicted(b []byte, e *Evicted) []byte {
	b = append(b, "\n    {\n      \"time\": "...)
	b = appendJSONString(b, e.Time)
	b = append(b, ",\n      \"session\": "...)
	b = appendJSONString(b, e.Session)
	b = append(b, ",\n      \"idle_s\": "...)
	b = strconv.AppendInt(b, int64(e.IdleS), 10)
	b = append(b, ",\n      \"idle_source\": "...)
	b = appendJSONString(b, e.IdleSource)
	b = append(b, ",\n      \"cause\": "...)
	b = appendJSONString(b, e.Cause)
	if e.File != "" {
		b = append(b, ",\n      \"file\": "...)
		b = appendJSONString(b, e.File)
	}
	if e.Line != 0 {
		b = append(b, ",\n      \"line\": "...)
		b = strconv.AppendInt(b, int64(e.Line), 10)
	}
	return append(b, "\n    }"...)
}

// appendJSONString quotes s as encoding/json does (HTML-safe): printable
// ASCII other than " \ < > & goes as is, anything else through json.Marshal.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, err := json.Marshal(s)
			if err != nil { // a string always marshals
				return append(b, `""`...)
			}
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
