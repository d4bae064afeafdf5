package quota

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/internal/testfs"
	"github.com/coworktop/coworktop/quota"
)

func readQuotaFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := readFixtureBytes(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readFixtureBytes(name string) ([]byte, error) {
	return os.ReadFile(filepath.Join("testdata", "quota", name))
}

func TestParseStatuslineInputPublishedShape(t *testing.T) {
	in, err := ParseStatuslineInput(readQuotaFixture(t, "statusline-input.json"))
	if err != nil {
		t.Fatal(err)
	}
	if in.Model != "Opus 4.7" || in.SessionID == "" {
		t.Fatalf("model %q session %q", in.Model, in.SessionID)
	}
	at := time.Date(2026, 9, 4, 12, 0, 0, 0, time.UTC)
	got := in.RateLimits.Samples(quota.Statusline, at)
	want := []quota.Sample{
		{Window: quota.FiveHour, Percent: 23.5, ResetsAt: time.Unix(1738425600, 0).UTC(), Source: quota.Statusline, At: at},
		{Window: quota.SevenDay, Percent: 41.2, ResetsAt: time.Unix(1738857600, 0).UTC(), Source: quota.Statusline, At: at},
	}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("samples %+v\nwant %+v", got, want)
	}
}

func TestParseStatuslineInputMissingWindows(t *testing.T) {
	in, err := ParseStatuslineInput(readQuotaFixture(t, "statusline-input-no-limits.json"))
	if err != nil || in.RateLimits != nil || in.Model != "Sonnet 4.6" {
		t.Fatalf("no rate_limits: %+v, %v", in, err)
	}
	in, err = ParseStatuslineInput(readQuotaFixture(t, "statusline-input-five-hour-only.json"))
	if err != nil {
		t.Fatal(err)
	}
	// 105 % is outside 0–100: refused and counted, not shown; the 7-day
	// window the reading leaves out is "not reported", never 0 %.
	s := in.RateLimits.Samples(quota.Statusline, time.Unix(1776430000, 0))
	if len(s) != 1 || s[0].Window != quota.SevenDay || s[0].Absent != quota.NotReported || in.RateLimits.Refused() != 1 {
		t.Fatalf("five hour only: %+v", s)
	}
}

