package cmd

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/sources/follow"
)

// TestNewestLineIsTheLogsOwnTime: a log whose newest line is an hour old,
// read now, says the newest line's stamp, not when it was read (issue 36
// #4: "last 14:03:46" was the read time, at start-up always now). Lines
// that are no event count too, and an older batch never moves it back.
func TestNewestLineIsTheLogsOwnTime(t *testing.T) {
	for _, zone := range []string{"UTC", "Asia/Tokyo", "America/Los_Angeles"} {
		loc, err := time.LoadLocation(zone)
		if err != nil {
			t.Skip(err)
		}
		stream := ingest.NewStream(loc)
		files := map[string]*event.FileStatus{}
		batch := func(lines ...string) event.FileStatus {
			b := follow.LineBatch{File: "/logs/main.log", Status: follow.FollowStatus{State: event.FileFollowing}}
			for _, l := range lines {
				b.Lines = append(b.Lines, []byte(l))
			}
			u := liveUpdate(stream, files, b)
			return u.Files[0]
		}
		st := batch("2026-12-06 12:59:50 [info] [CliGovernor] at cap; yielding warm spawn",
			"2026-12-06 12:59:55 [info] [ScheduledTasks] tick: nothing due")
		want := time.Date(2026, 12, 6, 12, 59, 55, 0, loc)
		if !st.NewestLine.Equal(want) {
			t.Errorf("%s: newest line %v, want %v", zone, st.NewestLine, want)
		}
		if time.Since(st.LastLineAt) > time.Minute {
			t.Errorf("%s: LastLineAt %v is no read time", zone, st.LastLineAt)
		}
		if st = batch(); !st.NewestLine.Equal(want) {
			t.Errorf("%s: a batch without lines moved the newest line to %v", zone, st.NewestLine)
		}
	}
}
