package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// TestStatusSaysWhatIsWrong: when the follower reports a log it cannot read
// or is waiting for, the screen says so (at full size and compact), and the
// reason comes through without control characters.
func TestStatusSaysWhatIsWrong(t *testing.T) {
	for _, tc := range []struct {
		st   event.FileStatus
		want string
	}{
		{event.FileStatus{Name: "main.log", State: event.FileUnreadable, Err: "opening log: permission denied", Since: fixedNow}, "main.log unreadable: opening log: permission denied"},
		{event.FileStatus{Name: "main.log", State: event.FileUnreadable, Err: "opening log \"main.log\": not a regular file (p---------)", Since: fixedNow}, "not a regular file"},
		{event.FileStatus{Name: "main.log", State: event.FileWaiting, Since: fixedNow}, "main.log waiting"},
		{event.FileStatus{Name: "main.log", State: event.FileFollowing, Lines: 3, LostBytes: 3 << 10, Since: fixedNow}, "3K lost"},
		{event.FileStatus{Name: "main.log", State: event.FileFollowing, Lines: 3, ListErrors: 4, Since: fixedNow}, "4 list errors"},
	} {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			m := fixtureModel(t, sz[0], sz[1], false)
			m.Update(UpdatesMsg{{Files: []event.FileStatus{tc.st}}})
			m.Update(sizeMsg(sz[0], sz[1]))
			if out := frame(m); !strings.Contains(out, tc.want) {
				t.Errorf("%dx%d: %q not on screen:\n%s", sz[0], sz[1], tc.want, out)
			}
		}
	}
	// The status keeps updating: back to following clears the complaint.
	m := fixtureModel(t, 120, 40, false)
	m.Update(UpdatesMsg{{Files: []event.FileStatus{{Name: "main.log", State: event.FileUnreadable, Err: "permission denied"}}}})
	m.Update(UpdatesMsg{{Files: []event.FileStatus{{Name: "main.log", State: event.FileFollowing, Lines: 3, LastLineAt: fixedNow.Add(-time.Second)}}}})
	if out := frame(m); strings.Contains(out, "permission denied") || !strings.Contains(out, "main.log following") {
		t.Errorf("recovered log still shown as unreadable:\n%s", out)
	}
}
