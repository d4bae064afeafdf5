package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// The header's log lines format only the statuses they can show (issue 29
// #5: 20 000 generations), and read exactly as when every status was
// formatted and joined, whatever the widths of the names.
func TestFileLinesFormatOnlyWhatShows(t *testing.T) {
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return fixedNow }, Version: "test"})
	for _, n := range []int{1, 2, 3, 4, 40, 20000} {
		for _, name := range []string{"main%d.log", "日志%d.log", "x\u0301%d.log"} {
			files := make([]event.FileStatus, n)
			for i := range files {
				files[i] = event.FileStatus{Name: fmt.Sprintf(name, n-i), State: event.FileDone, Lines: int64(i), LastLineAt: fixedNow}
			}
			files[n-1].State, files[n-1].Err = event.FileUnreadable, "permission denied"
			m.snap.Files = files
			for _, w := range []int{20, 80, 200} {
				for _, compact := range []bool{false, true} {
					got, want := m.fileLines(w, compact), allFileLines(m, w, compact)
					if strings.Join(got, "\n") != strings.Join(want, "\n") {
						t.Fatalf("%d files %q, width %d, compact %v:\ngot  %q\nwant %q", n, name, w, compact, got, want)
					}
				}
			}
		}
	}
}

// allFileLines is fileLines as it was: every status formatted, then cut.
func allFileLines(m *Model, w int, compact bool) []string {
	t := m.theme
	files := m.snap.Files
	parts := make([]string, 0, len(files))
	for _, f := range files {
		parts = append(parts, filePart(f, fixedNow))
	}
	if compact {
		return []string{t.paint(t.Muted, fit(" Logs: "+strings.Join(parts, " · "), w))}
	}
	out := make([]string, 0, min(len(parts), 3))
	for i, p := range parts {
		if i == 2 && len(parts) > 3 {
			var names []string
			for _, f := range files[2:] {
				names = append(names, f.Name+" "+f.State.String())
			}
			out = append(out, t.paint(t.Muted, fit(fmt.Sprintf(" Logs: and %d more: ", len(parts)-2)+strings.Join(names, ", "), w)))
			break
		}
		st := t.Muted
		if files[i].State == event.FileUnreadable {
			st = t.Critical
		}
		out = append(out, t.paint(st, fit(" Log: "+p, w)))
	}
	return out
}
