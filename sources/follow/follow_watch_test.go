package follow

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/coworktop/coworktop/internal/testfs"
)

// startFollowOn runs FollowAllOn on path with the given ticks and returns
// its batches and its result.
func startFollowOn(t *testing.T, path string, ticks chan time.Time) (<-chan LineBatch, <-chan error) {
	t.Helper()
	out := make(chan LineBatch, 16)
	done := make(chan error, 1)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go func() { done <- FollowAllOn(ctx, []FollowConfig{{Path: path}}, ticks, out) }()
	return out, done
}

// TestFollowAllOnWakesOnWrites: with notifications, a write is read with no
// tick at all, and the follower ends when its ticks do.
func TestFollowAllOnWakesOnWrites(t *testing.T) {
	dir := testfs.TempDir(t)
	path := filepath.Join(dir, "main.log")
	writeFile(t, path, "a\n")
	ticks := make(chan time.Time)
	out, done := startFollowOn(t, path, ticks)
	expect(t, "first check", linesOf(t, out), "a")
	for _, l := range []string{"b", "c"} {
		if err := appendBytes(path, []byte(l+"\n")); err != nil {
			t.Fatal(err)
		}
		expect(t, "woken by the write", linesOf(t, out), l)
	}
	// A rotation is an event too.
	if err := os.Rename(path, filepath.Join(dir, "main1.log")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, "d\n")
	expect(t, "after a rotation", linesOf(t, out), "d")
	close(ticks)
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("FollowAllOn did not end when its ticks did")
	}
}

// TestFollowAllOnPollsUnwatchedFolder: a folder that cannot be watched (it
// does not exist yet) is checked on every tick; once it exists the next
// tick watches it, and writes then arrive without ticks.
func TestFollowAllOnPollsUnwatchedFolder(t *testing.T) {
	dir := filepath.Join(testfs.TempDir(t), "logs")
	path := filepath.Join(dir, "main.log")
	ticks := make(chan time.Time, 1)
	out, _ := startFollowOn(t, path, ticks)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, "a\n")
	ticks <- time.Now()
	expect(t, "polled", linesOf(t, out), "a")
	if err := appendBytes(path, []byte("b\n")); err != nil {
		t.Fatal(err)
	}
	expect(t, "watched after the tick", linesOf(t, out), "b")
}

// startLoop runs the follower loop on path with a notifier the test holds.
func startLoop(t *testing.T, path string, nw *Notifier, ticks chan time.Time) <-chan LineBatch {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out := make(chan LineBatch, 16)
	w := newFollower(ctx, FollowConfig{Path: path}, out)
	l := &followLoop{ws: []*follower{w}, nw: nw}
	done := make(chan struct{})
	go func() { defer close(done); _ = l.run(ctx, ticks) }()
	// Stop the loop and close its files as FollowAllOn does, before the
	// temp folder is removed: Windows cannot remove a folder whose files
	// another handle holds.
	t.Cleanup(func() {
		cancel()
		<-done
		w.closeAll()
		nw.Close()
	})
	return out
}

// TestFollowWithoutNotificationsPollsEveryTick: with no notifications at
// all, every tick is a check.
func TestFollowWithoutNotificationsPollsEveryTick(t *testing.T) {
	dir := testfs.TempDir(t)
	path := filepath.Join(dir, "main.log")
	writeFile(t, path, "a\n")
	nw := &Notifier{dirs: map[string]os.FileInfo{dir: nil}, on: map[string]os.FileInfo{}}
	ticks := make(chan time.Time)
	out := startLoop(t, path, nw, ticks)
	expect(t, "first check", linesOf(t, out), "a")
	for _, l := range []string{"b", "c"} {
		if err := appendBytes(path, []byte(l+"\n")); err != nil {
			t.Fatal(err)
		}
		ticks <- time.Now()
		expect(t, "tick", linesOf(t, out), l)
	}
}

// TestFollowChecksEverythingOnOverflow: an overflow means events were
// dropped, so every file is checked at once, with no tick.
func TestFollowChecksEverythingOnOverflow(t *testing.T) {
	dir := testfs.TempDir(t)
	path := filepath.Join(dir, "main.log")
	writeFile(t, path, "a\n")
	nw := NewNotifier([]string{dir})
	if nw.w == nil || !nw.watching(dir) {
		t.Skip("no file notifications here")
	}
	out := startLoop(t, path, nw, make(chan time.Time))
	expect(t, "first check", linesOf(t, out), "a")
	// Stop the events without the loop knowing, as a full queue would.
	if err := nw.w.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if err := appendBytes(path, []byte("b\n")); err != nil {
		t.Fatal(err)
	}
	nw.w.Errors <- fsnotify.ErrEventOverflow
	expect(t, "after the overflow", linesOf(t, out), "b")
}
