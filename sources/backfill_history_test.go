package sources

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/internal/testfs"
)

var appStartsHour = StartFinder{Last: ingest.LastAppStart, Span: ingest.AppStartSpan, Stamp: ingest.StampOf}

func startAt(stamp string) string {
	return stamp + " [info] Starting app {\n  appVersion: '1.40609.0'\n}\n"
}

// The app restarted ten minutes before the newest line: the backfill
// reaches back over the restart and the rotation to the start of the run
// that was going on an hour before, so its evictions and cap are read.
func TestBackfillReachesTheLastHourAcrossRestarts(t *testing.T) {
	dir := testfs.TempDir(t)
	writeFile(t, filepath.Join(dir, "main2.log"), startAt("2026-08-30 18:00:00")+"2026-08-30 18:10:00 [info] run1\n")
	writeFile(t, filepath.Join(dir, "main1.log"), "2026-08-30 19:00:00 [info] run1 late\n"+
		startAt("2026-08-30 19:30:00")+"2026-08-30 20:10:00 [info] [CliGovernor] cap=8\n")
	writeFile(t, filepath.Join(dir, "main.log"), "2026-08-30 20:20:00 [info] run2\n"+
		startAt("2026-08-30 20:50:00")+"2026-08-30 21:00:00 [info] run3\n")
	b, err := PlanBackfill(dir, nil, appStartsHour)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := runBackfill(t, b, 0)
	b.Close()
	// 21:00 − 1h = 20:00 falls in the run that started at 19:30 (main1.log).
	if want := "main1.log:2026-08-30 19:30:00 [info] Starting app {"; got[0] != want {
		t.Fatalf("first line %q, want %q (all: %v)", got[0], want, got)
	}
	if last := got[len(got)-1]; last != "main.log:2026-08-30 21:00:00 [info] run3" {
		t.Fatalf("last line %q", last)
	}
	if strings.Contains(strings.Join(got, "|"), "run1") {
		t.Fatalf("read a run that ended over an hour before: %v", got)
	}
}

// A restart more than an hour before the newest line is where the read
// begins, as before: everything in the hour is of this run.
func TestBackfillStopsAtAnOldEnoughStart(t *testing.T) {
	dir := testfs.TempDir(t)
	writeFile(t, filepath.Join(dir, "main1.log"), startAt("2026-08-30 17:00:00")+"2026-08-30 17:10:00 [info] old run\n")
	writeFile(t, filepath.Join(dir, "main.log"), startAt("2026-08-30 19:59:00")+"2026-08-30 21:00:00 [info] now\n")
	b, err := PlanBackfill(dir, nil, appStartsHour)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := runBackfill(t, b, 0)
	b.Close()
	if len(got) != 4 || got[0] != "main.log:2026-08-30 19:59:00 [info] Starting app {" {
		t.Fatalf("got %v", got)
	}
}

// With no app start at all within the byte bound, the bound decides, and
// a newest line whose stamp is cut off (a continuation) is looked past.
func TestBackfillHourWithoutStarts(t *testing.T) {
	dir := testfs.TempDir(t)
	writeFile(t, filepath.Join(dir, "main1.log"), "2026-08-30 19:00:00 [info] a\n")
	writeFile(t, filepath.Join(dir, "main.log"), startAt("2026-08-30 20:30:00")+"2026-08-30 21:00:00 [info] b {\n  k: 1\n}\n")
	b, err := PlanBackfill(dir, nil, appStartsHour)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := runBackfill(t, b, 0)
	b.Close()
	if len(got) != 7 || got[0] != "main1.log:2026-08-30 19:00:00 [info] a" {
		t.Fatalf("got %v", got)
	}
}
