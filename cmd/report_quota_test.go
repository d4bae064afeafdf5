package cmd

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestReportListsQuotaInSpan: the desktop app's quota readings that fall
// in the log's span are listed; the others are not.
func TestReportListsQuotaInSpan(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	logDir := filepath.Join(dir, "logs")
	if err := os.MkdirAll(logDir, 0o700); err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 9, 4, 10, 0, 0, 0, time.Local)
	line := func(at time.Time, text string) string { return at.Format("2006-01-02 15:04:05") + " " + text + "\n" }
	log := line(start, "[info] [CliGovernor] cap=8 (fixed)") + line(start.Add(time.Hour), "[debug] [CliGovernor] acquire(user) effective=3/8")
	if err := os.WriteFile(filepath.Join(logDir, "main.log"), []byte(log), 0o600); err != nil {
		t.Fatal(err)
	}
	var samples []string
	for i, pct := range []int{20, 30, 40, 50} { // 09:40, 10:10, 10:40, 11:10: the middle two in the span
		at := start.Add(-20*time.Minute + time.Duration(i)*30*time.Minute)
		samples = append(samples, fmt.Sprintf(`{"t":%d,"org":"o","u":{"fh":%d,"sd":7}}`, at.UnixMilli(), pct))
	}
	desktop := filepath.Join(dir, "config", "Claude", "plan-usage-history.json")
	if err := os.MkdirAll(filepath.Dir(desktop), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(desktop, []byte(`{"version":2,"samples":[`+strings.Join(samples, ",")+`]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCLI(t, "report", logDir)
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	if !strings.Contains(out, "quota       5h 40% · 7d 7%  desktop, 20m ago, stale (4 readings in the span; account-wide") {
		t.Fatalf("report text:\n%s", out)
	}
	js, _, _ := runCLI(t, "report", "--json", logDir)
	var r struct {
		Quota []struct {
			Time    string  `json:"time"`
			Window  string  `json:"window"`
			Percent float64 `json:"percent"`
			Source  string  `json:"source"`
		} `json:"quota"`
	}
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Quota) != 4 || !isWallWithOffset(r.Quota[0].Time, "2026-09-04T10:10:00") || r.Quota[0].Percent != 30 {
		t.Fatalf("report json quota %+v", r.Quota)
	}
	// Without readings in the span, no quota row.
	os.Remove(desktop)
	if out, _, _ := runCLI(t, "report", logDir); strings.Contains(out, "quota") {
		t.Fatalf("a quota row without readings:\n%s", out)
	}
}

// TestReportQuotaIsTheSnapshotsFigure: with the desktop app's readings
// (86 % at most) and the status line's (88 %), report and snapshot give
// the one figure the rule chooses, the status line's (report said 86 %
// desktop while every other output said 88 % statusline).
func TestReportQuotaIsTheSnapshotsFigure(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	now := time.Now()
	logDir := filepath.Join(dir, "logs")
	if err := os.MkdirAll(logDir, 0o700); err != nil {
		t.Fatal(err)
	}
	log := now.Add(-time.Hour).Format("2006-01-02 15:04:05") + " [info] [CliGovernor] cap=8 (fixed)\n" +
		now.Add(time.Minute).Format("2006-01-02 15:04:05") + " [debug] [CliGovernor] acquire(user) effective=3/8\n"
	if err := os.WriteFile(filepath.Join(logDir, "main.log"), []byte(log), 0o600); err != nil {
		t.Fatal(err)
	}
	var samples []string
	for i, pct := range []int{80, 83, 86} {
		samples = append(samples, fmt.Sprintf(`{"t":%d,"org":"o","u":{"fh":%d,"sd":40}}`, now.Add(time.Duration(i-3)*4*time.Minute).UnixMilli(), pct))
	}
	desktop := filepath.Join(dir, "config", "Claude", "plan-usage-history.json")
	if err := os.MkdirAll(filepath.Dir(desktop), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(desktop, []byte(`{"version":2,"samples":[`+strings.Join(samples, ",")+`]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(dir, "cache", "coworktop", "statusline.json")
	if err := os.MkdirAll(filepath.Dir(state), 0o700); err != nil {
		t.Fatal(err)
	}
	doc := fmt.Sprintf(`{"version":1,"samples":[{"at":%q,"rate_limits":{"five_hour":{"used_percentage":88,"resets_at":%d},"seven_day":{"used_percentage":41,"resets_at":%d}}}]}`,
		now.Add(-time.Minute).UTC().Format(time.RFC3339), now.Add(2*time.Hour).Unix(), now.Add(90*time.Hour).Unix())
	if err := os.WriteFile(state, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	report, _, _ := runCLI(t, "report", logDir)
	snap, _, _ := runCLI(t, "snapshot", logDir)
	for name, out := range map[string]string{"report": quotaRowOf(report), "snapshot": quotaRowOf(snap)} {
		if !strings.Contains(out, "5h 88% (resets ") || strings.Contains(out, "86%") {
			t.Errorf("%s: %q", name, out)
		}
	}
}

// isWallWithOffset: s is RFC 3339 with an offset, at the wall clock wall.
func isWallWithOffset(s, wall string) bool {
	_, err := time.Parse(time.RFC3339, s)
	return err == nil && strings.HasPrefix(s, wall) && len(s) > len(wall)
}
