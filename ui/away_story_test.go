package ui

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// storyEvents are the idle update story's events (testdata/logs/update-idle)
// written up to until.
func storyEvents(t *testing.T, until time.Time) []event.Event {
	t.Helper()
	b, err := os.ReadFile("../testdata/logs/update-idle/main.log")
	if err != nil {
		t.Fatal(err)
	}
	var out []event.Event
	for _, e := range parseLog(t, "main.log", string(b)) {
		if !e.Time.After(until) {
			out = append(out, e)
		}
	}
	return out
}

func storyClock(hms string) time.Time {
	t, _ := time.Parse(time.DateTime, "2026-12-04 "+hms)
	return t
}

var ansiSeq = regexp.MustCompile("\x1b\\[[0-9;:?]*[A-Za-z]")

// storyScreen is the screen at size, the story read up to at, as text.
func storyScreen(t *testing.T, w, h int, at string) string {
	t.Helper()
	now := storyClock(at)
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return now }, Version: "test"})
	m.Update(sizeMsg(w, h))
	m.Update(UpdatesMsg{governor.Update{Events: storyEvents(t, now)}})
	return ansiSeq.ReplaceAllString(frame(m), "")
}

// rowOf is the screen's first line that holds name, "" when none does.
func rowOf(screen, name string) string {
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, name) {
			return l
		}
	}
	return ""
}

// The idle update story of issue 35 on the screen, at 120x40 and 80x24:
// the warning at the download; after the relaunch what the restart did,
// the two sessions whose Remote Control it left off with their idle
// countdown, the focused session without one, nothing lost; after their
// pause, two lost with the reason, and a timer that passed with no pause
// shown as none, never "due".
func TestAwayStoryOnScreen(t *testing.T) {
	type check struct {
		at        string
		want, not []string
	}
	checks := map[[2]int][]check{
		{120, 40}: {
			{"13:20:09", []string{"AT RISK    6 sessions update 2.2553.1: restart stops them", "terraform +idle (rc) +09:01 +1h09m update restart"},
				[]string{"pending 0s", "pending since"}},
			{"13:50:00", []string{"13:44 the app updated itself to 2.2553.1 after the app sat idle: stopped 6 (all back), Remote Control off on 2",
				"data-pipeline +idle +09:06 +5m10s paused 13:59 · RC off", "terraform +idle +09:01 +5m10s paused 13:59 · RC off",
				"Evictions · 0 lost", "Sessions · 6 live"},
				[]string{"due", "(rc)", "AT RISK"}},
			{"14:10:00", []string{"Evictions · 2 lost", "Sessions · 4 live", "13:59:55 IDLE PAUSE terraform     RC left off by the 13:44 update", "data-pipeline +paused: idle"},
				[]string{"due", "AT RISK", "RC off"}},
		},
		{80, 24}: {
			{"13:20:09", []string{"AT RISK    6 sessions", "update restart"}, []string{"pending 0s"}},
			{"13:50:00", []string{"13:44 app updated to 2.2553.1: stopped 6 (all back), Remote Control off on 2",
				"data-pipeline +idle +09:06 +5m10s paused 13:59 · RC off", "terraform +idle +09:01 +5m10s paused 13:59 · RC off",
				"Evictions · 0 lost"}, []string{"due", "AT RISK"}},
			{"14:10:00", []string{"Evictions · 2 lost", "Sessions · 4 live", "13:59:55 IDLE PAUSE terraform     RC left off by the 13:44 update"}, []string{"due"}},
		},
	}
	for size, list := range checks {
		for _, c := range list {
			screen := storyScreen(t, size[0], size[1], c.at)
			for _, w := range c.want { // spaced as the columns fall: " +" is one or more
				if !spaced(w).MatchString(screen) {
					t.Errorf("%dx%d at %s: the screen lacks %q:\n%s", size[0], size[1], c.at, w, screen)
				}
			}
			for _, n := range c.not {
				if strings.Contains(screen, n) {
					t.Errorf("%dx%d at %s: the screen shows %q:\n%s", size[0], size[1], c.at, n, screen)
				}
			}
		}
	}
	// The focused session's row ends at its idle time: no countdown runs
	// (the app arms it only while a session is hidden).
	if row := rowOf(storyScreen(t, 120, 40, "13:50:00"), "│ web-frontend"); !regexp.MustCompile(`│ web-frontend +idle +09:18 +5m08s +│`).MatchString(row) {
		t.Errorf("the focused session's row: %q", row)
	}
	// billing-api's timer passed at 14:08:02 with no pause: none shown,
	// never "due"; docs-site's still runs.
	screen := storyScreen(t, 120, 40, "14:10:00")
	if row := rowOf(screen, "│ billing-api "); !regexp.MustCompile(`billing-api +idle +09:12 +18m40s +│`).MatchString(row) {
		t.Errorf("billing-api's row: %q", row)
	}
	if row := rowOf(screen, ">docs-site "); !regexp.MustCompile(`>docs-site +idle +09:24 +16m58s +paused in 40s +│`).MatchString(row) {
		t.Errorf("docs-site's row: %q", row)
	}
}

// The details of terraform after its pause: its pause says why, and its
// history names it, not its id.
func TestAwayStoryDetails(t *testing.T) {
	now := storyClock("14:10:00")
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return now }, Version: "test"})
	m.Update(sizeMsg(120, 40))
	m.Update(UpdatesMsg{governor.Update{Events: storyEvents(t, now)}})
	m.details = "local_7f3a9c21-5b8e-4d2a-9c41-1e2f3a4b5c6d"
	m.dirty = true
	out := ansiSeq.ReplaceAllString(frame(m), "")
	for _, want := range []string{"session local_7f3a9c21-5b8e-4d2a-9c41-1e2f3a4b5c6d",
		"paused (idle_timeout): Remote Control was not turned back on after the 13:44 update",
		"session terraform paused (idle_timeout): Remote Control was not turned back on after the 13:44 update"} {
		if !strings.Contains(out, want) {
			t.Errorf("the details lack %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "session 7f3a9c21 ") {
		t.Errorf("the history names terraform by its id:\n%s", out)
	}
}

// spaced is want as a pattern: " +" stands for one or more spaces (the
// columns' widths move with the screen), the rest is literal.
func spaced(want string) *regexp.Regexp {
	parts := strings.Split(want, " +")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile(strings.Join(parts, " +"))
}
