package cmd

import (
	"path/filepath"
	"strings"
	"testing"
)

// The idle update story of issue 35 (testdata/logs/update-idle, a macOS
// day written from the public line shapes of claude-logs.md §7.8): six
// sessions, terraform and data-pipeline with Remote Control; the update
// downloaded at 13:20:07; "[stealth-update] Triggering stealth update
// after idle timeout" and "[CCD] Stopping 6 active session(s) on quit" at
// 13:44:31, billing-api's turn cut (an app_quit cycle); all six warmed
// back at 13:44:50; no "Enabling remote control" after; the two former
// Remote Control sessions paused by their idle timer at 13:59:55.
var awayStory = filepath.Join(testdataDir, "logs", "update-idle")

func TestAwayStoryReport(t *testing.T) {
	r := reportJSON(t, awayStory)
	a := r.App
	checkCounts(t, map[string][2]int{
		"app.update_restarts": {a.UpdateRestarts, 1},
		"app.lost_to_update":  {a.LostToUpdate, 6}, // "Stopping 6": the app_quit cycle is billing-api's stop, not a seventh
		"lost":                {r.Lost, 2},         // terraform and data-pipeline, paused 13:59:55, not back
		"came_back":           {r.CameBack, 7},     // the six stopped (warmed 13:44:50) and docs-site's 09:42 pause (resumed 11:40)
		"lost_now.idle":       {r.LostNow["idle_timeout"], 2},
		"lost_now.update":     {r.LostNow["update_restart"], 0},
		"restarts":            {len(r.Restarts), 1},
	})
	if len(r.Restarts) == 1 {
		v := r.Restarts[0]
		if v.Stopped != 6 || !v.StoppedLogged || v.Back != 6 || v.NotBack != 0 || v.CutTurns != 1 || v.LostRC != 2 {
			t.Errorf("restart: %+v", v)
		}
	}
	for _, l := range r.Losses {
		if l.Session != "" && l.Name == "" {
			t.Errorf("loss of %s has no name", l.Session)
		}
	}
	text := reportText(t, awayStory)
	for _, want := range []string{
		"1 update restart (6 sessions stopped)",
		"lost sessions (2 not back; 7 more came back since)",
		"terraform (7f3a9c21)      idle timeout                  not back",
		"billing-api (a4b5c6d7)    back 13:44:50 (warmed)  its turn was cut after 22m21s",
		"data-pipeline (2c8d4e6f)  back 13:44:50 (warmed)  Remote Control not turned back on: idle-paused 13:59:55 (main.log:111)",
		"the app restarted itself at 13:44 to install 2.2553.1 after the app sat idle, 6 sessions stopped: all 6 came back, billing-api had a turn cut, data-pipeline and terraform lost Remote Control and were idle-paused at 13:59",
		"Remote Control vetoed 3 idle pauses until the 13:44 update restart turned it off for 2 sessions",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	for _, bad := range []string{"7 sessions stopped", "never reaped", "0 sessions stopped"} {
		if strings.Contains(text, bad) {
			t.Errorf("report says %q:\n%s", bad, text)
		}
	}
}
