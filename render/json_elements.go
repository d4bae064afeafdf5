package render

import "encoding/json"

// elementEncoder writes one element of a top-level list by encoding/json,
// in exactly the bytes the report's indented encoding gives it there. The
// restarts list (a month's ran to half a megabyte) went through the
// report's one encoding, which builds it compact, indents it into a
// second buffer and copies that into a third, each grown by doubling:
// 4 MB of fresh heap at the end of a run (issue 49). Element by element,
// the buffers are as large as the largest element and used again.
type elementEncoder struct {
	enc *json.Encoder
	b   []byte // what Write appends to
	err error  // the first error; the elements after it are not written
}

// Write appends p to e.b: the encoder's output.
func (e *elementEncoder) Write(p []byte) (int, error) {
	e.b = append(e.b, p...)
	return len(p), nil
}

// append writes v at a top-level list's indentation after b: a new line,
// four spaces, and v indented by two more per level, as
// json.Encoder.SetIndent("", "  ") writes it there.
func (e *elementEncoder) append(b []byte, v any) []byte {
	if e.err != nil {
		return b
	}
	if e.enc == nil {
		e.enc = json.NewEncoder(e)
		e.enc.SetIndent("    ", "  ")
	}
	e.b = append(b, "\n    "...)
	if e.err = e.enc.Encode(v); e.err != nil {
		return b
	}
	b, e.b = e.b[:len(e.b)-1], nil // Encode ends with a newline
	return b
}
