package follow

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// A truncation to a non-zero size keeps a prefix of what was read: the
// prefix's checksums and the read history tell it from what the writer
// appends after it (issue 29 #7), so kept lines are not sent again.

func TestFollowTruncationKeepsPrefix(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "alpha\nbravo\ncharlie\n")
	expect(t, "start", s.tick(1), "alpha|bravo|charlie")
	if err := os.Truncate(s.path("main.log"), int64(len("alpha\nbravo\n"))); err != nil {
		t.Fatal(err)
	}
	s.write("main.log", "delta\n")
	expect(t, "after the cut", s.tick(cropRetriesLimit+1), "delta")
	if s.w.status.Note != "truncated" {
		t.Fatalf("note %q", s.w.status.Note)
	}
	s.write("main.log", "echo\n")
	expect(t, "later", s.tick(1), "echo")
	// Line numbers go on from the kept prefix, as a reader of the file
	// would count them.
	s.write("main.log", "foxtrot\n")
	b := s.batches()
	if len(b) != 1 || b[0].Line != 5 {
		t.Fatalf("batches %+v, want foxtrot as line 5", b)
	}
}

// TestFollowTruncationInsideALine: a cut inside a line that the writer
// then continues sends that line once, whole, and nothing before it.
func TestFollowTruncationInsideALine(t *testing.T) {
	s := newStepper(t, 0)
	s.write("main.log", "alpha\nbravo\n")
	expect(t, "start", s.tick(1), "alpha|bravo")
	if err := os.Truncate(s.path("main.log"), int64(len("alpha\nbr"))); err != nil {
		t.Fatal(err)
	}
	s.write("main.log", "ide\ncharlie\n")
	expect(t, "after the cut", s.tick(cropRetriesLimit+1), "bride|charlie")
}

// TestFollowTruncationFarBack: a cut further back than the read history
// (320 KiB or more) is found by the prefix checksums: at most the kept
// lines after the last 4 KiB mark are sent again, not all of them.
func TestFollowTruncationFarBack(t *testing.T) {
	s := newStepper(t, 0)
	var b strings.Builder
	var ends []int
	for i := 0; b.Len() < 2*histMax+histMax/2; i++ {
		fmt.Fprintf(&b, "%07d some text to fill the line out a little\n", i)
		ends = append(ends, b.Len())
	}
	all := b.String()
	s.write("main.log", all)
	if got := s.tick(1); strings.Count(got, "|")+1 != len(ends) {
		t.Fatalf("read %d lines, want %d", strings.Count(got, "|")+1, len(ends))
	}
	cut := ends[len(ends)/10] // about 100 KiB in: far before the history
	if err := os.Truncate(s.path("main.log"), int64(cut)); err != nil {
		t.Fatal(err)
	}
	s.write("main.log", "new line\n")
	got := strings.Split(s.tick(cropRetriesLimit+1), "|")
	if got[len(got)-1] != "new line" {
		t.Fatalf("last line %q", got[len(got)-1])
	}
	again := len(got) - 1
	resent := 0
	for _, l := range got[:again] {
		resent += len(l) + 1
		if !strings.Contains(all[:cut], l+"\n") {
			t.Fatalf("sent %q, which is no kept line", l)
		}
	}
	if resent > markEvery {
		t.Fatalf("%d kept lines (%d bytes) sent again, want under %d bytes", again, resent, markEvery)
	}
	t.Logf("cut at %d of %d bytes: %d kept lines (%d bytes) sent again, of %d kept", cut, len(all), again, resent, len(ends)/10+1)
}
