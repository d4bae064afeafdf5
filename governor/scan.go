package governor

import "bytes"

// Small allocation-free scanning helpers for the hand-written line parsers.
// Regular expressions would be 3x slower on the hot path (anchors.md §5.2).

// cut returns what follows prefix, if b starts with it.
func cut(b []byte, prefix string) ([]byte, bool) {
	if len(b) >= len(prefix) && string(b[:len(prefix)]) == prefix {
		return b[len(prefix):], true
	}
	return b, false
}

// num reads a non-negative decimal integer.
func num(b []byte) (int, []byte, bool) {
	n, i := 0, 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' && i < 18 {
		n = n*10 + int(b[i]-'0')
		i++
	}
	return n, b[i:], i > 0
}

// word reads up to the first byte in stop (or the end).
func word(b []byte, stop string) ([]byte, []byte) {
	i := bytes.IndexAny(b, stop)
	if i < 0 {
		return b, nil
	}
	return b[:i], b[i:]
}

// sessionID reads a session id token (local_<uuid>, or whatever the app used),
// sanitised: ids end up on the terminal.
func sessionID(b []byte) (string, []byte) {
	w, rest := word(b, " ():,;\"'")
	return Sanitize(w, 64), rest
}

// field returns the value after key (e.g. "sys_free=") up to the next space.
func field(b []byte, key string) ([]byte, bool) {
	i := bytes.Index(b, []byte(key))
	if i < 0 {
		return nil, false
	}
	v, _ := word(b[i+len(key):], " ")
	return v, true
}

// mb reads "<n>MB".
func mb(b []byte) int {
	n, _, _ := num(b)
	return n
}
