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
	if len(r.Quota) != 4 || r.Quota[0].Time != "2026-09-04T10:10:00" || r.Quota[0].Percent != 30 {
		t.Fatalf("report json quota %+v", r.Quota)
	}
	// Without readings in the span, no quota row.
	os.Remove(desktop)
	if out, _, _ := runCLI(t, "report", logDir); strings.Contains(out, "quota") {
		t.Fatalf("a quota row without readings:\n%s", out)
	}
}
