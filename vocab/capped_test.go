package vocab

import (
	"io"
	"strings"
	"testing"
)

// A copy through io.Copy (as os/exec makes) keeps Max bytes, and Full is
// called once.
func TestCappedWriterBoundsACopy(t *testing.T) {
	calls := 0
	w := &CappedWriter{Max: 100, Full: func() { calls++ }}
	if _, ok := any(w).(io.ReaderFrom); ok {
		t.Fatal("CappedWriter has a ReadFrom: io.Copy would bypass its bound")
	}
	n, err := io.Copy(w, strings.NewReader(strings.Repeat("x", 1<<20)))
	if err != nil || n != 1<<20 {
		t.Fatalf("copy: %d, %v", n, err)
	}
	if len(w.Bytes()) != 100 || !w.Dropped() || calls != 1 {
		t.Fatalf("kept %d bytes, dropped %v, Full called %d times", len(w.Bytes()), w.Dropped(), calls)
	}
	small := &CappedWriter{Max: 100}
	_, _ = small.Write([]byte("abc"))
	if string(small.Bytes()) != "abc" || small.Dropped() {
		t.Fatalf("a short write: %q, dropped %v", small.Bytes(), small.Dropped())
	}
}
