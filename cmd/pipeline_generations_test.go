package cmd

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/internal/testfs"
)

// TestLivePipelineManyGenerations (issue 29 #5): the live pipeline, which
// snapshot and the live view run, reads a folder of a few thousand rotated
// one-line generations with its heap and descriptors bounded, and every
// generation's line arrives once, its event cited under its own file.
// Before, it kept an assembler per generation to the end (3 000: 28 MiB of
// heap kept; 20 000: 472 MB peak RSS), and the governor looked each file's
// status up by a linear search per update.
func TestLivePipelineManyGenerations(t *testing.T) {
	n := 3000
	if testfs.UnderWine() {
		n = 300 // each file costs wineserver round trips
	}
	dir := testfs.TempDir(t)
	stamp := func(k int) string {
		return time.Date(2026, 12, 1, 10, 0, 0, 0, time.Local).Add(time.Duration(k) * time.Second).Format("2006-01-02 15:04:05")
	}
	// One event per generation: a cap the governor logged, so each line
	// is seen to arrive, parsed, from its own file.
	line := func(k int) string {
		return fmt.Sprintf("%s [info] [CliGovernor] acquire(user) effective=1/%d\n", stamp(k), 2+k%5)
	}
	base := time.Now().Add(-time.Hour)
	for i := n; i >= 1; i-- { // mainN.log is the oldest
		p := filepath.Join(dir, fmt.Sprintf("main%d.log", i))
		if err := os.WriteFile(p, []byte(line(n-i)), 0o644); err != nil {
			t.Fatal(err)
		}
		at := base.Add(time.Duration(n-i) * time.Millisecond)
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "main.log"), []byte(line(n)), 0o644); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	updates, err := startLive(ctx, liveConfig{paths: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	state := governor.New(governor.DefaultLimits())
	var maxLive uint64
	maxHeld, k := 0, 0 // k: updates (batches of the backfill fold into one)
	files := map[string]int{}
	for u := range updates {
		state.ApplyUpdate(u)
		for _, e := range u.Events {
			files[e.File]++
		}
		if k++; k%4 == 1 { // what the pipeline keeps, not its garbage
			runtime.GC()
			runtime.ReadMemStats(&ms)
			maxLive = max(maxLive, ms.HeapAlloc-min(before, ms.HeapAlloc))
			maxHeld = max(maxHeld, openIn(dir))
		}
	}
	if len(files) != n+1 {
		t.Fatalf("events from %d files, want %d", len(files), n+1)
	}
	for f, c := range files {
		if c != 1 {
			t.Fatalf("%s gave %d events, want 1", f, c)
		}
	}
	snapFiles := state.Snapshot(time.Now()).Files
	if len(snapFiles) != n+1 {
		t.Fatalf("%d file statuses, want %d", len(snapFiles), n+1)
	}
	for _, f := range snapFiles {
		if f.Lines != 1 || (f.State != event.FileDone) != (f.Name == "main.log") {
			t.Fatalf("status %+v: want 1 line, done unless main.log", f)
		}
	}
	// Kept: the governor's status per file and the events it holds, and
	// the update in flight (up to mergeEvents events): 1.5 KiB a generation
	// here; not an assembler per generation (9 KiB).
	if limit := uint64(n) << 10 * 3; maxLive > limit {
		t.Fatalf("the live pipeline kept %d KiB of heap for %d generations, want at most %d KiB", maxLive>>10, n, limit>>10)
	}
	if maxHeld > 2 {
		t.Fatalf("%d descriptors on the folder while reading, want at most 2", maxHeld)
	}
	t.Logf("%d generations: at most %d KiB of heap kept, %d descriptors on the folder", n+1, maxLive>>10, maxHeld)
}

// openIn counts this process's descriptors on files in dir (Linux; 0
// elsewhere, where the check is then vacuous). It counts twice and keeps
// the smaller: a number listed while it held another file (the listing's
// own descriptor) and reused by the pipeline before its link is read would
// count a hold that never was.
func openIn(dir string) int {
	return min(openOnce(dir), openOnce(dir))
}

func openOnce(dir string) int {
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return 0
	}
	n := 0
	for _, fd := range fds {
		if l, _ := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); strings.HasPrefix(l, dir+string(filepath.Separator)) {
			n++
		}
	}
	return n
}
