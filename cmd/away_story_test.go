package cmd

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
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
		"billing-api (a4b5c6d7)    stopped by an update restart  back 13:44:50  its turn was cut after 22m21s",
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

// events: every line of the story read, each session named by its folder,
// the cut turn there as billing-api's cycle, the stealth update with its
// idle reason.
func TestAwayStoryEvents(t *testing.T) {
	checkKinds(t, eventKinds(t, awayStory), map[string]int{
		"app.start": 2, "session.start": 6, "session.focus": 13, "session.remote_control": 2, "app.remote_control": 5,
		"session.turn_end": 15, "session.idle_timer": 19, "session.idle_timeout": 6, "session.pause_skipped": 3,
		"session.pause": 3, "session.query_done": 3, "memory.sample": 3, "session.resume": 1, "app.update_ready": 1,
		"app.update_restart": 2, "session.stop_all": 1, "session.cycle_health": 1, "session.pty_kill": 1, "app.quit": 1,
		"app.updated": 1, "app.restart_marker": 1, "app.relaunch": 1, "app.relaunch_resume": 1, "session.warming": 6,
	})
	out, _, _ := runCLI(t, "events", awayStory)
	for _, want := range []string{
		`"kind":"app.update_restart","level":"info","reason":"idle_timeout"`,
		`"kind":"session.cycle_health","level":"warn","session":"local_a4b5c6d7-e8f9-4a0b-9c1d-2e3f4a5b6c7d","name":"billing-api","reason":"app_quit"`,
		`"kind":"session.pause","level":"info","session":"local_7f3a9c21-5b8e-4d2a-9c41-1e2f3a4b5c6d","name":"terraform","reason":"idle_timeout"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("events lack %s", want)
		}
	}
}

// snapshot --json just after the relaunch (the story's first 99 lines,
// moved so that the last was written a minute ago): the restart audit,
// the two sessions whose Remote Control it left off as risks with their
// countdown, nothing lost.
func TestAwayStorySnapshot(t *testing.T) {
	dir, shift := firstLines(t, filepath.Join(awayStory, "main.log"), 99)
	s := snapshotOf(t, dir)
	r := s.Restart
	if r == nil || r.Stopped != 6 || r.Back != 6 || r.LostRC != 2 || r.CutTurns != 1 || r.Path.String() != "idle" || r.To != "2.2553.1" {
		t.Fatalf("restart: %+v", r)
	}
	due := time.Date(2026, 12, 4, 13, 59, 55, 0, time.Local).Add(shift).Format("15:04")
	n := 0
	for _, k := range s.Risks {
		if k.Kind == governor.RiskRemoteControlLost {
			n++
			if !strings.Contains(k.Summary, "the idle timer pauses it at "+due) || !k.Backed {
				t.Errorf("risk: %+v", k)
			}
		}
	}
	if n != 2 || s.LostCount() != 0 || s.Live != 6 || s.Update != nil {
		t.Errorf("%d remote_control_lost risks, %d lost, %d live, update %+v; want 2, 0, 6, none", n, s.LostCount(), s.Live, s.Update)
	}
	text, _, _ := runCLI(t, "snapshot", dir)
	if !strings.Contains(text, "to 2.2553.1 (after the app sat idle): 6 sessions stopped; 6 of 6 came back; turn cut: billing-api; Remote Control not turned back on: data-pipeline and terraform") {
		t.Errorf("snapshot's text lacks the restart:\n%s", text)
	}
	// Before the restart (the first 66 lines: the download at 13:20:07 and
	// what followed it): the warning.
	dir, _ = firstLines(t, filepath.Join(awayStory, "main.log"), 66)
	u := snapshotOf(t, dir).Update
	if u == nil || u.Version != "2.2553.1" || len(u.Sessions) != 6 || len(u.RemoteControl) != 2 || u.WindowTo.IsZero() ||
		!strings.Contains(u.When, "estimated by coworktop from the download at") {
		t.Errorf("update: %+v", u)
	}
}

// report --redact names none of the story's folders, in the restart's
// section and verdict too.
func TestAwayStoryRedacted(t *testing.T) {
	for _, args := range [][]string{{"report", "--redact", awayStory}, {"report", "--redact", "--json", awayStory}} {
		out, _, code := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d", args, code)
		}
		for _, name := range []string{"terraform", "data-pipeline", "billing-api", "web-frontend", "docs-site", "mobile-app"} {
			if strings.Contains(out, name) {
				t.Errorf("%v names %s:\n%s", args, name, out)
			}
		}
		if !strings.Contains(out, "had a turn cut") {
			t.Errorf("%v lost the restart's verdict:\n%s", args, out)
		}
	}
}
