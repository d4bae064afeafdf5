package vocab

import "math"

// ShortID shortens local_<uuid> to its first 8 hex digits, like git does;
// any other id to its first 14 characters (never cutting a character in
// two: ids come from the log and may hold any text).
func ShortID(id string) string {
	const p = "local_"
	if len(id) > len(p)+8 && id[:len(p)] == p {
		id = id[len(p):]
		return firstRunes(id, 8)
	}
	return firstRunes(id, 14)
}

func firstRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// CapInt32 is n within the range of an int32, for Event's 32-bit fields.
func CapInt32(n int64) int32 {
	return int32(min(max(n, math.MinInt32), math.MaxInt32))
}
