package governor

import (
	"fmt"
	"github.com/coworktop/coworktop/event"
	"testing"
	"time"
)

// A snapshot shares the files' statuses instead of copying them (issue 29
// #5: 20 000 generations), and still never sees a later change: neither a
// file's new status nor a new file.
func TestSnapshotFilesDoNotChangeAfterward(t *testing.T) {
	s := New(DefaultLimits())
	for i := range 5 {
		s.ApplyUpdate(Update{Files: []event.FileStatus{{Name: fmt.Sprintf("main%d.log", i), State: event.FileBackfill}}})
	}
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	first := s.Snapshot(now)
	s.ApplyUpdate(Update{Files: []event.FileStatus{{Name: "main5.log", State: event.FileBackfill}}}) // appended past it
	second := s.Snapshot(now)
	s.ApplyUpdate(Update{Files: []event.FileStatus{{Name: "main0.log", State: event.FileDone, Lines: 7}}}) // changed under both
	s.ApplyUpdate(Update{Files: []event.FileStatus{{Name: "main6.log", State: event.FileBackfill}}})
	third := s.Snapshot(now)
	if len(first.Files) != 5 || first.Files[0].State != event.FileBackfill {
		t.Fatalf("first snapshot changed: %+v", first.Files)
	}
	if len(second.Files) != 6 || second.Files[0].State != event.FileBackfill {
		t.Fatalf("second snapshot changed: %+v", second.Files)
	}
	if len(third.Files) != 7 || third.Files[0].State != event.FileDone || third.Files[0].Lines != 7 || third.Files[6].Name != "main6.log" {
		t.Fatalf("third snapshot: %+v", third.Files)
	}
	if &first.Files[0] != &second.Files[0] {
		t.Fatal("the second snapshot copied the statuses though none had changed")
	}
	if grown := append(second.Files, event.FileStatus{Name: "x"}); &grown[0] == &second.Files[0] || s.Snapshot(now).Files[6].Name != "main6.log" {
		t.Fatal("a snapshot holder's append wrote into the state's statuses")
	}
}
