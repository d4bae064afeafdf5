package words

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/ingest"
)

func happenedState(t *testing.T, path string) *governor.State {
	t.Helper()
	return happenedStateIn(t, path, time.UTC)
}

func happenedStateIn(t *testing.T, path string, loc *time.Location) *governor.State {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := governor.New(governor.DefaultLimits())
	if _, err := ingest.ReadEach(f, "main.log", loc, func(e *event.Event) { s.ApplyEvent(e) }); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestJustHappenedInEveryZone: the line gives the log's own clock, and
// the hour is counted the same, wherever the machine is.
func TestJustHappenedInEveryZone(t *testing.T) {
	for _, zone := range []string{"UTC", "Asia/Tokyo", "America/Los_Angeles", "Europe/Paris"} {
		loc, err := time.LoadLocation(zone)
		if err != nil {
			t.Skip(err)
		}
		s := happenedStateIn(t, "../testdata/logs/update-idle/main.log", loc)
		snap := s.Snapshot(time.Date(2026, 12, 4, 14, 10, 0, 0, loc))
		h := JustHappened(&snap)
		if h == nil || !strings.HasPrefix(h.Text(), "13:44 the app updated itself to 2.2553.1") {
			t.Errorf("%s: %+v", zone, h)
		}
		later := s.Snapshot(time.Date(2026, 12, 4, 14, 45, 0, 0, loc))
		if h := JustHappened(&later); h != nil {
			t.Errorf("%s: an hour on, still %q", zone, h.Text())
		}
	}
}

// TestJustHappenedUpdateRestart: ten minutes after the idle update restart
// of the away story, what just happened is that restart, with its version,
// its path, the six it stopped (all back) and the two that lost Remote
// Control, named, and the time they were idle-paused; an hour and a
// minute later nothing "just happened" (issue 36 #1).
func TestJustHappenedUpdateRestart(t *testing.T) {
	s := happenedState(t, "../testdata/logs/update-idle/main.log")
	snap := s.Snapshot(time.Date(2026, 12, 4, 14, 10, 0, 0, time.UTC))
	h := JustHappened(&snap)
	if h == nil || h.Kind != happenedUpdateRestart {
		t.Fatalf("just happened: %+v", h)
	}
	for _, want := range []string{"13:44 the app updated itself to 2.2553.1", "stopped 6 (all back)",
		"Remote Control off on 2: data-pipeline, terraform (idle-paused at 13:59)", "turn cut: billing-api"} {
		if !strings.Contains(h.Text(), want) {
			t.Errorf("the line %q lacks %q", h.Text(), want)
		}
	}
	if last := h.Forms[len(h.Forms)-1]; strings.Contains(last, "terraform") || !strings.Contains(last, "Remote Control off on 2") {
		t.Errorf("the short form %q", last)
	}
	if len(h.Sessions) != 3 {
		t.Errorf("it names %d sessions, want the two that lost Remote Control and the one whose turn was cut: %v", len(h.Sessions), h.Sessions)
	}
	details := strings.Join(h.Details, "\n")
	for _, want := range []string{"terraform: back (warmed 13:44:50), Remote Control on before, not turned back on, idle-paused 13:59:55 (main.log:", "main.log:"} {
		if !strings.Contains(details, want) {
			t.Errorf("the details lack %q:\n%s", want, details)
		}
	}
	later := s.Snapshot(time.Date(2026, 12, 4, 14, 45, 0, 0, time.UTC))
	if h := JustHappened(&later); h != nil {
		t.Errorf("an hour and a minute on, still just happened: %q", h.Text())
	}
}

// TestJustHappenedLosses: a pressure sweep is told as one, with its
// sessions; two evictions at the cap within ten minutes are a burst, one
// is not; a crash names its session.
func TestJustHappenedLosses(t *testing.T) {
	const head = "2026-09-30 14:00:00 [info] Starting app {\n  appVersion: '2.9939.4',\n  isPackaged: true,\n  platform: 'darwin',\n  arch: 'arm64'\n}\n"
	start := func(id, p string) string {
		return "2026-09-30 14:00:05 [info] Starting local session local_" + id + "-aaaa-4bbb-8ccc-000000000001 in /Users/u/" + p + "\n"
	}
	sessions := start("11111111", "billing") + start("22222222", "web") + start("33333333", "infra")
	for _, c := range []struct {
		name, log string
		kind      happeningKind
		want      string
	}{
		{"sweep", sessions + "2026-09-30 14:08:00 [info] [CliGovernor] pressure evicting local_33333333-aaaa-4bbb-8ccc-000000000001 (idle 465s)\n" +
			"2026-09-30 14:08:01 [info] [CliGovernor] pressure evicting local_22222222-aaaa-4bbb-8ccc-000000000001 (idle 400s)\n",
			happenedPressureSweep, "14:08 a memory-pressure sweep evicted 2 idle sessions: infra, web"},
		{"burst", sessions + "2026-09-30 14:02:00 [info] [CliGovernor] at cap=6; evicting local_11111111-aaaa-4bbb-8ccc-000000000001 (idle 295s) for warm spawn\n" +
			"2026-09-30 14:06:00 [info] [CliGovernor] at cap=6; evicting local_22222222-aaaa-4bbb-8ccc-000000000001 (idle 295s) for warm spawn\n",
			happenedEvictions, "14:06 the governor evicted 2 sessions at the cap in 4m00s: billing, web"},
		{"app start with no quit", sessions + "2026-09-30 14:03:00 [info] [Stop hook] Query completed for session local_22222222-aaaa-4bbb-8ccc-000000000001\n" +
			strings.ReplaceAll(head, "14:00:00", "14:07:00"),
			happenedAppRestart, "14:07 the app started again with no quit logged (a crash or a kill, inferred by coworktop): 3 sessions disconnected: web, billing, infra"},
		{"crash", sessions + "2026-09-30 14:09:00 [error] Session local_22222222-aaaa-4bbb-8ccc-000000000001 query error: Claude Code process terminated by signal SIGKILL\n",
			happenedCrashes, "14:09 a session crashed (its process was killed or exited): web"},
		{"one eviction", sessions + "2026-09-30 14:02:00 [info] [CliGovernor] at cap=6; evicting local_11111111-aaaa-4bbb-8ccc-000000000001 (idle 295s) for warm spawn\n",
			"", ""},
	} {
		s := governor.New(governor.DefaultLimits())
		if _, err := ingest.ReadEach(strings.NewReader(head+c.log), "main.log", time.UTC, func(e *event.Event) { s.ApplyEvent(e) }); err != nil {
			t.Fatal(err)
		}
		snap := s.Snapshot(time.Date(2026, 9, 30, 14, 10, 0, 0, time.UTC))
		h := JustHappened(&snap)
		switch {
		case c.kind == "" && h != nil:
			t.Errorf("%s: %q just happened", c.name, h.Text())
		case c.kind != "" && (h == nil || h.Kind != c.kind || c.want != "" && h.Text() != c.want):
			t.Errorf("%s: %+v, want %q", c.name, h, c.want)
		}
	}
}
