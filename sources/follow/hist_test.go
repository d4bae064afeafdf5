package follow

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestAppendHistKeepsTheNewestBytesInABoundedBuffer: whatever the sizes
// read, hist ends with everything read lately (at least histMax bytes of
// it once that much was read, at most twice that), in a buffer never
// larger than twice histMax.
func TestAppendHistKeepsTheNewestBytesInABoundedBuffer(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var hist, all []byte
	for i := range 2000 {
		n := r.IntN(64 << 10)
		if i%97 == 0 {
			n = histMax + r.IntN(histMax) // a read as large as a block
		}
		got := make([]byte, n)
		for j := range got {
			got[j] = byte(r.Uint32())
		}
		all = append(all, got...)
		hist = appendHist(hist, got)
		if want := min(len(all), histMax); len(hist) < want || len(hist) > 2*histMax {
			t.Fatalf("step %d: hist holds %d bytes, want %d to %d", i, len(hist), want, 2*histMax)
		}
		if cap(hist) > 2*histMax {
			t.Fatalf("step %d: hist's buffer is %d bytes, over %d", i, cap(hist), 2*histMax)
		}
		if !bytes.Equal(hist, all[len(all)-len(hist):]) {
			t.Fatalf("step %d: hist is not the newest %d bytes read", i, len(hist))
		}
	}
}
