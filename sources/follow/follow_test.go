package follow

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/internal/testfs"
)

// These tests drive the follower tick by tick, so each discontinuity happens
// at a known point between two polls, with no timing involved.

type stepper struct {
	t   *testing.T
	w   *follower
	out chan LineBatch
	dir string
}

func newStepper(t *testing.T, start int64) *stepper {
	dir := testfs.TempDir(t)
	out := make(chan LineBatch, 4096)
	w := newFollower(context.Background(), FollowConfig{Path: filepath.Join(dir, "main.log"), StartAt: start}, out)
	// A clock that moves a second per reading: the follower's waits for a
	// crop's rewrite are bounded in time as well as in checks.
	clock := time.Unix(1_700_000_000, 0)
	w.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	t.Cleanup(w.closeAll)
	return &stepper{t: t, w: w, out: out, dir: dir}
}

func (s *stepper) path(name string) string { return filepath.Join(s.dir, name) }

// tick polls n times and returns the lines delivered, joined with "|".
func (s *stepper) tick(n int) string {
	s.t.Helper()
	for range n {
		if err := s.w.tick(context.Background()); err != nil {
			s.t.Fatalf("tick: %v", err)
		}
	}
	var got []string
	for {
		select {
		case b := <-s.out:
			for _, l := range b.Lines {
				got = append(got, string(l))
			}
		default:
			return strings.Join(got, "|")
		}
	}
}

func (s *stepper) write(name, text string) {
	s.t.Helper()
	if err := appendBytes(s.path(name), []byte(text)); err != nil {
		s.t.Fatal(err)
	}
}

func (s *stepper) rename(from, to string) {
	s.t.Helper()
	if err := os.Rename(s.path(from), s.path(to)); err != nil {
		s.t.Fatal(err)
	}
}

func expect(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Fatalf("%s: got %q, want %q", what, got, want)
	}
}

func TestFollowWaitsThenReadsFromStart(t *testing.T) {
	s := newStepper(t, -1)
	expect(t, "missing", s.tick(1), "")
	if s.w.status.State != event.FileWaiting {
		t.Fatalf("state %q, want waiting", s.w.status.State)
	}
	s.write("main.log", "a\nb\n")
	// A file that appears after start is new: read from its start.
	expect(t, "appeared", s.tick(1), "a|b")
	if s.w.status.State != event.FileFollowing {
		t.Fatalf("state %q", s.w.status.State)
	}
}

func TestFollowStartAtEndSkipsPartialLine(t *testing.T) {
	s := newStepper(t, -1)
	s.write("main.log", "old\nhalf")
	expect(t, "start", s.tick(1), "")
	s.write("main.log", "-done\nnew\n")
	expect(t, "after", s.tick(1), "new")
}

func TestFollowCarriesPartialLine(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "one\ntw")
	expect(t, "first", s.tick(1), "one")
	s.write("main.log", "o\r\nthr")
	expect(t, "second", s.tick(1), "two")
	s.write("main.log", "ee\n")
	expect(t, "third", s.tick(1), "three")
}

func TestFollowDrainsRotatedFile(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	// Written after our last read, then rotated away before the next poll.
	s.write("main.log", "2\n")
	s.rename("main.log", "main1.log")
	expect(t, "missing", s.tick(1), "2")
	s.write("main.log", "3\n")
	expect(t, "new file", s.tick(1), "3")
	if s.w.status.Note != "rotated" {
		t.Fatalf("note %q", s.w.status.Note)
	}
}

func TestFollowRecoversSkippedGeneration(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	s.write("main.log", "2\n")
	s.rename("main.log", "main1.log")
	s.write("main.log", "3\n") // a whole generation between two polls
	s.rename("main1.log", "main2.log")
	s.rename("main.log", "main1.log")
	s.write("main.log", "4\n")
	expect(t, "after two rotations", s.tick(1), "2|3|4")
	expect(t, "quiet", s.tick(2), "")
}

func TestFollowIgnoresStaleOldGeneration(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.old.log", "stale\n")
	past := time.Now().Add(-time.Hour)
	if err := os.Chtimes(s.path("main.old.log"), past, past); err != nil {
		t.Fatal(err)
	}
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	s.rename("main.log", "main1.log")
	s.write("main.log", "2\n")
	expect(t, "rotated", s.tick(1), "2")
}

func TestFollowDeleteAndRecreate(t *testing.T) {
	testfs.SkipUnderWine(t, "Wine keeps a deleted file's name until the last handle to it closes (Windows 10 deletes with POSIX semantics, the name goes at once), so the follower, which holds the file, still lists it")
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	s.write("main.log", "2\n")
	if err := os.Remove(s.path("main.log")); err != nil {
		t.Fatal(err)
	}
	expect(t, "deleted", s.tick(1), "2")
	if s.w.status.State != event.FileWaiting {
		t.Fatalf("state %q", s.w.status.State)
	}
	s.write("main.log", "3\n")
	expect(t, "recreated", s.tick(1), "3")
	if s.w.status.Note != "replaced" {
		t.Fatalf("note %q", s.w.status.Note)
	}
}

