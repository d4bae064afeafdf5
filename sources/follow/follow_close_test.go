package follow

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/internal/testfs"
)

// Drained rotated generations are closed (platforms audit W1, issue 29):
// the follower holds the current file and, for one safety poll, the ones
// just rotated; it still knows the closed ones and reads what they gain.

// openGens counts the follower's open generations.
func openGens(w *follower) int {
	n := 0
	for _, g := range w.gens {
		if g.f != nil {
			n++
		}
	}
	return n
}

func TestFollowClosesDrainedRotatedGenerations(t *testing.T) {
	s := newStepper(t, 0)
	var got, want []string
	expect(t, "nothing yet", s.tick(1), "")
	for i := range 30 {
		for j := range 3 {
			l := fmt.Sprintf("%d.%d", i, j)
			s.write("main.log", l+"\n")
			want = append(want, l)
		}
		s.rotate()
		if out := s.tick(1); out != "" {
			got = append(got, out)
		}
		// The stepper's clock moves a second per check: the current file
		// and the generations of the last safety poll are open.
		if n := openGens(s.w); n > 3 {
			t.Fatalf("after rotation %d: %d generations open", i+1, n)
		}
		if n := testfs.HeldIn(s.dir); n > 3 {
			t.Fatalf("after rotation %d: %d descriptors on the log folder", i+1, n)
		}
	}
	s.write("main.log", "last\n")
	want = append(want, "last")
	got = append(got, s.tick(3))
	expect(t, "lines", strings.Join(got, "|"), strings.Join(want, "|"))
	if n := openGens(s.w); n != 1 {
		t.Fatalf("%d generations open once quiet, want 1 (main.log)", n)
	}
	if n := testfs.HeldIn(s.dir); n != 1 && n != -1 {
		t.Fatalf("%d descriptors on the log folder once quiet, want 1", n)
	}
	if len(s.w.index) != 31 {
		t.Fatalf("%d generations known, want 31", len(s.w.index))
	}
}

func TestFollowClosedGenerationKeepsItsLines(t *testing.T) {
	s := newStepper(t, 0)
	var got, want []string
	for i := range 12 {
		l := fmt.Sprint(i)
		s.write("main.log", l+"\n")
		want = append(want, l)
		if i%3 == 2 {
			s.rotate()
		}
		if out := s.tick(1); out != "" {
			got = append(got, out)
		}
	}
	got = append(got, s.tick(3))
	expect(t, "all lines once, in order", strings.Trim(strings.Join(got, "|"), "|"), strings.Join(want, "|"))
	if n := openGens(s.w); n != 1 {
		t.Fatalf("%d generations open", n)
	}
	// A straggling write to a closed generation is read once, from where
	// it was left, and the generation closes again.
	s.write("main2.log", "late\n")
	expect(t, "straggler", s.tick(1), "late")
	expect(t, "quiet", s.tick(3), "")
	if n := openGens(s.w); n != 1 {
		t.Fatalf("%d generations open after the straggler", n)
	}
}

// TestFollowClosedIdentityTakenOver: a file that takes over a closed
// generation's identity (an inode reused after a delete) is told from it by
// its head, and read from its start.
func TestFollowClosedIdentityTakenOver(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "2026-01-01 00:00:00 one\n")
	expect(t, "start", s.tick(1), "2026-01-01 00:00:00 one")
	s.rotate()
	s.write("main.log", "2026-01-01 00:00:01 two\n")
	expect(t, "rotated", s.tick(3), "2026-01-01 00:00:01 two")
	if n := openGens(s.w); n != 1 {
		t.Fatalf("%d generations open", n)
	}
	// The same file, rewritten: to the follower, same identity, other
	// head, as a new file with a reused inode would be.
	if err := os.WriteFile(s.path("main1.log"), []byte("2026-01-01 00:00:09 new\n2026-01-01 00:00:09 file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	expect(t, "taken over", s.tick(1), "2026-01-01 00:00:09 new|2026-01-01 00:00:09 file")
	expect(t, "quiet", s.tick(3), "")
}

// TestFollowHandleThatDrifted: on a FUSE folder written from outside
// (bindfs), a held descriptor follows the name, not the file: after the
// writer renames main.log away, the follower's descriptor reads the new
// main.log. The follower sees its handle's identity change, closes it, and
// reads the generation on under the name the listing found it at.
func TestFollowHandleThatDrifted(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "1\n")
	expect(t, "start", s.tick(1), "1")
	s.write("main.log", "2\n")
	s.rotate()
	s.write("main.log", "3\n")
	g := s.w.currentGen()
	f, err := os.Open(s.path("main.log")) // as bindfs does: the old handle now reads the new file
	if err != nil {
		t.Fatal(err)
	}
	g.f.Close()
	g.f = f
	expect(t, "after the drift", s.tick(1), "2|3")
	expect(t, "quiet", s.tick(3), "")
	if s.w.drifted != 1 {
		t.Fatalf("drifted %d, want 1", s.w.drifted)
	}
}
