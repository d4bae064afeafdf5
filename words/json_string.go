package words

import "encoding/json"

// jsonPlain marks the bytes AppendJSONString writes as they are: printable
// ASCII but " \ < > &. Read-only after package initialisation.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c <= 0x7e; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// AppendJSONString appends s quoted as encoding/json quotes it (HTML-safe):
// a string of plain bytes as it is, anything else through json.Marshal.
// The JSON writers of words and render share it, so a string reads the
// same in every JSON output.
func AppendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if !jsonPlain[s[i]] {
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

// AppendJSONBytes is AppendJSONString for text held in bytes (a stamp
// formatted into a buffer), making a string of it only when it is not
// plain.
func AppendJSONBytes(b, s []byte) []byte {
	for _, c := range s {
		if !jsonPlain[c] {
			return AppendJSONString(b, string(s))
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
