package sources

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"
)

// TestBackfillGenerationVanishes: a rotated generation deleted after the
// folder was listed, or after the plan opened it, loses nothing that can
// still be read and fails nothing.
func TestBackfillGenerationVanishes(t *testing.T) {
	mk := func(t *testing.T) string {
		dir := testfs.TempDir(t)
		writeFile(t, filepath.Join(dir, "main2.log"), appStart+"2026-08-30 20:35:18 [info] g2\n")
		writeFile(t, filepath.Join(dir, "main1.log"), "2026-08-30 20:35:19 [info] g1\n")
		writeFile(t, filepath.Join(dir, "main.log"), "2026-08-30 20:35:20 [info] g0\n")
		return dir
	}
	t.Run("after planning", func(t *testing.T) {
		dir := mk(t)
		b, err := PlanBackfill(dir, nil, appStarts)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		for _, n := range []string{"main1.log", "main2.log"} {
			if err := os.Remove(filepath.Join(dir, n)); err != nil {
				t.Fatal(err)
			}
		}
		got, _ := runBackfill(t, b, 0)
		if s := strings.Join(got, "|"); !strings.Contains(s, "main2.log:2026-08-30 20:35:18 [info] g2|main1.log:2026-08-30 20:35:19 [info] g1|main.log:2026-08-30 20:35:20 [info] g0") {
			t.Fatalf("lines %q", s)
		}
	})
	t.Run("after listing", func(t *testing.T) {
		dir := mk(t)
		files, err := ExpandPaths([]string{dir})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(filepath.Join(dir, "main1.log")); err != nil {
			t.Fatal(err)
		}
		b, err := PlanBackfill(dir, files, appStarts)
		if err != nil {
			t.Fatalf("plan over a vanished generation: %v", err)
		}
		defer b.Close()
		got, _ := runBackfill(t, b, 0)
		if s := strings.Join(got, "|"); !strings.Contains(s, "g2|main.log:2026-08-30 20:35:20 [info] g0") || strings.Contains(s, "g1") {
			t.Fatalf("lines %q", s)
		}
	})
}
