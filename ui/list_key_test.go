package ui

import "testing"

// TestListKey: a list handed over again has its key; a copy, a list cut
// shorter or longer, or one starting further on has another; empty lists
// have the zero key.
func TestListKey(t *testing.T) {
	list := make([]int, 4, 8)
	k := keyOf(list)
	if keyOf(list[:4:4]) != k {
		t.Error("the same list has another key")
	}
	for name, other := range map[string][]int{"a copy": append([]int(nil), list...), "shorter": list[:3], "longer": list[:5], "further on": list[1:5]} {
		if keyOf(other) == k {
			t.Errorf("%s has the list's key", name)
		}
	}
	if keyOf([]int{}) != (listKey[int]{}) || keyOf[int](nil) != (listKey[int]{}) || keyOf(list[4:4]) != (listKey[int]{}) {
		t.Error("an empty list has a key of its own")
	}
}
