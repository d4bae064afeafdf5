//go:build unix

package cmd

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// A rotated generation that cannot be opened is reported and skipped; the
// rest of the history is still read.
func TestLivePipelineSkipsUnreadableGeneration(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "main1.log"), 0o644); err != nil { // opening it would block
		t.Skipf("no FIFOs here: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.log"), []byte("2026-09-30 10:00:03 [info] [CliGovernor] at cap; yielding warm spawn\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	snap := backfilledState(t, dir).Snapshot(time.Now())
	unreadable := false
	for _, f := range snap.Files {
		if f.Name == "main1.log" && f.State == event.FileUnreadable && f.Err != "" {
			unreadable = true
		}
	}
	if snap.Counts.Yields != 1 || !unreadable {
		t.Fatalf("yields %d, files %+v", snap.Counts.Yields, snap.Files)
	}
}
