package governor

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/record"
)

// TestShareJoinEveryRow: the share join walks the reading's sessions and
// the rows that run them, and gives every listed row what a lookup of
// each row would (its cliSession's share, nil for the others): ended rows
// named by a covered id, rows whose app record alone names their Claude
// Code session, and a covered id whose own row's record names another.
func TestShareJoinEveryRow(t *testing.T) {
	s, now := dayState(t, 12)
	views := s.Snapshot(now).Sessions
	ended, other := views[len(views)-1].ID, views[len(views)-2].ID
	r := *s.records.latest
	r.App = append(r.App, record.App{SessionID: other, CLISessionID: "cli-app-only"})
	r.Code = append(r.Code, record.Code{Pid: 9, HostSessionID: views[len(views)-3].ID, SessionID: ended})
	s.ApplyRecords(r)
	u := dayUsage(s, now)
	u.Sessions = append(u.Sessions, quota.SessionUsage{Session: ended, Files: 1}, quota.SessionUsage{Session: "cli-app-only"})
	s.ApplyUpdate(Update{Usage: u})
	for _, at := range []time.Time{now, now.Add(time.Second)} {
		snap := s.Snapshot(at)
		shared := 0
		for _, v := range snap.Sessions {
			want := snap.Share.Of(s.cliSession(v.ID))
			if v.QuotaShare != want {
				t.Fatalf("%s: share %v, want %v", v.ID, v.QuotaShare, want)
			}
			if want != nil {
				shared++
			}
		}
		if shared != 11 { // 8 live, the ended one, the app-only one and the one whose record runs it
			t.Errorf("%d rows with a share, want 11", shared)
		}
	}
}
