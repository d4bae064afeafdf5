package governor_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/words"
)

// The idle update story (testdata/logs/update-idle, a macOS day written
// from the public line shapes of claude-logs.md §7.8): six sessions, two
// with Remote Control; the update downloaded at 13:20:07, the stealth
// restart at 13:44:31, every session warmed back at 13:44:50, the two
// former Remote Control sessions paused by their idle timer at 13:59:55.
const (
	storyTerraform = "local_7f3a9c21-5b8e-4d2a-9c41-1e2f3a4b5c6d"
	storyPipeline  = "local_2c8d4e6f-7a9b-4c1d-8e2f-3a4b5c6d7e8f"
	storyBilling   = "local_a4b5c6d7-e8f9-4a0b-9c1d-2e3f4a5b6c7d"
	storyFrontend  = "local_c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f"
	storyDocs      = "local_e5f6a7b8-c9d0-4e1f-a2b3-c4d5e6f7a8b9"
	storyMobile    = "local_9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
)

// storyUntil folds the story's lines written up to until (inclusive).
func storyUntil(t *testing.T, until string) *governor.State {
	t.Helper()
	b, err := os.ReadFile("../testdata/logs/update-idle/main.log")
	if err != nil {
		t.Fatal(err)
	}
	s := governor.New(governor.DefaultLimits())
	end := time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC)
	if until != "" {
		hm, err := time.Parse("15:04:05", until)
		if err != nil {
			t.Fatal(err)
		}
		end = end.Add(time.Duration(hm.Hour())*time.Hour + time.Duration(hm.Minute())*time.Minute + time.Duration(hm.Second())*time.Second)
	} else {
		end = end.Add(48 * time.Hour)
	}
	if _, err := ingest.ReadEach(strings.NewReader(string(b)), "main.log", time.UTC, func(e *event.Event) {
		if !e.Time.After(end) {
			s.ApplyEvent(e)
		}
	}); err != nil {
		t.Fatal(err)
	}
	return s
}

func storyAt(hms string) time.Time {
	t, _ := time.Parse(time.DateTime, "2026-12-04 "+hms)
	return t
}

func TestRestartAuditOfTheIdleUpdate(t *testing.T) {
	s := storyUntil(t, "13:50:00")
	snap := s.Snapshot(storyAt("13:50:00"))
	r := snap.Restart
	if r == nil {
		t.Fatal("no restart audit after the 13:44 update")
	}
	if r.Path != governor.RestartPathIdle || r.From != "2.2553.0" || r.To != "2.2553.1" || !r.StoppedLogged || r.Stopped != 6 ||
		len(r.Sessions) != 6 || r.Back != 6 || r.NotBack != 0 || r.CutTurns != 1 || r.LostRC != 2 || r.Warmed != 6 {
		t.Errorf("audit: %+v", *r)
	}
	for _, rs := range r.Sessions {
		wantRC := rs.ID == storyTerraform || rs.ID == storyPipeline
		if rs.RemoteControlBefore != wantRC || rs.RemoteControlLost != wantRC || rs.RemoteControlAfter {
			t.Errorf("%s: Remote Control before %v, after %v, lost %v", rs.Name, rs.RemoteControlBefore, rs.RemoteControlAfter, rs.RemoteControlLost)
		}
		if rs.TurnCut != (rs.ID == storyBilling) || rs.TurnCut && rs.TurnS != 1341 {
			t.Errorf("%s: turn cut %v (%d s)", rs.Name, rs.TurnCut, rs.TurnS)
		}
		if rs.BackBy != "warmed" || !rs.BackAt.Equal(storyAt("13:44:50")) {
			t.Errorf("%s: back %s by %q", rs.Name, rs.BackAt, rs.BackBy)
		}
		if wantRC && !rs.PauseDueAt.Equal(storyAt("13:59:55")) {
			t.Errorf("%s: pause due %s, want 13:59:55", rs.Name, rs.PauseDueAt)
		}
	}
	for _, want := range []string{"update restart at 13:44 to 2.2553.1 (after the app sat idle): 6 sessions stopped",
		"6 of 6 came back", "turn cut: billing-api", "Remote Control not turned back on: data-pipeline and terraform"} {
		if !strings.Contains(words.RestartSummary(r), want) {
			t.Errorf("summary lacks %q: %s", want, words.RestartSummary(r))
		}
	}
	// The two former RC sessions carry the risk, with the idle countdown.
	var rc []string
	for _, k := range snap.Risks {
		if k.Kind == governor.RiskRemoteControlLost {
			rc = append(rc, words.RiskSummary(k))
		}
	}
	want := []string{
		"data-pipeline: Remote Control was not turned back on after the 13:44 update: the idle timer pauses it at 13:59 (in 9m55s)",
		"terraform: Remote Control was not turned back on after the 13:44 update: the idle timer pauses it at 13:59 (in 9m55s)",
	}
	if strings.Join(rc, "\n") != strings.Join(want, "\n") {
		t.Errorf("risks:\n%s\nwant\n%s", strings.Join(rc, "\n"), strings.Join(want, "\n"))
	}
	// Every stopped session came back: nothing is lost now but the history.
	if snap.LostCount() != 0 || governor.LossTotal(snap.LossCounts) != 7 {
		t.Errorf("lost %d of %d; want 0 of 7 (the docs-site idle pause and six stops, all back)", snap.LostCount(), governor.LossTotal(snap.LossCounts))
	}
	if snap.Counts.LostToUpdate != 6 {
		t.Errorf("lost to the update %d, want 6 (the app_quit cycle is billing-api's stop, not a seventh)", snap.Counts.LostToUpdate)
	}
}

