package sources

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"

	"github.com/coworktop/coworktop/sources/follow"
)

// TestBackfillManyGenerations (issue 29 #5): a folder of 2 000 rotated
// generations is read as a stream, oldest first, every line once, holding
// at most the current file and one generation open, with the heap bounded.
// Before, the backfill opened all of them at planning (2 000 descriptors)
// and gave each a 1 MiB read buffer.
func TestBackfillManyGenerations(t *testing.T) {
	n := 2000
	if testfs.UnderWine() {
		n = 300 // each file costs wineserver round trips; still past holdMax
	}
	dir := testfs.TempDir(t)
	base := time.Now().Add(-time.Hour)
	stamp := func(k int) string {
		return time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC).Add(time.Duration(k) * time.Second).Format("2006-01-02 15:04:05")
	}
	for i := n; i >= 1; i-- { // mainN.log is the oldest
		k := n - i
		p := filepath.Join(dir, fmt.Sprintf("main%d.log", i))
		writeFile(t, p, fmt.Sprintf("%s [info] generation %d\n", stamp(k), k))
		at := base.Add(time.Duration(k) * time.Millisecond)
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(dir, "main.log"), stamp(n)+" [info] generation "+fmt.Sprint(n)+"\n")
	b, err := PlanBackfill(dir, nil, appStartsHour)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if h := testfs.HeldIn(dir); h > 1 {
		t.Fatalf("%d descriptors on the folder after planning, want 1 (main.log)", h)
	}
	out := make(chan follow.LineBatch)
	errc := make(chan error, 1)
	go func() { errc <- b.Run(context.Background(), out, 0); close(out) }()
	var got []string
	maxHeld := 0
	var maxHeap uint64
	var ms runtime.MemStats
	for batch := range out {
		for _, l := range batch.Lines {
			got = append(got, string(l))
		}
		maxHeld = max(maxHeld, testfs.HeldIn(dir))
		if len(got)%200 == 0 {
			runtime.ReadMemStats(&ms)
			maxHeap = max(maxHeap, ms.HeapInuse)
		}
	}
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	if len(got) != n+1 {
		t.Fatalf("%d lines, want %d", len(got), n+1)
	}
	for k, l := range got {
		if !strings.HasSuffix(l, fmt.Sprintf(" generation %d", k)) {
			t.Fatalf("line %d is %q: not oldest first, once each", k, l)
		}
	}
	if maxHeld > 2 {
		t.Fatalf("%d descriptors on the folder while reading, want at most 2", maxHeld)
	}
	if maxHeap > 64<<20 {
		t.Fatalf("heap in use reached %d MiB", maxHeap>>20)
	}
	held := fmt.Sprint(maxHeld)
	if testfs.HeldIn(dir) < 0 {
		held = "(not counted here)"
	}
	t.Logf("%d generations: %d lines in order, at most %s descriptors on the folder, heap in use at most %d MiB", n+1, len(got), held, maxHeap>>20)
}
