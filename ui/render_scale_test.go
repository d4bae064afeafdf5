package ui

import (
	"fmt"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// manySessions is a 120×40 screen showing n live sessions and the fixture.
func manySessions(t testing.TB, n int) *Model {
	m := New(Options{Clock: func() time.Time { return fixedNow }, Color: true})
	m.Update(sizeMsg(120, 40))
	u := fixtureUpdate(t)
	for i := range n {
		id := fmt.Sprintf("local_%08x-aaaa-4bbb-8ccc-%012d", i, i)
		u.Events = append(u.Events,
			event.Event{Time: fixedNow.Add(-time.Duration(i) * time.Second), Kind: event.KindSessionStart, Session: id, Cwd: fmt.Sprintf("/p/project-%d", i)},
			event.Event{Time: fixedNow.Add(-time.Duration(i) * time.Second / 2), Kind: event.KindTurnEnd, Session: id})
	}
	m.Update(UpdatesMsg{u})
	return m
}

// frameAllocs is what one frame allocates: a new snapshot, as the 1 s tick
// takes, and the screen drawn from it.
func frameAllocs(m *Model) float64 {
	return testing.AllocsPerRun(5, func() {
		m.refresh()
		_ = m.View()
	})
}

// TestFrameAllocationsDoNotGrowWithSessions: only 10–15 session rows are
// visible, so a frame with 1 000 sessions allocates what one with 100 does,
// give or take a few slices growing.
func TestFrameAllocationsDoNotGrowWithSessions(t *testing.T) {
	small, big := frameAllocs(manySessions(t, 100)), frameAllocs(manySessions(t, 1000))
	t.Logf("allocations per frame: %.0f with 100 sessions, %.0f with 1000", small, big)
	if big > small+20 {
		t.Errorf("a frame with 1000 sessions allocates %.0f times, with 100 %.0f: rows nobody sees are built", big, small)
	}
}

// BenchmarkRenderSessions is a frame (snapshot and view) by session count;
// the bar is 2 ms at 1 000.
func BenchmarkRenderSessions(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := manySessions(b, n)
			b.ReportAllocs()
			for b.Loop() {
				m.refresh()
				_ = m.View()
			}
		})
	}
}
