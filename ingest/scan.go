package ingest

import "bytes"

// Small allocation-free scanning helpers for the hand-written line parsers.
// Regular expressions would be 3x slower on the hot path (anchors.md §5.2).

// cut returns what follows prefix, if b starts with it.
func cut(b []byte, prefix string) ([]byte, bool) {
	// The compare is a memequal call: the prefix's last byte, checked first,
	// turns most lines that differ away without it.
	if n := len(prefix); len(b) >= n && (n == 0 || b[n-1] == prefix[n-1]) && string(b[:n]) == prefix {
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
	switch len(stop) {
	case 1:
		if i := bytes.IndexByte(b, stop[0]); i >= 0 {
			return b[:i], b[i:]
		}
		return b, nil
	case 2: // without building a 256-entry set at every call
		for i, c := range b {
			if c == stop[0] || c == stop[1] {
				return b[:i], b[i:]
			}
		}
		return b, nil
	}
	set := setOf(stop)
	return set.word(b)
}

// byteSet is a set of bytes, as bytes.IndexAny builds for itself on every
// call; the hot callers build theirs once. A plain table: one load a byte.
type byteSet [256]bool

func setOf(s string) byteSet {
	var set byteSet
	for i := 0; i < len(s); i++ {
		set[s[i]] = true
	}
	return set
}

// word reads up to the first byte in the set (or the end).
func (set *byteSet) word(b []byte) ([]byte, []byte) {
	for i, c := range b {
		if set[c] {
			return b[:i], b[i:]
		}
	}
	return b, nil
}

// idStops ends a session id. Read-only after package initialisation.
var idStops = setOf(" ():,;\"'")

// sessionID reads a session id token (local_<uuid>, or whatever the app used),
// sanitised: ids end up on the terminal.
func sessionID(nm *names, b []byte) (string, []byte) {
	if nm == nil || len(b) < idKeyLen {
		w, rest := idStops.word(b)
		return nm.get(w, 64), rest
	}
	// A log names the same few sessions line after line: an id seen
	// recently is recognised by one compare instead of a table lookup a
	// byte and a hashed map lookup.
	slot := &nm.ids[idSlot(b)]
	if s := *slot; len(s) > 0 && len(b) >= len(s) && string(b[:len(s)]) == s && (len(b) == len(s) || idStops[b[len(s)]]) {
		return s, b[len(s):]
	}
	w, rest := idStops.word(b)
	s := nm.get(w, 64)
	if len(w) >= idKeyLen && s == string(w) {
		// s holds no stop byte and is its own sanitised form, so a line that
		// starts with it and then stops reads as it.
		*slot = s
	}
	return s, rest
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

// signedNum reads a decimal integer with an optional minus sign.
func signedNum(b []byte) (int, []byte, bool) {
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		b = b[1:]
	}
	n, rest, ok := num(b)
	if neg {
		n = -n
	}
	return n, rest, ok
}
