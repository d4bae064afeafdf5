package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/sources"
)

// BenchmarkReport reads a generated 128 MiB realistic log the way `report`
// does (parallel block parsing, one governor state). bench/report-vs-grep.sh
// compares the whole command with grep -c on 1 GiB.
func BenchmarkReport(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "main.log")
	if out, err := exec.Command("go", "run", "./bench/genlog", "-out", path, "-mb", "128").CombinedOutput(); err != nil {
		b.Fatalf("genlog: %v\n%s", err, out)
	}
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	files, err := sources.ExpandPaths([]string{path})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		state := governor.New(governor.DefaultLimits())
		readEvents(files, time.UTC, state.ApplyEvent)
		state.Finish()
	}
}
