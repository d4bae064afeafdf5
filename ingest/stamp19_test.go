package ingest

import (
	"math/rand/v2"
	"testing"
)

// isStamp19Bytewise is isStamp19 one byte at a time, as it was written
// before the word-at-a-time check.
func isStamp19Bytewise(b []byte) bool {
	if b[4] != '-' || b[7] != '-' || b[13] != ':' || b[16] != ':' || (b[10] != ' ' && b[10] != 'T') {
		return false
	}
	for _, i := range []int{0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18} {
		if !isDigit(b[i]) {
			return false
		}
	}
	return true
}

// TestIsStamp19AgreesBytewise: every byte of real stamps set to every value,
// and random bytes, give the word-at-a-time check's answer bytewise too.
func TestIsStamp19AgreesBytewise(t *testing.T) {
	check := func(b []byte) {
		if got, want := isStamp19(b), isStamp19Bytewise(b); got != want {
			t.Fatalf("isStamp19(%q) = %v, bytewise %v", b, got, want)
		}
	}
	for _, s := range []string{"2026-09-30 10:13:16", "2026-08-30T16:35:14", "0000-00-00 00:00:00", "9999-99-99T99:99:99"} {
		for i := range len(s) {
			for c := range 256 {
				b := []byte(s + "  ")
				b[i] = byte(c)
				check(b)
				if i > 0 { // a second byte wrong, next to the first, for borrows and carries
					b[i-1] = byte(255 - c)
					check(b)
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	b := make([]byte, 21)
	for range 200_000 {
		for i := range b {
			b[i] = "0123456789-: T\x00\xff/"[rng.IntN(17)]
		}
		check(b)
	}
}
