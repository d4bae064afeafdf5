package render

import "encoding/json"

// elementEncoder writes one element of a top-level list by its
// MarshalJSON, in exactly the bytes the report's indented encoding gives
// it there. The restarts list (a month's ran to half a megabyte) went
// through the report's one encoding, which builds it compact, indents it
// into a second buffer and copies that into a third, each grown by
// doubling: 4 MB of fresh heap at the end of a run (issue 49). Element by
// element, nothing is kept but the element's own encoding. It does not
// pass the element through encoding/json's scanner twice more, to compact
// and then to indent it (8 ms of the many-ids month's serial end): what
// MarshalJSON gives is json.Marshal's (HTML-escaped, valid), and
// appendIndent indents it without validating it again.
// TestRestartsJSONMatchesEncodingJSON holds the bytes to the one
// encoding's.
type elementEncoder struct {
	err     error  // the first error; the elements after it are not written
	compact []byte // an appender's compact bytes, kept for the next element
}

// jsonAppender is a value that appends its own compact JSON, the bytes
// its MarshalJSON gives, without a []byte of its own each time
// (words.Restart).
type jsonAppender interface {
	AppendJSON(b []byte) []byte
}

// append writes v at a top-level list's indentation after b: a new line,
// four spaces, and v indented by two more per level, as
// json.Encoder.SetIndent("", "  ") writes it there.
func (e *elementEncoder) append(b []byte, v json.Marshaler) []byte {
	if e.err != nil {
		return b
	}
	if a, ok := v.(jsonAppender); ok {
		e.compact = a.AppendJSON(e.compact[:0])
		return appendIndent(append(b, "\n    "...), e.compact, "    ", "  ")
	}
	raw, err := v.MarshalJSON()
	if err != nil {
		e.err = err
		return b
	}
	return appendIndent(append(b, "\n    "...), raw, "    ", "  ")
}

// appendIndent is json.Indent's output for valid JSON src, appended to
// dst: each element of an object or array on its own line, prefix and
// one indent per level before it; a space after each colon; an empty
// object or array as {} or []; space outside strings dropped.
func appendIndent(dst, src []byte, prefix, indent string) []byte {
	depth, open := 0, false // open: a bracket was just written, its first element's line not yet begun
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		if open && c != '}' && c != ']' {
			open = false
			depth++
			dst = appendNewline(dst, prefix, indent, depth)
		}
		switch c {
		case '"':
			j := stringEnd(src, i)
			dst = append(dst, src[i:j]...)
			i = j - 1
		case '{', '[':
			open = true
			dst = append(dst, c)
		case ',':
			dst = appendNewline(append(dst, c), prefix, indent, depth)
		case ':':
			dst = append(dst, c, ' ')
		case '}', ']':
			if open {
				open = false
			} else {
				depth--
				dst = appendNewline(dst, prefix, indent, depth)
			}
			dst = append(dst, c)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// stringEnd is the index just past the JSON string that opens at src[i].
func stringEnd(src []byte, i int) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(src)
}

// appendNewline begins a line at depth levels.
func appendNewline(dst []byte, prefix, indent string, depth int) []byte {
	dst = append(dst, '\n')
	dst = append(dst, prefix...)
	for range depth {
		dst = append(dst, indent...)
	}
	return dst
}