func TestParseStatuslineInputHostile(t *testing.T) {
	for _, doc := range []string{"", "garbage", "[1,2]", "{\"model\":", "\x00\xff\x1b[31m"} {
		if _, err := ParseStatuslineInput([]byte(doc)); err == nil {
			t.Errorf("%q: no error", doc)
		}
	}
	// Keys of unexpected types lose only themselves.
	for _, doc := range []string{
		`{"model":"Opus","session_id":7,"rate_limits":{"five_hour":{"used_percentage":"x"},"seven_day":{"used_percentage":12,"resets_at":"2026-09-04T12:00:00Z"}}}`,
		`{"model":"Opus","session_id":7,"rate_limits":{"seven_day":{"used_percentage":12,"resets_at":"2026-09-04T12:00:00Z"},"five_hour":{"used_percentage":-3}}}`,
	} {
		in, err := ParseStatuslineInput([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		s := present(in.RateLimits.Samples(quota.Statusline, time.Now()))
		if len(s) != 1 || s[0].Percent != 12 || !s[0].ResetsAt.Equal(time.Date(2026, 9, 4, 12, 0, 0, 0, time.UTC)) || in.Model != "" {
			t.Fatalf("%s: samples %+v, model %q", doc, s, in.Model)
		}
	}
}

func TestParseDesktopHistorySeveralOrgs(t *testing.T) {
	got, err := ParseDesktopHistory(readQuotaFixture(t, "plan-usage-history.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The newest sample by t is the first org's (19 %), though the other
	// org's samples come after it in the file: only its 4 samples, 2
	// windows each.
	if len(got) != 8 {
		t.Fatalf("%d readings, want 8: %+v", len(got), got)
	}
	q := quota.Figures(got, time.UnixMilli(1788776100000+60_000))
	if q.FiveHour.Percent != 19 || q.SevenDay.Percent != 32 || q.FiveHour.Source != quota.Desktop || !q.FiveHour.ResetsAt.IsZero() {
		t.Fatalf("figures %+v %+v", q.FiveHour, q.SevenDay)
	}
	if q.FiveHour.Burn == nil || q.FiveHour.Burn.Samples != 4 {
		t.Fatalf("burn %+v, want one from the newest org's 4 samples", q.FiveHour.Burn)
	}
	for _, s := range got {
		if strings.Contains(s.Window.Short()+s.Source.String(), "6f1c") {
			t.Fatal("org leaked")
		}
	}
}

func TestParseDesktopHistoryCorrupt(t *testing.T) {
	full := readQuotaFixture(t, "plan-usage-history.json")
	if _, err := ParseDesktopHistory(full[:len(full)/2]); err == nil {
		t.Fatal("half a file parsed")
	}
	if _, err := ParseDesktopHistory([]byte(`{"version":2,"samples":[{"org":"x","u":{"fh":1}}]}`)); err == nil {
		t.Fatal("samples with no time parsed")
	}
	if got, err := ParseDesktopHistory([]byte(`{"version":2,"samples":[]}`)); err != nil || got != nil {
		t.Fatalf("empty: %v %v", got, err)
	}
}

func TestParseClaudeJSONQuotaOnlyThatKey(t *testing.T) {
	got, err := ParseClaudeJSONQuota(readQuotaFixture(t, "claude.json"))
	if err != nil {
		t.Fatal(err)
	}
	at := time.UnixMilli(1787201400000).UTC()
	reset := time.Date(2026, 8, 20, 4, 49, 59, 665316000, time.UTC)
	if len(got) != 2 || got[0].Percent != 46 || !got[0].At.Equal(at) || !got[0].ResetsAt.Equal(reset) || got[0].Source != quota.Cache || got[1].Percent != 22 {
		t.Fatalf("readings %+v", got)
	}
	b, _ := json.Marshal(got)
	if strings.Contains(string(b), "example.com") || strings.Contains(string(b), "Example Org") {
		t.Fatal("account details leaked")
	}
	if got, err := ParseClaudeJSONQuota([]byte(`{"numStartups":1}`)); err != nil || got != nil {
		t.Fatalf("no key: %v %v", got, err)
	}
	if _, err := ParseClaudeJSONQuota([]byte(`{"cachedUsageUtilization":{"utilization":{}}}`)); err == nil {
		t.Fatal("no fetchedAtMs: no error")
	}
}

func quotaDir(t *testing.T) (QuotaPaths, string) {
	dir := testfs.TempDir(t)
	return QuotaPaths{
		Statusline: filepath.Join(dir, "cache", "coworktop", StatuslineStateName),
		Desktop:    filepath.Join(dir, "Claude", "plan-usage-history.json"),
		ClaudeJSON: filepath.Join(dir, ".claude.json"),
	}, dir
}

func writeQuotaFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestQuotaReaderFallsBackInOrder(t *testing.T) {
	p, _ := quotaDir(t)
	r := NewQuotaReader(p)
	if got := r.Read(); len(got) != 0 {
		t.Fatalf("no files: %+v", got)
	}
	writeQuotaFile(t, p.ClaudeJSON, readQuotaFixture(t, "claude.json"))
	now := time.UnixMilli(1788776100000 + 30_000)
	st := governor.New(governor.DefaultLimits())
	st.ApplyQuota(r.Read())
	if q := st.Snapshot(now).Quota; q.FiveHour.Source != quota.Cache || !q.FiveHour.Stale || q.FiveHour.Percent != 46 {
		t.Fatalf("cache only: %+v", q.FiveHour)
	}
	writeQuotaFile(t, p.Desktop, readQuotaFixture(t, "plan-usage-history.json"))
	st.ApplyQuota(r.Read())
	if q := st.Snapshot(now).Quota; q.FiveHour.Source != quota.Desktop || q.FiveHour.Stale || q.FiveHour.AgeS != 30 {
		t.Fatalf("desktop: %+v", q.FiveHour)
	}
	// The fixture's resets (the docs' example) are long past: moved on.
	doc := strings.NewReplacer("1738425600", "4102444800", "1738857600", "4102876800").Replace(string(readQuotaFixture(t, "statusline-input.json")))
	in, _ := ParseStatuslineInput([]byte(doc))
	if err := RecordStatusline(p.Statusline, in.RateLimits, now.Add(-5*time.Second)); err != nil {
		t.Fatal(err)
	}
	st.ApplyQuota(r.Read())
	q := st.Snapshot(now).Quota
	if q.FiveHour.Source != quota.Statusline || q.FiveHour.Percent != 23.5 || q.FiveHour.AgeS != 5 {
		t.Fatalf("statusline: %+v", q.FiveHour)
	}
	// An hour on, the statusline is stale and so is the desktop: the
	// newest is shown, stale.
	later := now.Add(time.Hour)
	if q := st.Snapshot(later).Quota; q.FiveHour.Source != quota.Statusline || !q.FiveHour.Stale {
		t.Fatalf("later: %+v", q.FiveHour)
	}
	if n := len(r.Errors()); n != 0 {
		t.Fatalf("errors %v", r.Errors())
	}
}

func TestQuotaReaderRefusesAndRecovers(t *testing.T) {
	p, _ := quotaDir(t)
	r := NewQuotaReader(p)
	full := readQuotaFixture(t, "plan-usage-history.json")
	// The app is writing the file: half of it is there.
	writeQuotaFile(t, p.Desktop, full[:len(full)*2/3])
	if got := r.Read(); len(got) != 0 {
		t.Fatalf("half a file gave %+v", got)
	}
	if r.Errors()[quota.Desktop] != 1 || r.LastError(quota.Desktop) == "" {
		t.Fatalf("errors %v", r.Errors())
	}
	writeQuotaFile(t, p.Desktop, full)
	if got := r.Read(); len(got) != 8 || r.LastError(quota.Desktop) != "" {
		t.Fatalf("whole file gave %d readings, error %q", len(got), r.LastError(quota.Desktop))
	}
	if got := r.Read(); len(got) != 0 {
		t.Fatalf("unchanged file read again: %d", len(got))
	}
	// Oversize: refused with a counted error.
	big := make([]byte, MaxStatuslineState+1)
	writeQuotaFile(t, p.Statusline, big)
	r.Read()
	if r.Errors()[quota.Statusline] != 1 || !strings.Contains(r.LastError(quota.Statusline), "bound") {
		t.Fatalf("oversize: %v %q", r.Errors(), r.LastError(quota.Statusline))
	}
	// A folder where the file should be: not a regular file.
	if err := os.MkdirAll(p.ClaudeJSON, 0o700); err != nil {
		t.Fatal(err)
	}
	r.Read()
	if r.Errors()[quota.Cache] != 1 {
		t.Fatalf("folder: %v", r.Errors())
	}
}

func TestRecordStatuslineMergesAndBounds(t *testing.T) {
	p, _ := quotaDir(t)
	pct := func(v float64) *RateLimits { return &RateLimits{FiveHour: &RateWindow{UsedPercentage: &v}} }
	t0 := time.Date(2026, 9, 4, 10, 0, 0, 0, time.UTC)
	for i := range 400 {
		// Two a minute: every other one replaces the one before.
		if err := RecordStatusline(p.Statusline, pct(float64(i)/10), t0.Add(time.Duration(i)*30*time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(p.Statusline)
	if err != nil {
		t.Fatal(err)
	}
	var st StatuslineState
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	if len(st.Samples) != statuslineKeep {
		t.Fatalf("%d samples kept, want %d", len(st.Samples), statuslineKeep)
	}
	last := st.Samples[len(st.Samples)-1]
	if *last.RateLimits.FiveHour.UsedPercentage != 39.9 || !last.At.Equal(t0.Add(399*30*time.Second)) {
		t.Fatalf("last %+v", last)
	}
	// No temporary file left behind.
	ents, _ := os.ReadDir(filepath.Dir(p.Statusline))
	if len(ents) != 1 {
		t.Fatalf("folder holds %d files", len(ents))
	}
	// The same figure again, later: the file keeps the time it was first
	// seen.
	same := mustRead(t, p.Statusline)
	if err := RecordStatusline(p.Statusline, pct(39.9), t0.Add(500*30*time.Second)); err != nil {
		t.Fatal(err)
	}
	if string(mustRead(t, p.Statusline)) != string(same) {
		t.Fatal("an unchanged figure rewrote the file")
	}
	// A reading from a status line that started a little earlier is
	// dropped, not made the newest.
	before := mustRead(t, p.Statusline)
	if err := RecordStatusline(p.Statusline, pct(1), t0.Add(399*30*time.Second-time.Minute)); err != nil {
		t.Fatal(err)
	}
	if string(mustRead(t, p.Statusline)) != string(before) {
		t.Fatal("an older reading changed the file")
	}
	// A corrupt state file is started afresh.
	writeQuotaFile(t, p.Statusline, []byte("{not json"))
	if err := RecordStatusline(p.Statusline, pct(5), t0); err != nil {
		t.Fatal(err)
	}
	got, err := ParseStatuslineState(mustRead(t, p.Statusline))
	if got = present(got); err != nil || len(got) != 1 || got[0].Percent != 5 {
		t.Fatalf("afresh: %+v %v", got, err)
	}
	// Nothing to record: no file written.
	p2, _ := quotaDir(t)
	if err := RecordStatusline(p2.Statusline, &RateLimits{}, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p2.Statusline); !os.IsNotExist(err) {
		t.Fatal("an empty rate_limits wrote a file")
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDefaultQuotaPaths(t *testing.T) {
	env := func(goos string, vars map[string]string) QuotaEnv {
		return QuotaEnv{GOOS: goos, Home: "/h", CacheDir: "/c", Getenv: func(k string) string { return vars[k] }}
	}
	p := DefaultQuotaPaths(env("darwin", nil))
	if p.Desktop != filepath.Join("/h", "Library", "Application Support", "Claude", "plan-usage-history.json") ||
		p.ClaudeJSON != filepath.Join("/h", ".claude.json") || p.Statusline != filepath.Join("/c", "coworktop", "statusline.json") {
		t.Fatalf("darwin %+v", p)
	}
	p = DefaultQuotaPaths(env("windows", map[string]string{"APPDATA": "/appdata", "CLAUDE_CONFIG_DIR": "/cfg"}))
	if p.Desktop != filepath.Join("/appdata", "Claude", "plan-usage-history.json") || p.ClaudeJSON != filepath.Join("/cfg", ".claude.json") {
		t.Fatalf("windows %+v", p)
	}
	msix := filepath.Join("/local", "Packages", "Claude_pzs8sxrjxfjjc", "LocalCache", "Roaming", "Claude", "plan-usage-history.json")
	e := env("windows", map[string]string{"APPDATA": "/appdata", "LOCALAPPDATA": "/local"})
	e.Glob = func(pattern string) []string {
		if ok, _ := filepath.Match(pattern, msix); ok {
			return []string{msix}
		}
		return nil
	}
	if p := DefaultQuotaPaths(e); p.Desktop != msix {
		t.Fatalf("msix %+v", p)
	}
	p = DefaultQuotaPaths(env("linux", nil))
	if p.Desktop != filepath.Join("/h", ".config", "Claude", "plan-usage-history.json") {
		t.Fatalf("linux %+v", p)
	}
}

// present is the readings that carry a percentage.
func present(samples []quota.Sample) []quota.Sample {
	var out []quota.Sample
	for _, s := range samples {
		if s.Absent == quota.Present {
			out = append(out, s)
		}
	}
	return out
}