func TestRestartAuditAfterThePauses(t *testing.T) {
	s := storyUntil(t, "")
	now := storyAt("14:10:00")
	snap := s.Snapshot(now)
	r := snap.Restart
	if r == nil || r.LostRC != 2 {
		t.Fatalf("audit: %+v", r)
	}
	for _, rs := range r.Sessions {
		if rs.RemoteControlLost && (!rs.PausedAt.Equal(storyAt("13:59:55")) || rs.Evidence == "") {
			t.Errorf("%s: paused %s (%s)", rs.Name, rs.PausedAt, rs.Evidence)
		}
	}
	if !strings.Contains(words.RestartSummary(r), "(idle-paused: data-pipeline 13:59, terraform 13:59)") {
		t.Errorf("summary: %s", words.RestartSummary(r))
	}
	for _, k := range snap.Risks {
		if k.Kind == governor.RiskRemoteControlLost {
			t.Errorf("a risk outlives the pause it warned of: %s", words.RiskSummary(k))
		}
	}
	if snap.LostCount() != 2 || snap.Live != 4 {
		t.Errorf("lost %d, live %d; want 2 lost (the paused RC sessions), 4 live", snap.LostCount(), snap.Live)
	}
	why := "Remote Control was not turned back on after the 13:44 update"
	for _, v := range snap.Sessions {
		rc := v.ID == storyTerraform || v.ID == storyPipeline
		if rc != (v.PauseWhy == why) {
			t.Errorf("%s: pause why %q", v.Project, v.PauseWhy)
		}
		// A focused session has no running idle timer; one whose timer
		// passed with no pause has none either (never "due" for ever).
		switch v.ID {
		case storyFrontend:
			if v.TimerTimeout != 0 {
				t.Errorf("the focused session has a running timer: %s left", v.TimerRemaining)
			}
		case storyBilling: // armed 13:53:02, passed 14:08:02, no pause logged
			if v.TimerTimeout != 0 || v.TimerRemaining != 0 {
				t.Errorf("billing-api's passed timer still runs: %s", v.TimerRemaining)
			}
		case storyDocs: // armed 13:55:40
			if v.TimerRemaining != 40*time.Second {
				t.Errorf("docs-site timer %s, want 40s", v.TimerRemaining)
			}
		case storyMobile: // armed 13:58:10
			if v.TimerRemaining != 3*time.Minute+10*time.Second {
				t.Errorf("mobile-app timer %s, want 3m10s", v.TimerRemaining)
			}
		}
	}
	for _, l := range snap.Losses {
		if l.Cause == governor.LossIdleTimeout && l.Time.Equal(storyAt("13:59:55")) && !strings.Contains(words.LossDetailText(l), why) {
			t.Errorf("the pause's loss does not say why: %q", words.LossDetailText(l))
		}
	}
}

