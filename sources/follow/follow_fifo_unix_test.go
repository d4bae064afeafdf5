//go:build !windows

package follow

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// FIFOs and symlinks under the follower (no FIFOs on Windows).

func TestFollowSymlinkReplacement(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	// A symlink to a regular file is followed like the file itself.
	other := filepath.Join(t.TempDir(), "elsewhere.log")
	writeFile(t, other, "x\ny\n")
	if err := os.Remove(s.path("main.log")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(other, s.path("main.log")); err != nil {
		t.Fatal(err)
	}
	expect(t, "symlink to a file", s.tickWithin(2*time.Second), "x|y")
	s.wantState("symlink to a file", event.FileFollowing, "")
	// A symlink to a FIFO is refused without blocking.
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if err := os.Remove(s.path("main.log")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(fifo, s.path("main.log")); err != nil {
		t.Fatal(err)
	}
	expect(t, "symlink to a FIFO", s.tickWithin(2*time.Second)+s.tickWithin(2*time.Second), "")
	s.wantState("symlink to a FIFO", event.FileUnreadable, "not a regular file")
	// A dangling symlink is a log that is not there.
	if err := os.Remove(s.path("main.log")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(s.dir, "nowhere"), s.path("main.log")); err != nil {
		t.Fatal(err)
	}
	expect(t, "dangling", s.tickWithin(2*time.Second), "")
	s.wantState("dangling", event.FileWaiting, "")
}

func TestFollowFIFONeverBlocks(t *testing.T) {
	s := newStepper(t, 0)
	if err := syscall.Mkfifo(s.path("main.log"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	// A FIFO present at start, with no writer: an open for reading would
	// block forever.
	expect(t, "FIFO at start", s.tickWithin(2*time.Second), "")
	s.wantState("FIFO at start", event.FileUnreadable, "not a regular file")
	if err := os.Remove(s.path("main.log")); err != nil {
		t.Fatal(err)
	}
	s.write("main.log", "a\n")
	expect(t, "file again", s.tickWithin(2*time.Second), "a")
	// A followed file replaced by a FIFO.
	if err := os.Remove(s.path("main.log")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(s.path("main.log"), 0o644); err != nil {
		t.Fatal(err)
	}
	expect(t, "replaced by FIFO", s.tickWithin(2*time.Second)+s.tickWithin(2*time.Second), "")
	s.wantState("replaced by FIFO", event.FileUnreadable, "not a regular file")
}
