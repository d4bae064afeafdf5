package cmd

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"
	quotafiles "github.com/coworktop/coworktop/sources/quota"
)

// TestLivePipelineReadsQuota: the live pipeline (the TUI's and serve's)
// delivers what `coworktop statusline` records, as it records it, and the
// header's figure is the statusline's.
func TestLivePipelineReadsQuota(t *testing.T) {
	old := quotaEvery
	quotaEvery = 20 * time.Millisecond
	defer func() { quotaEvery = old }()
	dir := t.TempDir()
	paths := quotafiles.QuotaPaths{Statusline: filepath.Join(dir, "statusline.json"), Desktop: filepath.Join(dir, "none.json")}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	updates, err := startLive(ctx, liveConfig{paths: []string{filepath.Join(testdataDir, "logs", "linux")}, follow: true, quota: &paths})
	if err != nil {
		t.Fatal(err)
	}
	state := governor.New(governor.DefaultLimits())
	record := func(pct float64) {
		if _, err := quotafiles.StatuslineReadings(paths.Statusline, "", &quotafiles.RateLimits{FiveHour: &quotafiles.RateWindow{UsedPercentage: &pct}}, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	waitPercent := func(want float64) {
		t.Helper()
		deadline := time.After(5 * time.Second)
		for {
			select {
			case u, ok := <-updates:
				if !ok {
					t.Fatal("updates closed")
				}
				state.ApplyUpdate(u)
				if q := state.Snapshot(time.Now()).Quota; q != nil && q.FiveHour.Percent == want {
					if q.FiveHour.Source != quota.Statusline || q.FiveHour.Stale {
						t.Fatalf("figure %+v", q.FiveHour)
					}
					return
				}
			case <-deadline:
				t.Fatalf("no quota of %v%% delivered", want)
			}
		}
	}
	// A refused read (a folder where the desktop file should be) is counted.
	if err := os.MkdirAll(paths.Desktop, 0o700); err != nil {
		t.Fatal(err)
	}
	record(41)
	waitPercent(41)
	for deadline := time.Now().Add(5 * time.Second); state.Snapshot(time.Now()).QuotaErrors[quota.Desktop] == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the refused desktop read was not counted")
		}
		state.ApplyUpdate(<-updates)
	}
	time.Sleep(1100 * time.Millisecond) // a newer second: a new reading
	record(47)
	waitPercent(47)
}

func TestDoctorListsQuotaSources(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	if err := os.WriteFile(filepath.Join(dir, ".claude.json"), []byte(`{"cachedUsageUtilization":{"fetchedAtMs":1,"utilization":{"five_hour":{"utilization":5}}}, "oauthAccount":{"emailAddress":"p@example.com"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	desktop := filepath.Join(dir, "config", "Claude", "plan-usage-history.json")
	if err := os.MkdirAll(filepath.Dir(desktop), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(desktop, []byte(`{"version":2,"samples":[{"t":1`), 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, _ := runCLI(t, "doctor")
	for _, want := range []string{"quota sources (best first;", "statusline", "not found", "desktop", "unreadable: plan-usage-history.json:", "cache", "1 reading, newest", "coworktop statusline --install"} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "example.com") {
		t.Fatal("doctor printed an account detail")
	}
}

// TestSnapshotQuotaFallsBackInOrder: without the statusline's file, the
// desktop app's figure is shown, and without that, the cache's; each with
// its source and age.
func TestSnapshotQuotaFallsBackInOrder(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	now := time.Now()
	cache := fmt.Sprintf(`{"cachedUsageUtilization":{"fetchedAtMs":%d,"utilization":{"five_hour":{"utilization":46,"resets_at":"2100-01-01T00:00:00+00:00"}}}}`,
		now.Add(-3*24*time.Hour).UnixMilli())
	if err := os.WriteFile(filepath.Join(dir, ".claude.json"), []byte(cache), 0o600); err != nil {
		t.Fatal(err)
	}
	logs := filepath.Join(testdataDir, "logs", "linux")
	out, _, _ := runCLI(t, "snapshot", logs)
	if !strings.Contains(out, "5h 46% (resets ") || !strings.Contains(out, ")  cache, 3d ago, stale") {
		t.Fatalf("cache only:\n%s", out)
	}
	desktop := filepath.Join(dir, "config", "Claude", "plan-usage-history.json")
	if err := os.MkdirAll(filepath.Dir(desktop), 0o700); err != nil {
		t.Fatal(err)
	}
	doc := fmt.Sprintf(`{"version":2,"samples":[{"t":%d,"org":"a","u":{"fh":12,"sd":37}}]}`, now.Add(-2*time.Minute).UnixMilli())
	if err := os.WriteFile(desktop, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, _ = runCLI(t, "snapshot", logs)
	if !strings.Contains(out, "7d 37% · 5h 12%  desktop, 2m ago") {
		t.Fatalf("desktop over the cache:\n%s", out)
	}
}
