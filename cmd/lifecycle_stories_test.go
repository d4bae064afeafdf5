package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/words"
)

// The three stories of issue 24, each a fixture under testdata/logs,
// counted by hand line by line, read through report (JSON and text),
// events and snapshot --json.

const (
	storyA1 = "local_0a235fb9-a681-41bd-89cd-98453ef18aa1" // billing-api
	storyA2 = "local_5e7d2c10-3b4f-4a8e-9c61-7f2d8e0b1c23" // web-frontend
)

// eventKinds counts `events` output by kind.
func eventKinds(t *testing.T, path string) map[string]int {
	t.Helper()
	out, errs, code := runCLI(t, "events", path)
	if code != 0 {
		t.Fatalf("events: exit %d: %s", code, errs)
	}
	kinds := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var ev struct {
			Kind string `json:"kind"`
		}
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		kinds[ev.Kind]++
	}
	return kinds
}

func checkKinds(t *testing.T, got, want map[string]int) {
	t.Helper()
	for k, n := range want {
		if got[k] != n {
			t.Errorf("events: %d %s, want %d", got[k], k, n)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("events: unexpected %d %s", got[k], k)
		}
	}
}

func snapshotOf(t *testing.T, path string) governor.Snapshot {
	t.Helper()
	out, errs, code := runCLI(t, "snapshot", "--json", path)
	if code != 0 {
		t.Fatalf("snapshot: exit %d: %s", code, errs)
	}
	var s governor.Snapshot
	if err := words.UnmarshalSnapshot([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func riskOf(s governor.Snapshot, kind governor.RiskKind) (governor.Risk, bool) {
	for _, r := range s.Risks {
		if r.Kind == kind {
			return r, true
		}
	}
	return governor.Risk{}, false
}

// firstLines copies the first n lines of a fixture into a folder of its
// own, its stamps moved by the same amount so that its last line was
// written a minute ago: the log as it stood at that moment, live (a
// snapshot reads the clock, and an old log's sessions are history). It
// returns the folder and how far the stamps moved.
func firstLines(t *testing.T, src string, n int) (string, time.Duration) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")[:n]
	var last time.Time
	for _, l := range lines {
		if at, err := time.ParseInLocation(time.DateTime, l[:min(len(l), 19)], time.Local); err == nil {
			last = at
		}
	}
	shift := time.Now().Add(-time.Minute).Truncate(time.Second).Sub(last)
	for i, l := range lines {
		if at, err := time.ParseInLocation(time.DateTime, l[:min(len(l), 19)], time.Local); err == nil {
			lines[i] = at.Add(shift).Format(time.DateTime) + l[19:]
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, filepath.Base(src)), []byte(strings.Join(lines, "")), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir, shift
}

// (a) testdata/logs/update-deferred: an update staged, its restart
// deferred three times while Claude works, then the app auto-restarts
// after 101 hours, kills the two sessions' terminals and comes back
// updated.
func TestStoryDeferredUpdateAutoRestart(t *testing.T) {
	dir := filepath.Join(testdataDir, "logs", "update-deferred")
	r := reportJSON(t, dir)
	a := r.App
	checkCounts(t, map[string][2]int{
		"app.update_restarts":  {a.UpdateRestarts, 1},  // line 17 (auto-restart) and 19 (beforeQuitForUpdate): one restart
		"app.lost_to_update":   {a.LostToUpdate, 2},    // the two sessions of lines 9 and 10; "Killing 2 PTY" (line 18) agrees
		"app.quits":            {a.Quits, 0},           // willQuit (line 20) is the update restart's, no plain quit
		"app.update_deferrals": {a.UpdateDeferrals, 3}, // lines 12, 14, 15
		"app.pty_killed":       {a.PTYKilled, 2},       // line 18
		"app.relaunches":       {a.Relaunches, 1},      // the nav-restore marker (line 28) and Restoring navigation (line 30): one
		"app.updates":          {a.Updates, 1},         // line 29
		"lines.entries":        {r.Lines.Entries, 19},  // every stamped line, the oauth ones too
		"losses":               {len(r.Losses), 2},
		"loss_counts.update":   {r.LossCounts["update_restart"], 2},
	})
	if a.Version != "2.110.0" || a.PendingVersion != "" || a.NotRunningSince != "" {
		t.Errorf("app: version %q pending %q not running since %q; want 2.110.0, none, running", a.Version, a.PendingVersion, a.NotRunningSince)
	}
	if r.Span.First.String() != "2026-09-12 01:58:02" || r.Span.Last.String() != "2026-09-12 02:31:00" {
		t.Errorf("span %+v: want the first and last stamped lines, 01:58:02 → 02:31:00", r.Span)
	}
	for _, l := range r.Losses {
		if l.Cause != "update_restart" || l.Evidence != "main.log:17" || (l.Session != storyA1 && l.Session != storyA2) {
			t.Errorf("loss %+v: want each session lost to the auto-restart of main.log:17", l)
		}
	}
	text := reportText(t, dir)
	for _, want := range []string{"coworktop report: 2026-09-12 01:58:02 → 2026-09-12 02:31:00 (32m58s)",
		"update restart deferred 3 times because Claude was working", "1 update restart (2 sessions stopped)", "1 relaunch"} {
		if !strings.Contains(text, want) {
			t.Errorf("report text lacks %q:\n%s", want, text)
		}
	}
	checkKinds(t, eventKinds(t, dir), map[string]int{
		"app.start": 2, "session.start": 2, "app.update_staged": 1, "app.update_deferred": 3, "app.remote_control": 1,
		"session.turn_end": 1, "app.update_restart": 2, "session.pty_kill": 1, "app.quit": 1,
		"app.restart_marker": 1, "app.updated": 1, "app.relaunch": 1,
	})

	// Before the restart (the log up to its line 16): the warning, with
	// both sessions; after it, none.
	live, shift := firstLines(t, filepath.Join(dir, "main.log"), 16)
	before := snapshotOf(t, live)
	u := before.Update
	if u == nil {
		t.Fatal("snapshot before the restart: no update pending")
	}
	since := time.Date(2026, 9, 7, 22, 0, 0, 0, time.Local).Add(shift) // 02:00 less "after 100 hours"
	if u.Version != "2.110.0" || u.Deferrals != 3 || !u.Since.Equal(since) || !strings.HasPrefix(u.When, governor.UpdateWhenText) {
		t.Errorf("update %+v: want 2.110.0, 3 deferrals, since %v", u, since)
	}
	risk, ok := riskOf(before, governor.RiskUpdateRestart)
	sessions := slices.Clone(risk.Sessions)
	slices.Sort(sessions)
	if !ok || !slices.Equal(sessions, []string{storyA1, storyA2}) || !strings.Contains(risk.Summary, governor.UpdateWhenText) {
		t.Errorf("update_restart risk %+v (found %v): want both sessions and the estimate's wording", risk, ok)
	}
	after := snapshotOf(t, dir)
	if _, ok := riskOf(after, governor.RiskUpdateRestart); ok || after.Update != nil {
		t.Errorf("after the restart: update %+v, risks %+v", after.Update, after.Risks)
	}
}

func reportText(t *testing.T, path string) string {
	t.Helper()
	out, errs, code := runCLI(t, "report", path)
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, errs)
	}
	return out
}

// (b) testdata/logs/update-quit (Windows, CRLF): the app kills five
// session terminals and goes down for an update, and never comes back: a
// second instance starts five hours later and exits at once.
func TestStoryUpdateQuitNoReturn(t *testing.T) {
	dir := filepath.Join(testdataDir, "logs", "update-quit")
	r := reportJSON(t, dir)
	a := r.App
	checkCounts(t, map[string][2]int{
		"app.update_restarts":  {a.UpdateRestarts, 1},  // beforeQuitForUpdate, line 16
		"app.lost_to_update":   {a.LostToUpdate, 5},    // "Killing 5 PTY" (line 16): the 3 sessions seen (lines 11-13) and 2 more
		"app.quits":            {a.Quits, 0},           // onQuitCleanup and willQuit (lines 18, 19) belong to the update restart
		"app.second_instances": {a.SecondInstances, 1}, // line 27
		"app.pty_killed":       {a.PTYKilled, 5},
		"loss_counts.update":   {r.LossCounts["update_restart"], 5},
		"losses (3 named + 1)": {len(r.Losses), 4},
		"lines.entries":        {r.Lines.Entries, 13},
		"sessions.started":     {r.Sessions.Started, 3},
	})
	if a.Version != "1.46388.1" || a.PendingVersion != "1.46388.2" || a.NotRunningSince.String() != "2026-09-14 04:05:12" {
		t.Errorf("app: version %q pending %q not running since %q; want 1.46388.1 (the second instance's 1.46388.2 changes nothing), 1.46388.2, 04:05:12",
			a.Version, a.PendingVersion, a.NotRunningSince)
	}
	text := reportText(t, dir)
	for _, want := range []string{"1 update restart (5 sessions stopped, coworktop saw 3 live)", "not running since 2026-09-14 04:05:12",
		"1 second instance", "2 unnamed", "the app stopped 5, coworktop saw 3 live"} {
		if !strings.Contains(text, want) {
			t.Errorf("report text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, " quit ·") || strings.Contains(text, "1.46388.2 on win32") {
		t.Errorf("report text reads a plain quit or the second instance's version:\n%s", text)
	}
	checkKinds(t, eventKinds(t, dir), map[string]int{
		"app.start": 2, "session.start": 3, "app.update_ready": 1, "session.turn_end": 1,
		"session.pty_kill": 1, "app.update_restart": 1, "app.quit": 1, "app.second_instance": 1,
	})
	s := snapshotOf(t, dir)
	if s.App.Version != "1.46388.1" || s.App.DownSince.IsZero() || s.Live != 0 || s.Update != nil {
		t.Errorf("snapshot: app %+v, %d live, update %+v: want 1.46388.1, down, none live, no warning (the restart came)", s.App, s.Live, s.Update)
	}
	// Before the quit (up to line 14): the warning names the three live sessions.
	live, _ := firstLines(t, filepath.Join(dir, "main.log"), 14)
	before := snapshotOf(t, live)
	if risk, ok := riskOf(before, governor.RiskUpdateRestart); !ok || len(risk.Sessions) != 3 || before.Update == nil || before.Update.Version != "1.46388.2" {
		t.Errorf("before the quit: risk %+v (%v), update %+v", risk, ok, before.Update)
	}
}

// (c) testdata/logs/vm-retry (#79270's shapes, #93633's service lines): a
// boot that fails after waiting for the guest, a second that runs; the
// Windows service started with no recovery actions.
func TestStoryVMFailsRetriesRuns(t *testing.T) {
	dir := filepath.Join(testdataDir, "logs", "vm-retry")
	r := reportJSON(t, dir)
	v := r.VM
	checkCounts(t, map[string][2]int{
		"vm.boots":          {v.Boots, 2},      // "Beginning startup" lines 1 and 11
		"vm.failures":       {v.Failures, 1},   // "Startup failed" and "Dispatching startup error" (lines 7, 8): one attempt's
		"vm.boot_stalls":    {v.BootStalls, 1}, // guest_vsock_connect of the first attempt (line 5) never completed
		"vm.service.starts": {v.Service.Starts, 1},
		"lines.entries":     {r.Lines.Entries, 22}, // 18 + 4, every line stamped
	})
	if v.State != event.VMRunning.String() || v.Service.State != "ready" || v.Service.Warning == "" {
		t.Errorf("vm %+v: want running, the service ready, its recovery warning", v)
	}
	text := reportText(t, dir)
	for _, want := range []string{"last state running", "2 boot attempts, 1 failed", "last ready", "recovery actions not configured"} {
		if !strings.Contains(text, want) {
			t.Errorf("report text lacks %q:\n%s", want, text)
		}
	}
	checkKinds(t, eventKinds(t, dir), map[string]int{
		"vm.boot": 2, "vm.note": 5, "vm.step": 7, "vm.failed": 2, "vm.ready": 1, // notes: two bundle versions, the wait, the reinstall skip, the monitor; steps: 3 + 4
		"vm.service_start": 1, "vm.service_warning": 1, "vm.service_ready": 1,
	})
	s := snapshotOf(t, dir)
	if s.VM.State != event.VMRunning || s.Counts.VMFailures != 1 || s.Counts.VMBoots != 2 || s.VM.Service != "ready" {
		t.Errorf("snapshot vm %+v counts boots %d failures %d", s.VM, s.Counts.VMBoots, s.Counts.VMFailures)
	}
}

// testdata/logs/daemon-restarts: the Claude Code daemon's own restarts
// (§7.7): an upgrade self-restart with 32 live workers at its shutdown, a
// takeover that refused one worker, an orphan reaped, a shutdown by signal,
// then a start that lost the lock race and left no daemon line for 16
// hours. daemon.log's lines reach report, text and JSON.
func TestDaemonRestartsReachReport(t *testing.T) {
	dir := filepath.Join(testdataDir, "logs", "daemon-restarts")
	r := reportJSON(t, dir)
	d := r.Daemon
	if d == nil {
		t.Fatal("report has no daemon part")
	}
	checkCounts(t, map[string][2]int{
		"daemon.starts":                   {d.Starts, 4},    // lines 1, 6, 11, 13
		"daemon.upgrades":                 {d.Upgrades, 1},  // line 4
		"daemon.shutdowns":                {d.Shutdowns, 2}, // lines 5, 10
		"daemon.shutdown_causes.upgrade":  {d.ShutdownCauses["upgrade"], 1},
		"daemon.shutdown_causes.signal":   {d.ShutdownCauses["signal"], 1},
		"daemon.live_workers_at_shutdown": {d.LiveWorkersAtShutdown, 32}, // 32 + 0
		"daemon.refused":                  {d.Refused, 1},                // line 8
		"daemon.workers_lost":             {d.WorkersLost, 1},            // the refused one
		"daemon.orphans_reaped":           {d.OrphansReaped, 1},          // line 9
		"daemon.lock_races":               {d.LockRaces, 1},              // line 12
		"daemon.silent_ends":              {d.SilentEnds, 0},             // every start follows a shutdown or a lost race
		"lock gaps":                       {len(d.LockGaps), 1},
		"loss_counts.update_restart":      {r.LossCounts["update_restart"], 1}, // the refused worker: the daemon before it stopped to upgrade
		"lines.entries":                   {r.Lines.Entries, 14},
	})
	if len(d.LockGaps) == 1 && (d.LockGaps[0].GapS != 16*3600 || d.LockGaps[0].Evidence != "daemon.log:12") {
		t.Errorf("lock gap %+v: want 16 h after daemon.log:12", d.LockGaps[0])
	}
	if d.UpgradeFrom != "2.1.233" || d.UpgradeTo != "2.1.235" {
		t.Errorf("upgrade %s → %s", d.UpgradeFrom, d.UpgradeTo)
	}
	text := reportText(t, dir)
	for _, want := range []string{"daemon ", "4 starts", "1 upgrade (last 2.1.233 → 2.1.235)", "1 lock race (a start gave up): no daemon line for 16h00m",
		"shutdowns: 1 signal, 1 upgrade (32 workers live at shutdown)", "1 worker lost", "1 worker refused after takeover (not brought back)"} {
		if !strings.Contains(text, want) {
			t.Errorf("report text lacks %q:\n%s", want, text)
		}
	}
	checkKinds(t, eventKinds(t, dir), map[string]int{
		"daemon.start": 4, "daemon.adopt": 3, "daemon.spare": 1, "daemon.upgrade": 1, "daemon.shutdown": 2,
		"daemon.prewarm": 1, "daemon.orphan_reap": 1, "daemon.lock_race": 1,
	})
}
