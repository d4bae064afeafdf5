package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/vocab"
)

// memPoint is one free-memory reading on the timeline's clock: the host's
// samples are the snapshot's own, read in place (a frame copied the 900
// kept, issue 52 item 7).
type memPoint = governor.HostPoint

// memorySeries picks the timeline's series: host samples live, the app's
// [process-memory] samples in replay and demo (they are on the log's clock),
// whichever exists when the preferred one is empty.
func (m *Model) memorySeries() (pts []memPoint, source string) {
	host := func() []memPoint { return m.snap.HostHistory } // read only
	logged := func() []memPoint { return m.loggedSeries.of(m.snap.MemorySamples, m.snap.MemoryTimes) }
	if m.opts.Mode == ModeLive {
		if pts = host(); len(pts) > 0 {
			return pts, "host available"
		}
		return logged(), appFree
	}
	if pts = logged(); len(pts) > 0 {
		return pts, appFree
	}
	return host(), "host available"
}

// timelineBoxHeight is the boxed timeline's most lines: three chart rows,
// the marks, the legend and the border.
const timelineBoxHeight = 7

// timelineSize is what the timeline needs with frame lines of title or
// border: a chart row and the marks; at most three rows, marks and legend.
// Without a sample it is its title.
func (m *Model) timelineSize(frame int) (minimum, want int) {
	if pts, _ := m.memorySeries(); len(pts) == 0 {
		return 1, 1
	}
	return frame + 2, frame + timelineBoxHeight - 2
}

// timelineSummary is the collapsed timeline's line: the last free figure.
func (m *Model) timelineSummary() string {
	if pts, _ := m.memorySeries(); len(pts) > 0 {
		last := pts[len(pts)-1]
		return "free " + humanBytes(last.Free) + " of " + humanBytes(last.Total) + " · z shows the chart"
	}
	return "no memory samples yet"
}

// timelineBody draws free memory as a w×h column chart (newest on the
// right) with a marker row: E eviction, P pressure, y yield.
func (m *Model) timelineBody(w, h int) ([]string, string) {
	t := m.theme
	pts, source := m.memorySeries()
	if w < 8 || h < 2 {
		return blank(w, h), source
	}
	now := m.snap.Now
	span := 15 * time.Minute
	if len(pts) > 0 {
		span = min(time.Hour, max(2*time.Minute, now.Sub(pts[0].At)))
	}
	step := span / time.Duration(w)
	start := now.Add(-span)
	col := func(at time.Time) int {
		if at.Before(start) || at.After(now) {
			return -1
		}
		return min(w-1, int(at.Sub(start)/step))
	}
	// The lowest free figure in each column; carried forward over gaps.
	free := make([]float64, w)
	have := make([]bool, w)
	var last memPoint
	for _, p := range pts {
		if c := col(p.At); c >= 0 {
			f := float64(p.Free) / float64(p.Total)
			if !have[c] || f < free[c] {
				free[c] = f
			}
			have[c] = true
		}
		last = p
	}
	seen := false
	for c := range w {
		if have[c] {
			seen = true
		} else if seen && c > 0 && c <= col(last.At) {
			free[c], have[c] = free[c-1], true
		}
	}
	rows := h - 2 // chart rows; then markers; then the legend
	if rows < 1 {
		rows = 1
	}
	levels := []rune(" ▁▂▃▄▅▆▇█")
	chart := make([][]rune, rows)
	for r := range chart {
		chart[r] = []rune(strings.Repeat(" ", w))
	}
	for c := range w {
		if !have[c] {
			continue
		}
		eighths := max(1, int(free[c]*float64(rows*8)+0.5)) // a sample is never drawn as nothing
		for r := range rows {
			fill := min(8, max(0, eighths-8*(rows-1-r)))
			chart[r][c] = levels[fill]
		}
	}
	marks := m.timelineMarks.of(m.snap.Outcomes).draw(w, start, now, col)
	out := make([]string, 0, h)
	for _, r := range chart[:min(rows, h)] {
		out = append(out, t.paint(t.OK, string(r)))
	}
	if len(out) < h {
		out = append(out, t.paint(t.Critical, string(marks)))
	}
	if len(out) < h {
		legend := fmt.Sprintf("free memory (%s), last %s; E eviction, P pressure, y yield", source, vocab.FormatDuration(span))
		if len(pts) > 0 {
			legend = fmt.Sprintf("free %s of %s (%s) · last %s · E eviction P pressure y yield",
				humanBytes(last.Free), humanBytes(last.Total), source, vocab.FormatDuration(span))
		}
		out = append(out, t.paint(t.Muted, fit(legend, w)))
	}
	return out, source
}

// appFree names the series of free memory the app logs (its sys_free
// field, a log word the first screen does not use: issue 46).
const appFree = "app log"
