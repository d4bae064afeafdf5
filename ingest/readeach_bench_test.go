//go:build unix

package ingest

import (
	"bytes"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// BenchmarkReadEachDense is report's own path on a dense generated log:
// events by pointer from the block slices into State.ApplyEvent.
func BenchmarkReadEachDense(b *testing.B) {
	data := generated(b, "32", "-every", "2.6")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	defer func() { b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op") }()
	for range b.N {
		s := governor.New(governor.DefaultLimits())
		if _, err := ReadEach(bytes.NewReader(data), "main.log", time.UTC, s.ApplyEvent); err != nil {
			b.Fatal(err)
		}
	}
}
