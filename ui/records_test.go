package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
)

// recordsModel is the fixture with a reading of the records: docs waits to
// approve Bash (its record written at 14:02), web-app has Remote Control on
// and a title, and a background job waits too.
func recordsModel(t *testing.T, w, h int) *Model {
	m := fixtureModel(t, w, h, false)
	r := record.Reading{At: fixedNow.Add(-5 * time.Second), Found: true,
		Code: []record.Code{{Pid: 1, HostSessionID: "local_44444444-aaaa-4bbb-8ccc-000000000004", Status: "waiting",
			WaitingFor: "approve Bash", UpdatedAt: time.Date(2026, 9, 30, 14, 2, 0, 0, time.UTC)}},
		App: []record.App{
			{SessionID: "local_44444444-aaaa-4bbb-8ccc-000000000004", Title: "Docs: release notes"},
			{SessionID: "local_22222222-aaaa-4bbb-8ccc-000000000002", Title: "Web app", RemoteControl: record.ToggleOn},
		},
		Background: []record.Background{{ID: "j1", Name: "nightly", State: "blocked", WaitingFor: "permission prompt"}},
	}
	m.Update(UpdatesMsg{governor.Update{Records: &r}})
	return m
}

func TestNeedsYouColumnAndCount(t *testing.T) {
	m := recordsModel(t, 120, 40)
	out := frame(m)
	for _, want := range []string{"needs you 2 · ", "NEEDS YOU", "Docs: release", "Bash · 8m", "Web app", "(rc)", "nightly", "bg: blocked", "permission"} {
		if !strings.Contains(out, want) {
			t.Errorf("the screen lacks %q:\n%s", want, out)
		}
	}
	// The details: the title and its source, the folder, the wait and its source.
	press(m, "/", "D", "o", "c", "s", "enter", "enter")
	out = frame(m)
	for _, want := range []string{"title Docs: release notes (from the app's session record)", "/Users/u/projects/docs",
		"needs you: approve Bash · 8m (since 14:02:00, its Claude Code session record)"} {
		if !strings.Contains(out, want) {
			t.Errorf("the details lack %q:\n%s", want, out)
		}
	}
}

// Without records (replay, saved logs) the pane is as it was: no column,
// no count, the folder's name.
func TestNoRecordsNoColumn(t *testing.T) {
	out := frame(fixtureModel(t, 120, 40, false))
	for _, bad := range []string{"NEEDS YOU", "needs you"} {
		if strings.Contains(out, bad) {
			t.Errorf("without records the screen shows %q", bad)
		}
	}
}

// A session lost while its record said it waited: the Evictions pane says so.
func TestLossWhileWaitingShown(t *testing.T) {
	m := recordsModel(t, 120, 40)
	evs := parseLog(t, "main.log", "2026-09-30 14:09:58 [info] [CliGovernor] at cap=6; evicting local_44444444-aaaa-4bbb-8ccc-000000000004 (idle 580s) for warm spawn\n")
	m.Update(UpdatesMsg{governor.Update{Events: evs}})
	press(m, "tab", "tab", "z")
	if out := frame(m); !strings.Contains(out, "was waiting for you: approve Bash") {
		t.Errorf("the loss does not say it was waiting:\n%s", out)
	}
}

// The title line's count: "?" when no record folder was found, or one
// could not be listed and none is seen waiting; a least ("1+") when one
// could not be listed and some wait (issue 41, F6).
func TestNeedsYouHeaderUnknownWhenAFolderCannotBeRead(t *testing.T) {
	for _, c := range []struct {
		rec  *governor.RecordsView
		n    int
		want string
	}{
		{nil, 0, ""},
		{&governor.RecordsView{}, 0, "needs you ?"},
		{&governor.RecordsView{Available: true}, 0, "needs you 0"},
		{&governor.RecordsView{Available: true, Unreadable: []string{"sessions"}}, 0, "needs you ?"},
		{&governor.RecordsView{Available: true, Unreadable: []string{"sessions"}}, 1, "needs you 1+"},
		{&governor.RecordsView{Available: true}, 2, "needs you 2"},
	} {
		if got, _ := needsYouHeader(governor.Snapshot{Records: c.rec, NeedsYou: c.n}); got != c.want {
			t.Errorf("%+v, %d waiting: %q, want %q", c.rec, c.n, got, c.want)
		}
	}
}
