package cmd

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coworktop/coworktop/render"
)

var update = flag.Bool("update", false, "rewrite golden files")

// runCLI runs the command line in-process, as a user would.
func runCLI(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return out.String(), errb.String(), code
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(testdataDir, "golden", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run go test -update)", name, err)
	}
	if got != string(want) {
		t.Errorf("%s differs from golden:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestReportGolden(t *testing.T) {
	if !inZone(t, "UTC") {
		return
	}
	for _, fixture := range []string{"macos", "windows", "linux", "macos2x", "windows-service", "update-deferred", "update-quit", "vm-retry", "update-idle", "windows-day"} {
		t.Run(fixture, func(t *testing.T) {
			dir := filepath.Join(testdataDir, "logs", fixture)
			out, errs, code := runCLI(t, "report", dir)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			golden(t, "report_"+fixture+".txt", out)
			out, errs, code = runCLI(t, "report", "--json", dir)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			golden(t, "report_"+fixture+".json", out)
		})
	}
}

// The counts below are worked out by hand from the fixture, line by line;
// the golden files only freeze the layout.
func TestReportCountsMacOS(t *testing.T) {
	out, _, code := runCLI(t, "report", "--json", filepath.Join(testdataDir, "logs", "macos"))
	if code != 0 {
		t.Fatal("report failed")
	}
	var r render.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	g := r.Governor
	checks := map[string][2]int{
		"cap":                 {g.Cap, 8},
		"at_cap.would_evict":  {g.AtCap.WouldEvict, 2},
		"at_cap.evicting":     {g.AtCap.Evicting, 1},
		"yields":              {g.Yields, 1},
		"pressure.warning":    {g.Pressure.Warning, 1},
		"pressure.critical":   {g.Pressure.Critical, 1},
		"pressure_evictions":  {g.PressureEvictions, 1},
		"max_effective":       {g.MaxEffective, 8},
		"unknown":             {g.Unknown, 1},
		"sessions.started":    {r.Sessions.Started, 8}, // the "Starting local session" in a stack trace does not count
		"idle_timeouts":       {r.Sessions.IdleTimeouts, 1},
		"paused.evict":        {r.Sessions.Paused.GovernorEvict, 3},
		"evictions":           {len(r.Evictions), 3},
		"memory.samples":      {r.Memory.Samples, 6},
		"memory.min_sys_free": {r.Memory.MinSysFreeMB, 690},
		"vm.cpus":             {r.VM.CPUs, 4},
		"vm.boot_stalls":      {r.VM.BootStalls, 1},
		"rate_limit.hits":     {r.RateLimit.Hits, 1}, // sys_free_raw=429MB appears 3 times and is not a hit
	}
	for name, c := range checks {
		if c[0] != c[1] {
			t.Errorf("%s = %d, want %d", name, c[0], c[1])
		}
	}
	if g.CapSource != "logged" || r.App.Version != "1.24012.9" {
		t.Errorf("cap source %q, version %q", g.CapSource, r.App.Version)
	}
	causes := []string{}
	for _, e := range r.Evictions {
		causes = append(causes, e.Cause)
	}
	if strings.Join(causes, ",") != "warm,pressure,unknown" {
		t.Errorf("causes %v", causes)
	}
}

func TestReportRedactLeaksNothing(t *testing.T) {
	for _, fixture := range []string{"macos", "windows", "linux", "macos2x", "windows-service", "update-deferred", "update-quit", "vm-retry", "update-idle"} {
		out, _, code := runCLI(t, "report", "--json", "--redact", filepath.Join(testdataDir, "logs", fixture))
		if code != 0 {
			t.Fatal("report failed")
		}
		for _, secret := range []string{"alice", "bob", "carol", "dana", "erin", "a1f0c2d4-1111", "e5b4a6c8-5555", "0a235fb9-a681", "81866749-2c1d", "c0ffee00-1111"} {
			if strings.Contains(strings.ToLower(out), secret) {
				t.Errorf("%s: --redact leaked %q", fixture, secret)
			}
		}
	}
}

func TestReportSince(t *testing.T) {
	out, _, _ := runCLI(t, "report", "--json", "--since", "5m", filepath.Join(testdataDir, "logs", "macos"))
	var r render.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	// newest entry 10:19:30; from 10:14:30 on: the pressure eviction and the unexplained pause.
	if len(r.Evictions) != 2 || r.Evictions[0].Cause != "pressure" || r.Evictions[1].Cause != "unknown" || r.Span.First < "2026-09-30 10:14:30" {
		t.Fatalf("since 5m: %+v span %+v", r.Evictions, r.Span)
	}
}

func TestReportBadInput(t *testing.T) {
	_, errs, code := runCLI(t, "report", filepath.Join(t.TempDir(), "missing"))
	if code == 0 || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.HasPrefix(errs, "coworktop: ") {
		t.Fatalf("missing path: exit %d, stderr %q", code, errs)
	}
}
