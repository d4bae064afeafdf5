package vocab

import "fmt"

// Enum is the texts of an enum whose every text is a constant's, indexed
// by value, and what it is called in an error: the one body of their
// String, MarshalText and UnmarshalText.
type Enum[T ~int8 | ~uint8 | ~int16 | ~uint16 | ~int] struct {
	Names []string
	What  string
}

// Name is v's text, "" out of range.
func (e Enum[T]) Name(v T) string { return NameOf(e.Names, int(v)) }

// Text is MarshalText: v's text, never its number.
func (e Enum[T]) Text(v T) ([]byte, error) { return []byte(e.Name(v)), nil }

// Read is UnmarshalText: the value of a text, an error naming the enum
// for a text no value has (and the zero value then).
func (e Enum[T]) Read(dst *T, t []byte) error {
	v, err := ValueOf(e.Names, t, e.What)
	*dst = T(v)
	return err
}

// NameOf is names[v], "" out of range.
func NameOf(names []string, v int) string {
	if uint(v) < uint(len(names)) {
		return names[v]
	}
	return ""
}

// ValueOf is the index of t in names, an error naming what when none.
func ValueOf(names []string, t []byte, what string) (int, error) {
	for v, name := range names {
		if name == string(t) {
			return v, nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q", what, t)
}
