package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// TestStartupBenchWaitsForShownText: bench/startup.sh times the start until
// the screen shows the backfill done, by waiting for its $shown text with
// no "backfill" left. It once waited for "lines, last", which the header
// no longer showed, so its runs could only time out. This test renders the
// screen with the logs still in backfill and then read to their end, at
// several sizes, and fails when the bench's text is not what the screen
// shows.
func TestStartupBenchWaitsForShownText(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "bench", "startup.sh"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^shown='([^']+)'$`).FindSubmatch(b)
	if m == nil {
		t.Fatal("bench/startup.sh sets no shown='…' (the text it waits for)")
	}
	shown := string(m[1])
	if !strings.Contains(string(b), `"$shown"`) {
		t.Fatal(`bench/startup.sh does not wait for "$shown"`)
	}
	newest := fixedNow.Add(-3 * time.Minute)
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		model := fixtureModel(t, sz[0], sz[1], false)
		model.Update(UpdatesMsg{{Files: []event.FileStatus{{Name: "main.log", State: event.FileBackfill, Lines: 1200}}}})
		model.refresh()
		during := frame(model)
		if strings.Contains(during, shown) || !strings.Contains(during, "backfill") {
			t.Errorf("%dx%d: during the backfill the screen must say backfill and not %q:\n%s", sz[0], sz[1], shown, during)
		}
		model.Update(UpdatesMsg{{Files: []event.FileStatus{{Name: "main.log", State: event.FileFollowing, Lines: 1234, NewestLine: newest}}}})
		model.refresh()
		done := frame(model)
		if !strings.Contains(done, shown) || strings.Contains(done, "backfill") {
			t.Errorf("%dx%d: read to its end, the screen must show %q and no backfill:\n%s", sz[0], sz[1], shown, done)
		}
	}
}
