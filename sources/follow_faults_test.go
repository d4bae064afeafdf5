package sources

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
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

func (s *stepper) wantState(what string, state governor.FileState, errHas string) {
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
	s.wantState("folder gone", governor.FileWaiting, "")
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	expect(t, "folder back, no log yet", s.tick(1), "")
	s.write("main.log", "3\n4\n")
	expect(t, "log back", s.tick(1), "3|4")
	s.wantState("log back", governor.FileFollowing, "")
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
	s.wantState("directory", governor.FileUnreadable, "not a regular file")
	if err := os.Remove(s.path("main.log")); err != nil {
		t.Fatal(err)
	}
	s.write("main.log", "a\n")
	expect(t, "readable again", s.tick(1), "a")
	s.wantState("readable again", governor.FileFollowing, "")
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