// The warning two seconds after "Update downloaded": the version, when
// the app installs it (the idle rule, and the window public reports give,
// as coworktop's estimate from the download's time), the six sessions its
// restart stops and the two of them with Remote Control. No "pending 0s",
// no estimate without its basis.
func TestUpdateWarningAtTheDownload(t *testing.T) {
	s := storyUntil(t, "13:20:07")
	snap := s.Snapshot(storyAt("13:20:09"))
	u := snap.Update
	if u == nil {
		t.Fatal("no warning after the download")
	}
	if u.Version != "2.2553.1" || len(u.Sessions) != 6 || len(u.RemoteControl) != 2 ||
		!u.WindowFrom.Equal(storyAt("13:30:07")) || !u.WindowTo.Equal(storyAt("13:55:07")) {
		t.Errorf("update: %+v", *u)
	}
	for _, want := range []string{
		"update 2.2553.1 downloaded 13:20, waiting to install",
		"its restart will stop 6 live session(s)",
		"2 of them with Remote Control, which the relaunch does not turn back on: ",
	} {
		if !strings.Contains(words.UpdateSummary(u), want) {
			t.Errorf("summary lacks %q: %s", want, words.UpdateSummary(u))
		}
	}
	if !strings.Contains(words.UpdateSummary(u), "terraform") || !strings.Contains(words.UpdateSummary(u), "data-pipeline") {
		t.Errorf("summary does not name the Remote Control sessions: %s", words.UpdateSummary(u))
	}
	wantWhen := governor.UpdateWhenText + ", about 13:30 to 13:55 (estimated by coworktop from the download at 13:20)"
	if words.UpdateWhen(u) != wantWhen {
		t.Errorf("when %q\nwant %q", words.UpdateWhen(u), wantWhen)
	}
	if strings.Contains(words.UpdateSummary(u), "pending") || strings.Contains(words.UpdateSummary(u), "0s") {
		t.Errorf("summary says a pending time of nothing: %s", words.UpdateSummary(u))
	}
	var risk *governor.Risk
	for i := range snap.Risks {
		if snap.Risks[i].Kind == governor.RiskUpdateRestart {
			risk = &snap.Risks[i]
		}
	}
	if risk == nil || !strings.HasSuffix(words.RiskSummary(*risk), words.UpdateWhen(u)) || len(risk.Sessions) != 6 {
		t.Errorf("risk: %+v", risk)
	}
	// Past the window: "any time now", still from the download's time.
	s = storyUntil(t, "13:33:02")
	s.Apply(event.Event{Time: storyAt("13:56:00"), File: "main.log", Kind: event.KindHeartbeat}) // the app still writes
	late := s.Snapshot(storyAt("13:58:00")).Update
	if late == nil || !strings.Contains(words.UpdateWhen(late), "so any time now (estimated by coworktop from the download at 13:20)") {
		t.Errorf("after the window: %+v", late)
	}
	// The restart came: no warning after it.
	if after := storyUntil(t, "13:50:00").Snapshot(storyAt("13:50:00")); after.Update != nil {
		t.Errorf("a warning outlives the restart: %+v", after.Update)
	}
}

