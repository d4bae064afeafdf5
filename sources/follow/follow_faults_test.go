package follow

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/internal/testfs"
)

// Files misbehaving under the follower: each test drives the follower tick
// by tick (see stepper in follow_test.go) through one fault and checks that
// it reports the fault in its status and recovers, losing nothing that was
// written as a complete line. TestFollowUnreadableIsRetried covers real
// permissions when not root; scripts/reliability.sh runs it as nobody.

// tickWithin ticks once in a goroutine and fails if the tick blocks: a FIFO
// opened the wrong way would hang the TUI.
func (s *stepper) tickWithin(d time.Duration) string {
	s.t.Helper()
	done := make(chan string, 1)
	go func() {
		if err := s.w.tick(context.Background()); err != nil {
			done <- "error: " + err.Error()
			return
		}
		done <- ""
	}()
	select {
	case e := <-done:
		if e != "" {
			s.t.Fatal(e)
		}
	case <-time.After(d):
		s.t.Fatalf("tick blocked for %v", d)
	}
	return s.tick(0)
}

func (s *stepper) wantState(what string, state event.FileState, errHas string) {
	s.t.Helper()
	st := s.w.status
	if st.State != state || !strings.Contains(st.Err, errHas) {
		s.t.Fatalf("%s: status %+v, want %s with %q", what, st, state, errHas)
	}
}

func TestFollowFolderDeletedAndRecreated(t *testing.T) {
	testfs.SkipUnderWine(t, "Wine keeps a deleted file's name until the last handle to it closes, so a folder whose log the follower holds cannot be removed (Directory is not empty)")
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	s.write("main.log", "2\n")
	if err := testfs.RemoveAll(s.dir); err != nil {
		t.Fatal(err)
	}
	// The open descriptor still has the last line written before the delete.
	expect(t, "folder gone", s.tick(2), "2")
	s.wantState("folder gone", event.FileWaiting, "")
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	expect(t, "folder back, no log yet", s.tick(1), "")
	s.write("main.log", "3\n4\n")
	expect(t, "log back", s.tick(1), "3|4")
	s.wantState("log back", event.FileFollowing, "")
}

// TestFollowOpenErrorIsRetried covers, as root too, the path a permission
// error takes: any open failure other than "does not exist" makes the
// follower unreadable with the reason, and it retries every poll. Here the
// failure is a directory where the log should be.
func TestFollowOpenErrorIsRetried(t *testing.T) {
	s := newStepper(t, 0)
	if err := os.Mkdir(s.path("main.log"), 0o755); err != nil {
		t.Fatal(err)
	}
	expect(t, "directory", s.tick(2), "")
	s.wantState("directory", event.FileUnreadable, "not a regular file")
	if err := os.Remove(s.path("main.log")); err != nil {
		t.Fatal(err)
	}
	s.write("main.log", "a\n")
	expect(t, "readable again", s.tick(1), "a")
	s.wantState("readable again", event.FileFollowing, "")
}

// TestFollowWriterDiskFull: a writer that hits ENOSPC leaves a line cut
// short. The follower must not deliver the fragment as a line while the file
// may still grow; when space returns and the writer finishes the line, it
// arrives once and whole. If the app instead rotates the file, the fragment
// is delivered then (a rotated file never grows again), once.
func TestFollowWriterDiskFull(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "complete\nhalf-wri")
	expect(t, "cut write", s.tick(3), "complete")
	s.write("main.log", "tten\nnext\n")
	expect(t, "write finished", s.tick(1), "half-written|next")

	s.write("main.log", "never fini")
	expect(t, "cut again", s.tick(2), "")
	s.rename("main.log", "main1.log")
	s.write("main.log", "after rotation\n")
	expect(t, "rotated with a fragment", s.tick(2), "never fini|after rotation")
	expect(t, "nothing repeated", s.tick(3), "")
}
