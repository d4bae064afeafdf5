package follow

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/internal/testfs"
)

// One test per rotation timing that lost lines when two changes landed
// between two checks: each drives the changes between two ticks of the
// stepper, so nothing depends on timing.

// rotate renames main.log to main1.log, shifting the numbered generations
// up by one first, as the app does.
func (s *stepper) rotate() {
	s.t.Helper()
	n := 1
	for fileExists(s.path(fmt.Sprintf("main%d.log", n))) {
		n++
	}
	for ; n > 1; n-- {
		s.rename(fmt.Sprintf("main%d.log", n-1), fmt.Sprintf("main%d.log", n))
	}
	s.rename("main.log", "main1.log")
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// batches ticks once and returns the batches delivered.
func (s *stepper) batches() []LineBatch {
	s.t.Helper()
	if err := s.w.tick(s.w.ctx); err != nil {
		s.t.Fatal(err)
	}
	var got []LineBatch
	for {
		select {
		case b := <-s.out:
			got = append(got, b)
		default:
			return got
		}
	}
}

func TestFollowTwoNumberedRotationsBetweenChecks(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	s.write("main.log", "2\n")
	s.rotate()
	s.write("main.log", "3\n")
	s.rotate()
	s.write("main.log", "4\n")
	expect(t, "after two rotations", s.tick(1), "2|3|4")
	expect(t, "quiet", s.tick(2), "")
}

func TestFollowThreeNumberedRotationsBetweenChecks(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	s.write("main.log", "2\n")
	for _, l := range []string{"3\n", "4\n", "5\n"} {
		s.rotate()
		s.write("main.log", l)
	}
	expect(t, "after three rotations", s.tick(1), "2|3|4|5")
	expect(t, "quiet", s.tick(2), "")
	s.write("main.log", "6\n")
	expect(t, "on", s.tick(1), "6")
}

func TestFollowOldThenNumberedRotation(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	s.write("main.log", "2\n")
	s.rename("main.log", "main.old.log")
	s.write("main.log", "3\n")
	s.rotate()
	s.write("main.log", "4\n")
	expect(t, "old, then numbered", s.tick(1), "2|3|4")
	expect(t, "quiet", s.tick(2), "")
}

func TestFollowNumberedThenOldRotation(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	s.write("main.log", "2\n")
	s.rotate()
	s.write("main.log", "3\n")
	s.rename("main.log", "main.old.log")
	s.write("main.log", "4\n")
	expect(t, "numbered, then old", s.tick(1), "2|3|4")
	expect(t, "quiet", s.tick(2), "")
}

func TestFollowCreatedAndRotatedWhileWaiting(t *testing.T) {
	s := newStepper(t, 0)
	expect(t, "nothing yet", s.tick(1), "")
	s.wantState("nothing yet", event.FileWaiting, "")
	s.write("main.log", "1\n")
	s.rotate()
	s.write("main.log", "2\n")
	s.rotate()
	s.write("main.log", "3\n")
	expect(t, "created and rotated while waiting", s.tick(1), "1|2|3")
	s.wantState("following", event.FileFollowing, "")
	expect(t, "quiet", s.tick(2), "")
}

func TestFollowDeleteRecreateRotate(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	s.write("main.log", "2\n")
	if err := os.Remove(s.path("main.log")); err != nil {
		t.Fatal(err)
	}
	s.write("main.log", "3\n")
	s.rotate()
	s.write("main.log", "4\n")
	expect(t, "deleted, re-created, rotated", s.tick(1), "2|3|4")
	expect(t, "quiet", s.tick(2), "")
	if n := len(s.w.gens); n != 2 {
		t.Fatalf("%d generations held, want 2 (main1.log and main.log)", n)
	}
}

// TestFollowGenerationLost: a generation deleted after the listing saw it
// and before it could be opened is reported as lost, with its size.
func TestFollowGenerationLost(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	s.rotate()
	s.write("main.log", "two\nthree\n")
	s.w.beforeOpen = func(path string) {
		if filepath.Base(path) == "main.log" {
			os.Remove(path)
		}
	}
	expect(t, "vanished", s.tick(1), "")
	s.w.beforeOpen = nil
	expect(t, "counted", s.tick(1), "")
	if st := s.w.status; st.LostBytes != int64(len("two\nthree\n")) || st.Note != "lost" {
		t.Fatalf("status %+v, want %d bytes lost", st, len("two\nthree\n"))
	}
	s.write("main.log", "4\n")
	expect(t, "on", s.tick(1), "4")
}

// TestFollowClosesDeletedFile: a followed file deleted and not re-created
// is closed once read to its end.
func TestFollowClosesDeletedFile(t *testing.T) {
	testfs.SkipUnderWine(t, "Wine keeps a deleted file's name until the last handle to it closes (Windows 10 deletes with POSIX semantics, the name goes at once), so the follower, which holds the file, still lists it")
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	s.write("main.log", "2\n")
	if err := os.Remove(s.path("main.log")); err != nil {
		t.Fatal(err)
	}
	expect(t, "deleted", s.tick(1), "2")
	s.wantState("deleted", event.FileWaiting, "")
	if len(s.w.gens) != 0 {
		t.Fatalf("%d generations still held", len(s.w.gens))
	}
	if runtime.GOOS == "linux" {
		fds, _ := os.ReadDir("/proc/self/fd")
		for _, fd := range fds {
			if l, _ := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); strings.Contains(l, s.dir) {
				t.Fatalf("descriptor %s still open on %s", fd.Name(), l)
			}
		}
	}
}

