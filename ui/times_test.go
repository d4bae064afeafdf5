package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// TestNewestLineNotReadTime: the header's log line gives the newest line's
// own time and its age, not when coworktop read it (issue 36 #4: an
// hour-old log read at start-up looked fresh).
func TestNewestLineNotReadTime(t *testing.T) {
	m := fixtureModel(t, 120, 40, false)
	m.Update(UpdatesMsg{{Files: []event.FileStatus{{Name: "main.log", State: event.FileFollowing, Lines: 226,
		LastLineAt: fixedNow, NewestLine: fixedNow.Add(-time.Hour - 5*time.Second)}}}})
	m.refresh()
	out := frame(m)
	if !strings.Contains(out, "newest line 13:09:55, 1h00m ago") {
		t.Errorf("the header does not give the newest line's time and age:\n%s", out)
	}
	if strings.Contains(out, "14:10:00)") || strings.Contains(out, "last 14:10") {
		t.Errorf("the header gives the read time:\n%s", out)
	}
}

// TestMoreLogsNamed: past two logs the header names the others, not just
// their count (issue 36 #3: "Logs: …and 2 more").
func TestMoreLogsNamed(t *testing.T) {
	m := fixtureModel(t, 120, 40, false)
	var files []event.FileStatus
	for _, n := range []string{"main.log", "cowork_vm_node.log", "main1.log", "daemon.log"} {
		files = append(files, event.FileStatus{Name: n, State: event.FileFollowing})
	}
	m.Update(UpdatesMsg{{Files: files}})
	m.refresh()
	if out := frame(m); !strings.Contains(out, "and 2 more: main1.log following, daemon.log following") {
		t.Errorf("the header does not name the other logs:\n%s", out)
	}
}
