package host

import "testing"

// TestAddMemberMemorySumsWhatWasRead: the sums take each figure that was
// read, and a member with neither counts as unreadable, not as zero.
func TestAddMemberMemorySumsWhatWasRead(t *testing.T) {
	var g ProcessGroup
	g.AddMemberMemory(ProcessMember{RSS: 100, RSSKnown: true})
	g.AddMemberMemory(ProcessMember{Footprint: 40, FootprintKnown: true})
	g.AddMemberMemory(ProcessMember{RSS: 7, Footprint: 9})
	if g.RSS.Value != 100 || !g.RSS.Known || g.Footprint.Value != 40 || !g.Footprint.Known || g.Unreadable != 1 {
		t.Fatalf("RSS %+v, footprint %+v, unreadable %d; want 100, 40 and 1", g.RSS, g.Footprint, g.Unreadable)
	}
}