// TestFollowLineNumbersPerGeneration: batches number lines within their
// generation, from its first byte, as a reader of the saved file would.
func TestFollowLineNumbersPerGeneration(t *testing.T) {
	s := newStepper(t, -1)
	s.write("main.log", "a\nb\nc")
	if b := s.batches(); len(b) > 0 && len(b[0].Lines) > 0 {
		t.Fatalf("read before the start: %+v", b)
	}
	s.write("main.log", "\nd\ne\n") // c began before us: skipped
	s.rotate()
	s.write("main.log", "f\ng\n")
	got := []string{}
	for _, b := range s.batches() {
		for i, l := range b.Lines {
			got = append(got, fmt.Sprintf("%s:%d:%s", b.Gen, b.Line+int64(i), l))
		}
	}
	// d and e were read after the rotation, from what is main1.log by then:
	// they are cited there, as report cites them (issue 23 #2).
	expect(t, "numbers", strings.Join(got, "|"), "main1.log:4:d|main1.log:5:e|main.log:1:f|main.log:2:g")
}

// TestFollowNewGenerationMetCropped: a generation first met after the app
// cropped it starts with the marker and a cut line: neither is a line.
func TestFollowNewGenerationMetCropped(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	s.rotate()
	s.write("main.log", cropHeader+"\nof a line cut by the crop\n2\n")
	expect(t, "met cropped", s.tick(1), "2")
	s.write("main.log", "3\n")
	expect(t, "on", s.tick(1), "3")
}

// TestFollowOrdersNewGenerationsByLastWrite: two generations first met at
// one check, under names that do not say which is older (.old and
// numbered), are read in the order they were written.
func TestFollowOrdersNewGenerationsByLastWrite(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	s.rotate()
	s.write("main.log", "2\n")
	s.rename("main.log", "main.old.log")
	s.write("main.log", "3\n")
	// main1.log (1) becomes main2.log, 3 becomes main1.log.
	s.rotate()
	// Within a second, which the clock still tells apart.
	past := time.Now().Add(-100 * time.Millisecond)
	if err := os.Chtimes(s.path("main.old.log"), past, past); err != nil {
		t.Fatal(err)
	}
	expect(t, "by last write", s.tick(1), "2|3")
}

// TestFollowHoldsNewGenerationsWhileConsumerIsBusy: while the consumer
// takes no batch, new generations are still opened, so one rotated out
// and deleted meanwhile is read in order once the consumer is back.
func TestFollowHoldsNewGenerationsWhileConsumerIsBusy(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	out := make(chan LineBatch) // nobody reads for now
	s.w.out = out
	grabbed := make(chan int, 64)
	s.w.onGrab = func(n int) { grabbed <- n }
	s.write("main.log", "2\n")
	done := make(chan error, 1)
	go func() { done <- s.w.tick(s.w.ctx) }() // blocks sending "2"
	<-grabbed                                 // it is blocked, and looks again
	s.rotate()
	s.write("main.log", "3\n")
	for n := 0; n == 0; {
		select {
		case n = <-grabbed:
		case <-time.After(10 * time.Second):
			t.Fatal("the new generation was not taken hold of while the consumer was busy")
		}
	}
	// The generation holding 3 is rotated twice more and deleted.
	s.rotate()
	s.write("main.log", "4\n")
	s.rotate()
	if err := os.Remove(s.path("main2.log")); err != nil {
		t.Fatal(err)
	}
	s.write("main.log", "5\n")
	var got []string
	for len(got) < 4 {
		select {
		case b := <-out:
			for _, l := range b.Lines {
				got = append(got, string(l))
			}
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			go func() { done <- s.w.tick(s.w.ctx) }()
		}
	}
	expect(t, "after the busy spell", strings.Join(got, "|"), "2|3|4|5")
	for running := true; running; { // let the last check end before cleanup
		select {
		case b := <-out:
			if len(b.Lines) > 0 {
				t.Fatalf("more lines: %q", b.Lines)
			}
		case <-done:
			running = false
		}
	}
}
