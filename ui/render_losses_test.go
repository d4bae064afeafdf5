package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// manyLosses is a 120×40 screen of the fixture after n sessions were
// started and evicted one by one over the hours before it (issue 52 #7:
// the kept loss history, capped at 5 000).
func manyLosses(t testing.TB, n int) *Model {
	var b strings.Builder
	start := fixedNow.Add(-time.Duration(n+10) * time.Minute)
	b.WriteString(start.Format(time.DateTime) + " [info] Starting app {\n  appVersion: '2.9939.4',\n  platform: 'darwin',\n  arch: 'arm64'\n}\n")
	for i := range n {
		at := start.Add(time.Duration(i) * time.Minute)
		id := fmt.Sprintf("local_%08x-aaaa-4bbb-8ccc-%012d", i, i)
		fmt.Fprintf(&b, "%s [info] Starting local session %s in /Users/u/projects/p%d\n", at.Format(time.DateTime), id, i)
		fmt.Fprintf(&b, "%s [info] [CliGovernor] at cap=6; evicting %s (idle 300s) for warm spawn\n", at.Add(30*time.Second).Format(time.DateTime), id)
		fmt.Fprintf(&b, "%s [info] Pausing session %s (governor_evict)\n", at.Add(30*time.Second).Format(time.DateTime), id)
	}
	m := New(Options{Clock: func() time.Time { return fixedNow }, Color: true})
	m.Update(sizeMsg(120, 40))
	u := fixtureUpdate(t)
	u.Events = append(parseLog(t, "main.log", b.String()), u.Events...)
	m.Update(UpdatesMsg{u})
	for len(m.pending) > 0 { // a burst is applied in chunks
		m.Update(applyMoreMsg{})
	}
	m.refresh()
	if kept, _ := m.state.Losses(); len(kept) < n { // the snapshot carries the newest 200 of them
		t.Fatalf("%d losses kept, want %d", len(kept), n)
	}
	return m
}

// evictionsAllocs is what drawing the screen allocates, the snapshot
// taken once: the panes' own cost.
func evictionsAllocs(m *Model) float64 {
	return testing.AllocsPerRun(5, func() {
		m.frame, m.dirty = "", true
		_ = m.View()
	})
}

// TestFrameAllocationsDoNotGrowWithLosses: the Evictions pane shows about
// ten rows and sizes its columns over the first evSizeRows, so a frame
// with 5 000 kept losses allocates what one with 100 does, and little more
// than one with 10 (issue 52 #7: every loss the snapshot carried was
// formatted on every frame).
func TestFrameAllocationsDoNotGrowWithLosses(t *testing.T) {
	few, small, big := evictionsAllocs(manyLosses(t, 10)), evictionsAllocs(manyLosses(t, 100)), evictionsAllocs(manyLosses(t, 5000))
	t.Logf("allocations per frame: %.0f with 10 kept losses, %.0f with 100, %.0f with 5000", few, small, big)
	if big > small+20 || big > few+150 {
		t.Errorf("a frame with 5000 kept losses allocates %.0f times, with 10 %.0f: rows nobody sees are built", big, small)
	}
}

// BenchmarkRenderLosses is a frame (snapshot and view) by kept losses: its
// cost should not depend on them.
func BenchmarkRenderLosses(b *testing.B) {
	for _, n := range []int{10, 5000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := manyLosses(b, n)
			b.ReportAllocs()
			for b.Loop() {
				m.refresh()
				_ = m.View()
			}
		})
	}
}

// BenchmarkViewLosses is the drawing alone, the snapshot taken once: the
// panes' part of a frame, which should not depend on the kept losses.
func BenchmarkViewLosses(b *testing.B) {
	for _, n := range []int{10, 5000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := manyLosses(b, n)
			b.ReportAllocs()
			for b.Loop() {
				m.frame, m.dirty = "", true
				_ = m.View()
			}
		})
	}
}
