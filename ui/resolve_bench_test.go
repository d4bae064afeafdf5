package ui

import (
	"fmt"
	"testing"
)

// BenchmarkViewLossesSelected is BenchmarkViewLosses with the Evictions
// pane focused and the cursor moved down 150 rows: a frame finds the
// selected row where it was, not by building each row's key from the top.
func BenchmarkViewLossesSelected(b *testing.B) {
	for _, n := range []int{10, 5000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := manyLosses(b, n)
			m.focus = paneEvictions
			m.scrollPane(paneEvictions, 150)
			b.ReportAllocs()
			for b.Loop() {
				m.frame, m.dirty = "", true
				_ = m.View()
			}
		})
	}
}
