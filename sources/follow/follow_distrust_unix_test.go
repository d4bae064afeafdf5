//go:build linux

package follow

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestFollowDistrustsSilentNotifications (issue 29 #6): a folder whose
// notifications miss the writer's changes, as a FUSE mount written from
// outside (bindfs) or a network share does, is noticed when safety checks
// keep finding data no notification announced; it is then checked on every
// tick. Here the writer appends through a hard link in another folder,
// which inotify does not report to the log folder's watch.
func TestFollowDistrustsSilentNotifications(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	path := filepath.Join(dir, "main.log")
	writeFile(t, path, "a\n")
	link := filepath.Join(other, "link.log")
	if err := os.Link(path, link); err != nil {
		t.Skipf("hard link: %v", err)
	}
	ticks := make(chan time.Time)
	out, _ := startFollowOn(t, path, ticks)
	expect(t, "first check", linesOf(t, out), "a")
	silent := func(l string) {
		t.Helper()
		if err := appendBytes(link, []byte(l+"\n")); err != nil {
			t.Fatal(err)
		}
	}
	// An ordinary tick does not check a watched folder before its safety
	// poll is due: the silent line waits for it.
	silent("b")
	ticks <- time.Now()
	select {
	case b := <-out:
		if len(b.Lines) > 0 {
			t.Fatalf("read %q on a tick before the safety poll: the write was not silent", b.Lines)
		}
	case <-time.After(300 * time.Millisecond):
	}
	// Three safety polls in a row find what no event said.
	for _, step := range [][2]string{{"b", "c"}, {"c", "d"}, {"d", ""}} {
		ticks <- time.Now().Add(SafetyPoll)
		expect(t, "safety poll", linesOf(t, out), step[0])
		if step[1] != "" {
			silent(step[1])
		}
	}
	// Now every tick checks.
	silent("e")
	ticks <- time.Now()
	expect(t, "polled on an ordinary tick", linesOf(t, out), "e")
}
