package cmd

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/render"
	"github.com/coworktop/coworktop/sources"
	"github.com/coworktop/coworktop/words"
)

func reportJSON(t *testing.T, args ...string) render.Report {
	t.Helper()
	out, errs, code := runCLI(t, append([]string{"report", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("report %v: exit %d: %s", args, code, errs)
	}
	var r render.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func checkCounts(t *testing.T, checks map[string][2]int) {
	t.Helper()
	for name, c := range checks {
		if c[0] != c[1] {
			t.Errorf("%s = %d, want %d", name, c[0], c[1])
		}
	}
}

// testdata/logs/macos2x: a 2.x macOS main.log written the way 2.x writes it
// ([CCD] tags, two-space runs, crashes, an update restart, Remote Control).
// Counted by hand, line by line. (Its mcp.log sits in mcp-utc: a UTC file
// beside a local one would make the span depend on this machine's zone.)
func TestReportCountsMacOS2x(t *testing.T) {
	r := reportJSON(t, filepath.Join(testdataDir, "logs", "macos2x"))
	s, a := r.Sessions, r.App
	checkCounts(t, map[string][2]int{
		"sessions.started":                      {s.Started, 4},              // lines 10, 13, 18, 19; the year-9999 one is no entry
		"sessions.idle_timeouts":                {s.IdleTimeouts, 1},         // line 22
		"sessions.paused.governor_evict":        {s.Paused.GovernorEvict, 2}, // [CCD] lines 29, 31
		"evictions":                             {len(r.Evictions), 2},
		"governor.pressure_evictions":           {r.Governor.PressureEvictions, 1},
		"governor.pressure.warning":             {r.Governor.Pressure.Warning, 1},
		"sessions.crashed":                      {s.Crashed, 2}, // SIGKILL line 33, exit 143 line 35
		"crashes":                               {len(r.Crashes), 2},
		"sessions.resumed":                      {s.Resumed, 3}, // lines 32, 34, 55
		"sessions.torn_down_with_tasks":         {s.TornDownWithTasks, 1},
		"sessions.background_tasks_lost":        {s.TasksLost, 1},
		"sessions.pause_skipped.remote_control": {s.PauseSkipped.RemoteControl, 2}, // lines 23, 26
		"sessions.declined_pauses":              {s.DeclinedPauses, 1},
		"sessions.max_declined":                 {s.MaxDeclined, 2},
		"app.updates":                           {a.Updates, 1},
		"app.update_restarts":                   {a.UpdateRestarts, 1},
		"app.lost_to_update":                    {a.LostToUpdate, 3}, // the app's own "Stopping 3 active session(s)"
		"app.quits":                             {a.Quits, 0},        // beforeQuitForUpdate, onQuitCleanup, willQuit: the update restart of line 45, no plain quit
		"app.relaunch_resumes":                  {a.RelaunchResumes, 2},
		"app.relaunches":                        {a.Relaunches, 1},
		"app.renderer_oom":                      {a.RendererOOM, 1},
		"sessions.queries_done":                 {s.QueriesDone, 1},          // line 30
		"app.remote_control_changes":            {a.RemoteControlChanges, 3}, // lines 15-17: enabled, the verdict, bridge connected
		"lines.bad_stamps":                      {r.Lines.BadStamps, 3},      // 0000-00-00, 9999-12-31, 2026-13-45
		"governor.rules_generation":             {r.Governor.RulesGeneration, 2},
	})
	if a.Version != "2.26454.0" || a.PendingVersion != "" || a.Platform != "darwin" {
		t.Errorf("app: %+v (the version changed to the pending one)", a)
	}
	if r.Evictions[0].Cause != "pressure" || r.Evictions[1].Cause != "unknown" || r.Evictions[1].Line != 31 {
		t.Errorf("evictions: %+v", r.Evictions)
	}
	c := r.Crashes
	if c[0].Signal != "SIGKILL" || c[0].Line != 33 || c[1].ExitCode == nil || *c[1].ExitCode != 143 || c[1].Time.String() != "2026-10-06 09:55:00" {
		t.Errorf("crashes: %+v", c)
	}
	// The three the restart stopped all came back (one resumed, two by the
	// relaunch's "warmed 2 of 2"): history, not lost.
	if !strings.Contains(r.Verdict, "3 sessions stopped, coworktop saw 1 live: all 3 came back") || !strings.Contains(r.Verdict, "1 process crashed") ||
		!strings.Contains(r.Verdict, "Remote Control vetoed 2 idle pauses") {
		t.Errorf("verdict: %s", r.Verdict)
	}
}

// testdata/logs/windows-service: a Windows 1.46388 main.log (CRLF, the
// older [IdleManager:] tag and "due to idle" wording) and cowork-service.log,
// the only place Windows writes the VM's size. Counted by hand.
func TestReportCountsWindowsService(t *testing.T) {
	r := reportJSON(t, filepath.Join(testdataDir, "logs", "windows-service"))
	s, v := r.Sessions, r.VM
	checkCounts(t, map[string][2]int{
		"sessions.started":                      {s.Started, 3},
		"sessions.idle_timeouts":                {s.IdleTimeouts, 2},       // [IdleManager:session] and [WarmLifecycle:session]
		"sessions.paused.idle_timeout":          {s.Paused.IdleTimeout, 1}, // "due to idle"
		"sessions.paused.governor_evict":        {s.Paused.GovernorEvict, 1},
		"evictions":                             {len(r.Evictions), 1},
		"sessions.pause_skipped.remote_control": {s.PauseSkipped.RemoteControl, 1},
		"sessions.torn_down_with_tasks":         {s.TornDownWithTasks, 1},
		"sessions.background_tasks_lost":        {s.TasksLost, 2},
		"governor.pressure.critical":            {r.Governor.Pressure.Critical, 1},
		"governor.rules_generation":             {r.Governor.RulesGeneration, 1},
		"app.updates":                           {r.App.Updates, 1},
		"app.quits":                             {r.App.Quits, 1},
		"app.renderer_oom":                      {r.App.RendererOOM, 1},
		"vm.cpus":                               {v.CPUs, 2},
		"vm.memory_mb":                          {v.MemoryMB, 4096},
		"vm.memory_gb":                          {v.MemoryGB, 4},
		"vm.service.starts":                     {v.Service.Starts, 1},
		"vm.service.stops":                      {v.Service.Stops, 1},
		"memory.min_sys_free":                   {r.Memory.MinSysFreeMB, 900},
		"files":                                 {len(r.Files), 2},
	})
	if r.Evictions[0].Cause != "unknown" || r.Evictions[0].Line != 21 {
		t.Errorf("the [CCD] pause with no governor line is an eviction of unknown cause: %+v", r.Evictions)
	}
	if r.App.Version != "1.46388.2" || v.State != "stopped" || v.Service.State != "stopped" {
		t.Errorf("app %+v vm %+v", r.App, v)
	}
}

// One year-9999 line must not empty a --since report: it counts back from
// the newest plausible entry (10:22:05).
func TestReportSinceIgnoresImplausibleStamps(t *testing.T) {
	r := reportJSON(t, "--since", "5m", filepath.Join(testdataDir, "logs", "macos2x"))
	if r.Span.First < "2026-10-06 10:17:05" || r.Span.Last.String() != "2026-10-06 10:22:05" || r.App.UpdateRestarts != 1 || r.Sessions.Resumed != 1 {
		t.Fatalf("since 5m: span %+v app %+v sessions %+v", r.Span, r.App, r.Sessions)
	}
}

// events writes zoneless stamps as logged, with this machine's offset (the
// logs' zone); mcp.log's UTC stamps keep their Z; bad stamps never abort
// the output.
func TestEventsTimesAsLogged(t *testing.T) {
	// Etc/GMT-9 is nine hours east of UTC, Etc/GMT+7 seven west.
	for _, name := range []string{"UTC", "Etc/GMT-9", "Etc/GMT+7"} {
		if !inZone(t, name) {
			continue
		}
		zone := time.Local
		times := map[string]string{}
		for _, dir := range []string{"windows-service", "macos2x", "mcp-utc"} {
			out, errs, code := runCLI(t, "events", filepath.Join(testdataDir, "logs", dir))
			if code != 0 {
				t.Fatalf("events %s: exit %d: %s", dir, code, errs)
			}
			sc := bufio.NewScanner(strings.NewReader(out))
			for sc.Scan() {
				var raw struct {
					Time, File, Kind string
					Line             int
				}
				if err := json.Unmarshal(sc.Bytes(), &raw); err != nil {
					t.Fatalf("%s: %v", sc.Text(), err)
				}
				var ev event.Event
				if err := words.UnmarshalEvent(sc.Bytes(), &ev); err != nil {
					t.Fatalf("an event's JSON does not read back: %v", err)
				}
				times[raw.File+":"+strconv.Itoa(raw.Line)+":"+raw.Kind] = raw.Time
			}
		}
		offset := time.Date(2026, 9, 4, 0, 0, 0, 0, zone).Format("Z07:00")
		for key, want := range map[string]string{
			"main.log:14:session.idle_timer":        "2026-09-04T06:46:54" + offset,
			"cowork-service.log:2:vm.service_start": "2026-09-04T06:40:10.1009" + offset,
			"mcp.log:2:api.rate_limit":              "2026-10-06T07:21:00.456Z",
			"main.log:10:session.start":             "2026-10-06T09:00:10" + offset,
		} {
			if times[key] != want {
				t.Errorf("TZ %s: %s time %q, want %q", zone, key, times[key], want)
			}
		}
	}
}

func mustExpand(t *testing.T, dir string) []sources.LogFile {
	t.Helper()
	files, err := sources.ExpandPaths([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// A file that is not a Claude log is an error, for every command that reads
// named logs; a --log-dir that does not exist is one for snapshot.
func TestNotAClaudeLog(t *testing.T) {
	dir := t.TempDir()
	x := filepath.Join(dir, "x.log")
	if err := os.WriteFile(x, []byte("hello\nthis is a shopping list\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"report", x}, {"report", "--json", x}, {"events", x}, {"replay", x}} {
		out, errs, code := runCLI(t, args...)
		if code != 1 || !strings.Contains(errs, x+": no Claude log lines (is this a Claude log?)") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q", args, code, errs, out)
		}
	}
	logs := filepath.Join(dir, "logs")
	if err := os.Mkdir(logs, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(logs, "main.log"), []byte("not a log\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := sniffClaudeLogs(mustExpand(t, logs)); err == nil || !strings.Contains(err.Error(), "no Claude log lines") {
		t.Errorf("live view's check: %v", err)
	}
	if err := sniffClaudeLogs(mustExpand(t, filepath.Join(testdataDir, "logs", "macos2x"))); err != nil {
		t.Errorf("a real log refused: %v", err)
	}
	_, errs, code := runCLI(t, "snapshot", "--log-dir", filepath.Join(dir, "nonexistent"))
	if code != 1 || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, "nonexistent") {
		t.Errorf("snapshot --log-dir missing: exit %d, stderr %q", code, errs)
	}
}

// doctor lists the Windows VM service's log found beside main.log.
func TestDoctorListsCoworkServiceLog(t *testing.T) {
	out, errs, code := runCLI(t, "doctor", "--log-dir", filepath.Join(testdataDir, "logs", "windows-service"))
	if code != 0 || !strings.Contains(out, "cowork-service.log") || !strings.Contains(out, "main.log") {
		t.Fatalf("doctor: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// events skips and counts lines dated no real day, on stderr, and its JSON
// goes on.
func TestEventsCountBadStamps(t *testing.T) {
	dir := filepath.Join(testdataDir, "logs", "macos2x")
	out, errs, code := runCLI(t, "events", dir)
	if code != 0 || !strings.Contains(errs, "main.log: 3 line(s) dated no real day, skipped") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if strings.Contains(out, "9999") || strings.Contains(out, "0000-") || !strings.Contains(out, "2026-10-06T10:22:05") {
		t.Errorf("a bad stamp reached the output, or the output stopped early")
	}
}

// An empty log (main.log right after a rotation) is a Claude log with no
// entries yet, not "not a Claude log", as the live view's sniff has it.
func TestEmptyLogIsNoError(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.log"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"report", dir}, {"events", dir}} {
		if out, errs, code := runCLI(t, args...); code != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q", args, code, errs, out)
		}
	}
}
