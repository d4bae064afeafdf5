package quota

import (
	"encoding/json"
	"errors"
	"unicode/utf8"
)

// members is a JSON object's members, each as its raw value: nil and no
// error for null, an error for anything but an object or for JSON that is
// not valid. It reads as json.Unmarshal into a map[string]json.RawMessage
// does (the last of a repeated key wins; a key's escapes decoded), without
// its reflection: every `coworktop statusline` is a new process, and
// json.Unmarshal's first uses of the map and RawMessage types were most of
// its input's read. FuzzMembers holds the two alike.
func members(raw json.RawMessage) (map[string]json.RawMessage, error) {
	if len(raw) == 0 {
		return nil, errors.New("no value")
	}
	i := skipSpace(raw, 0)
	if !json.Valid(raw) || raw[i] != '{' && raw[i] != 'n' {
		// Not JSON, or no object: json.Unmarshal's own error.
		var m map[string]json.RawMessage
		return nil, json.Unmarshal(raw, &m)
	}
	if raw[i] == 'n' {
		return nil, nil
	}
	m := map[string]json.RawMessage{}
	i = skipSpace(raw, i+1)
	for raw[i] != '}' {
		end := skipValue(raw, i)
		key, err := memberKey(raw[i:end])
		if err != nil {
			return nil, err
		}
		i = skipSpace(raw, skipSpace(raw, end)+1) // past the colon
		end = skipValue(raw, i)
		m[key] = raw[i:end:end]
		i = skipSpace(raw, end)
		if raw[i] == ',' {
			i = skipSpace(raw, i+1)
		}
	}
	return m, nil
}

// memberKey decodes a key: as it stands when it is plain ASCII without
// escapes, else by json.Unmarshal.
func memberKey(quoted []byte) (string, error) {
	plain := quoted[1 : len(quoted)-1]
	for _, c := range plain {
		if c == '\\' || c >= utf8.RuneSelf {
			var s string
			err := json.Unmarshal(quoted, &s)
			return s, err
		}
	}
	return string(plain), nil
}

// skipSpace is the index of the first byte at or after i that is not
// JSON whitespace.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipValue is the index just past the value that starts at i, in JSON
// already known to be valid.
func skipValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				i = skipString(b, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return i
	}
	for i < len(b) {
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
		i++
	}
	return i
}

// skipString is the index just past the string whose quote is at i.
func skipString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}
