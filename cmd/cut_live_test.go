package cmd

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/sources"
)

// TestLiveCountsCutLines: a 200 KB line is counted as cut by the live
// pipeline, in the backfill and while following, as report counts it
// (issue 29 #4: serve's coworktop_log_lines_cut_total stayed 0). The
// metrics and the TUI's log line read FileStatus.Cut.
func TestLiveCountsCutLines(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "main.log")
	long := "2026-09-30 10:00:01 [info] " + strings.Repeat("x", 200<<10) + "\n"
	if err := os.WriteFile(path, []byte("2026-09-30 10:00:00 [info] one\n"+long), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	updates, err := startLive(ctx, liveConfig{paths: []string{dir}, follow: true})
	if err != nil {
		t.Fatal(err)
	}
	state := governor.New(governor.DefaultLimits())
	cutOf := func() int64 {
		for _, f := range state.Snapshot(time.Now()).Files {
			if f.Name == "main.log" {
				return f.Cut
			}
		}
		return -1
	}
	waitCut := func(want int64) {
		t.Helper()
		for cutOf() != want {
			select {
			case u, ok := <-updates:
				if !ok {
					t.Fatalf("pipeline closed with %d cut, want %d", cutOf(), want)
				}
				state.ApplyUpdate(u)
			case <-ctx.Done():
				t.Fatalf("%d cut, want %d", cutOf(), want)
			}
		}
	}
	waitCut(1) // the backfill's
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(long + "2026-09-30 10:00:02 [info] two\n"); err != nil {
		t.Fatal(err)
	}
	waitCut(2) // the follower's
	files, err := sources.ExpandPaths([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	r, err := buildReport(files, 0, false)
	if err != nil || r.Lines.Cut != 2 {
		t.Errorf("report counts %d cut (%v), the live view 2", r.Lines.Cut, err)
	}
}