// A restart after which one session does not come back and one gets its
// Remote Control back: the audit says which, the one not back stays lost,
// the one whose Remote Control came back carries no risk.
func TestRestartAuditNotBackAndRCBack(t *testing.T) {
	t0 := storyAt("10:00:00")
	sec := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Second) }
	s := governor.New(governor.DefaultLimits())
	for _, e := range []event.Event{
		{Time: sec(0), Kind: event.KindSessionStart, Session: "local_aaaaaaaa-1", Cwd: "/p/alpha"},
		{Time: sec(1), Kind: event.KindSessionStart, Session: "local_bbbbbbbb-2", Cwd: "/p/beta"},
		{Time: sec(2), Kind: event.KindSessionStart, Session: "local_cccccccc-3", Cwd: "/p/gamma"},
		{Time: sec(3), Kind: event.KindRemoteControl, Session: "local_bbbbbbbb-2"},
		{Time: sec(4), Kind: event.KindRemoteControl, Session: "local_cccccccc-3"},
		{Time: sec(600), Kind: event.KindUpdateRestart, Reason: event.ReasonIdleTimeout},
		{Time: sec(620), Kind: event.KindAppUpdated, Detail: &event.EventDetail{From: "2.1", To: "2.2"}},
		{Time: sec(622), Kind: event.KindRelaunch},
		{Time: sec(625), Kind: event.KindWarming, Session: "local_aaaaaaaa-1"},
		{Time: sec(626), Kind: event.KindWarming, Session: "local_bbbbbbbb-2"},
		{Time: sec(630), Kind: event.KindRemoteControl, Session: "local_bbbbbbbb-2"},
		{Time: sec(631), Kind: event.KindIdleTimer, Session: "local_aaaaaaaa-1", TimeoutS: 900},
	} {
		s.Apply(e)
	}
	snap := s.Snapshot(sec(700))
	r := snap.Restart
	if r == nil || len(r.Sessions) != 3 || r.Back != 2 || r.NotBack != 1 || r.LostRC != 0 || r.StoppedLogged {
		t.Fatalf("audit: %+v", r)
	}
	for _, want := range []string{"3 sessions stopped, counted by coworktop", "2 of 3 came back, not back: gamma"} {
		if !strings.Contains(words.RestartSummary(r), want) {
			t.Errorf("summary lacks %q: %s", want, words.RestartSummary(r))
		}
	}
	if got := words.RestartSentence(r); !strings.Contains(got, "2 of 3 came back (not back: gamma)") {
		t.Errorf("sentence: %s", got)
	}
	for _, k := range snap.Risks {
		if k.Kind == governor.RiskRemoteControlLost {
			t.Errorf("a risk for a session whose Remote Control came back, or that is not back: %s", words.RiskSummary(k))
		}
	}
	if snap.LostCount() != 1 {
		t.Errorf("lost %d, want 1 (gamma, not back)", snap.LostCount())
	}
}

// With no timer line after the relaunch, the countdown is coworktop's
// estimate, said as such and not sent as a notification.
func TestRCLostCountdownEstimated(t *testing.T) {
	t0 := storyAt("10:00:00")
	sec := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Second) }
	s := governor.New(governor.DefaultLimits())
	for _, e := range []event.Event{
		{Time: sec(0), Kind: event.KindSessionStart, Session: "local_bbbbbbbb-2", Cwd: "/p/beta"},
		{Time: sec(3), Kind: event.KindRemoteControl, Session: "local_bbbbbbbb-2"},
		{Time: sec(600), Kind: event.KindUpdateRestart, Reason: event.ReasonIdleTimeout},
		{Time: sec(620), Kind: event.KindRelaunch},
		{Time: sec(625), Kind: event.KindWarming, Session: "local_bbbbbbbb-2"},
	} {
		s.Apply(e)
	}
	snap := s.Snapshot(sec(700))
	var got []governor.Risk
	for _, k := range snap.Risks {
		if k.Kind == governor.RiskRemoteControlLost {
			got = append(got, k)
		}
	}
	want := "beta: Remote Control was not turned back on after the 10:10 update: if it stays hidden, its idle timer pauses it about 10:25 (estimated by coworktop: 15 minutes after it came back at 10:10)"
	if len(got) != 1 || words.RiskSummary(got[0]) != want || got[0].Backed {
		t.Errorf("risk: %+v\nwant %q, not backed", got, want)
	}
}
