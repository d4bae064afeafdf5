package journal

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"
)

// BenchmarkWrite100k writes 100 000 events a thousand at a time, each
// thousand synced, as the first-use import does (docs/journal.md).
func BenchmarkWrite100k(b *testing.B) {
	evs := testEvents(100000, testStart)
	for b.Loop() {
		dir := filepath.Join(testfs.TempDir(b), "journal")
		w, err := Open(testOptions(dir))
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < len(evs); i += 1000 {
			w.Add(evs[i : i+1000])
			if err := w.Flush(); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRead100k reads them back, in time order.
func BenchmarkRead100k(b *testing.B) {
	dir := filepath.Join(testfs.TempDir(b), "journal")
	w, err := Open(testOptions(dir))
	if err != nil {
		b.Fatal(err)
	}
	w.Add(testEvents(100000, testStart))
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		n := 0
		if _, err := Read(dir, Span{}, time.Local, func(Record) { n++ }); err != nil || n != 100000 {
			b.Fatal(err, n)
		}
	}
}
