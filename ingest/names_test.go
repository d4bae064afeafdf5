package ingest

import (
	"testing"

	"github.com/coworktop/coworktop/governor"
)

// An interned name must be what Sanitize gives for every caller's cap.
func TestNamesMatchSanitize(t *testing.T) {
	n := newNames()
	for _, s := range []string{"warm", "governor_evict", "a-rather-long-reason-of-thirty-chars", "bad\x1b[31m", "local_x", ""} {
		for _, max := range []int{40, 20, 64, 5} {
			if got, want := n.get([]byte(s), max), governor.Sanitize([]byte(s), max); got != want {
				t.Errorf("get(%q, %d) = %q, want %q", s, max, got, want)
			}
		}
	}
}
