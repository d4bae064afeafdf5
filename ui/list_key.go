package ui

// listKey says which list a cache was built from: a snapshot hands over
// the list the last one did while it is unchanged (replaced, never
// written to), so a list is its first element's address and its length.
// The address pins the list's array, so no later list can be given it
// while the key is held. Every empty list has the zero key.
type listKey[T any] struct {
	first *T
	n     int
}

// keyOf is list's key.
func keyOf[T any](list []T) listKey[T] {
	if len(list) == 0 {
		return listKey[T]{}
	}
	return listKey[T]{first: &list[0], n: len(list)}
}