// crop rewrites path in place the way electron-log's fallback does, keeping
// the last keep bytes.
func crop(t *testing.T, path string, keep int) {
	t.Helper()
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append([]byte(cropHeader+"\n"), old[len(old)-keep:]...), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestFollowCropCaughtUp(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "alpha\nbravo\ncharlie\n")
	expect(t, "start", s.tick(1), "alpha|bravo|charlie")
	crop(t, s.path("main.log"), len("vo\ncharlie\n"))
	s.write("main.log", "delta\n")
	expect(t, "after crop", s.tick(cropRetriesLimit+1), "delta")
	if s.w.status.Note != "cropped" {
		t.Fatalf("note %q", s.w.status.Note)
	}
	s.write("main.log", "echo\n")
	expect(t, "later", s.tick(1), "echo")
}

func TestFollowCropWhileBehindAndCarrying(t *testing.T) {
	s := newStepper(t, 0)
	long := strings.Repeat("b", 40)
	s.write("main.log", "alpha\n"+long+"\ncharlie-")
	expect(t, "start", s.tick(1), "alpha|"+long)
	// Unread bytes complete the carried line and add one more; then the crop
	// keeps a tail that begins inside the long line, so the overlap with
	// what we read ends inside the carried "charlie-".
	s.write("main.log", "rest\ndelta\n")
	crop(t, s.path("main.log"), len("bbbbbb\ncharlie-rest\ndelta\n"))
	s.write("main.log", "echo\n")
	expect(t, "after crop", s.tick(cropRetriesLimit+1), "charlie-rest|delta|echo")
}

func TestFollowCropFarBehind(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "alpha\nbr")
	expect(t, "start", s.tick(1), "alpha")
	s.write("main.log", "avo\ncharlie\ndelta\n")
	// The kept tail starts inside "charlie": bravo's rest and charlie's head
	// were removed by the writer; delta is what is left to deliver.
	crop(t, s.path("main.log"), len("rlie\ndelta\n"))
	expect(t, "after crop", s.tick(cropRetriesLimit+1), "delta")
}

func TestFollowCropThatRegrewPastOffset(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "alpha\nbravo\n")
	expect(t, "start", s.tick(1), "alpha|bravo")
	crop(t, s.path("main.log"), len("bravo\n"))
	s.write("main.log", "charlie-is-long-enough-to-pass-the-old-size\n")
	expect(t, "after crop", s.tick(cropRetriesLimit+1), "charlie-is-long-enough-to-pass-the-old-size")
}

func TestFollowPlainTruncation(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "alpha\nbravo\n")
	expect(t, "start", s.tick(1), "alpha|bravo")
	if err := os.Truncate(s.path("main.log"), 0); err != nil {
		t.Fatal(err)
	}
	s.write("main.log", "x\n")
	expect(t, "after", s.tick(cropRetriesLimit+1), "x")
	if s.w.status.Note != "truncated" {
		t.Fatalf("note %q", s.w.status.Note)
	}
}

func TestFollowUnreadableIsRetried(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("needs POSIX permissions and a non-root user")
	}
	s := newStepper(t, 0)
	s.write("main.log", "a\n")
	if err := os.Chmod(s.path("main.log"), 0); err != nil {
		t.Fatal(err)
	}
	expect(t, "denied", s.tick(1), "")
	if s.w.status.State != event.FileUnreadable || s.w.status.Err == "" {
		t.Fatalf("status %+v", s.w.status)
	}
	if err := os.Chmod(s.path("main.log"), 0o644); err != nil {
		t.Fatal(err)
	}
	expect(t, "readable again", s.tick(1), "a")
}

func TestFollowCatchUpArrivesInBatches(t *testing.T) {
	s := newStepper(t, 0)
	s.w.cfg.MaxBatchLines = 10
	s.write("main.log", strings.Repeat("x\n", 95))
	if err := s.w.tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := len(s.out); n != 10 {
		t.Fatalf("%d batches, want 10", n)
	}
	if got := s.tick(0); len(got) != 95*2-1 {
		t.Fatalf("lines %q", got)
	}
}

func TestOverlap(t *testing.T) {
	cases := []struct {
		hist, rest string
		want       int
	}{
		{"abcdef", "defgh", 3},
		{"abcdef", "xyz", 0},
		{"aaaa", "aaaaaa", 4},
		{"abab", "ababab", 4},
		{"", "abc", 0},
		{"abc", "", 0},
		{"xabcab", "abcabd", 5},
	}
	for _, c := range cases {
		if got := overlap([]byte(c.hist), []byte(c.rest)); got != c.want {
			t.Errorf("overlap(%q, %q) = %d, want %d", c.hist, c.rest, got, c.want)
		}
	}
}

func TestFollowStopsWithoutLeaks(t *testing.T) {
	before := runtime.NumGoroutine()
	dir := testfs.TempDir(t)
	ctx, cancel := context.WithCancel(context.Background())
	out := make(chan LineBatch) // unbuffered and unread: Follow must not hang on send
	done := make(chan error, 1)
	if err := os.WriteFile(filepath.Join(dir, "main.log"), []byte("a\nb\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	go func() {
		done <- followEvery(ctx, time.Millisecond, FollowConfig{Path: filepath.Join(dir, "main.log")}, out)
	}()
	time.Sleep(20 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Follow returned %v on cancel", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Follow did not stop on cancel")
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Fatalf("%d goroutines after stop, %d before", n, before)
	}
}
