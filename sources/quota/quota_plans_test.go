package quota

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"
	"github.com/coworktop/coworktop/quota"
)

// The plans of 2026-10-30 (field notes §1, §4.2): Ultra has no 5-hour
// limit and Claude Code stopped sending five_hour for it; per-model weekly
// limits appear in the account's limits list; API and Enterprise seats get
// no rate_limits; a gateway adds spend_limit.

// TestClaudeJSONUltraScopedLimits: the account's windows leave the
// 5-hour one out ("no 5-hour limit", never 0 %), and a per-model weekly
// limit is read with its model's name. A key of the same name inside a
// project, and its name inside a string, are not the key.
func TestClaudeJSONUltraScopedLimits(t *testing.T) {
	got, err := ParseClaudeJSONQuota(readQuotaFixture(t, "claude-ultra.json"))
	if err != nil {
		t.Fatal(err)
	}
	at := time.UnixMilli(1795252200000).UTC()
	want := []quota.Sample{
		{Window: quota.WeeklyScoped, Scope: "Fable", Percent: 92, ResetsAt: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), Source: quota.Cache, At: at},
		{Window: quota.FiveHour, Absent: quota.NoLimit, Source: quota.Cache, At: at},
		{Window: quota.SevenDay, Percent: 40, ResetsAt: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC), Source: quota.Cache, At: at},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
	q := quota.Figures(got, at.Add(time.Minute))
	if q.Text != "Fable weekly 92% · 7d 40% · no 5-hour limit  cache, 1m ago" {
		t.Fatalf("%q", q.Text)
	}
}

// TestStatuslineInputPlans: Ultra's status line without five_hour ("not
// reported": the status line does not say why), an API seat's without
// rate_limits after API responses ("no plan limits", kept in the state
// file), a gateway's spend_limit (passed through and shown).
func TestStatuslineInputPlans(t *testing.T) {
	now := time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	words := func(name string) (string, *RateLimits) {
		t.Helper()
		in, err := ParseStatuslineInput(readQuotaFixture(t, name))
		if err != nil || in.RateLimits == nil {
			t.Fatalf("%s: %+v %v", name, in, err)
		}
		p, _ := quotaDir(t)
		if err := RecordStatusline(p.Statusline, in.RateLimits, now); err != nil {
			t.Fatal(err)
		}
		samples, err := ParseStatuslineState(mustRead(t, p.Statusline))
		if err != nil {
			t.Fatal(err)
		}
		return quota.Figures(samples, now.Add(10*time.Second)).Text, in.RateLimits
	}
	if got, _ := words("statusline-input-ultra.json"); got != "7d 41% · 5h not reported  statusline, 10s ago" {
		t.Fatalf("ultra: %q", got)
	}
	if got, rl := words("statusline-input-api-seat.json"); got != "no plan limits  statusline, 10s ago" || !rl.None {
		t.Fatalf("api seat: %q", got)
	}
	if got, _ := words("statusline-input-gateway.json"); got != "spend limit 35% · 5h not reported · 7d not reported  statusline, 10s ago" {
		t.Fatalf("gateway: %q", got)
	}
	// Before the session's first API response there is no rate_limits
	// yet, and that says nothing.
	if in, _ := ParseStatuslineInput(readQuotaFixture(t, "statusline-input-no-limits.json")); in.RateLimits != nil {
		t.Fatalf("no API response yet: %+v", in.RateLimits)
	}
}

// TestClaudeJSONWalkedNotHeld: a 40 MiB ~/.claude.json whose key comes
// last is walked to the key with memory of about one buffer, not the
// file (it was read and decoded whole: 50 MB cost 132 MB).
func TestClaudeJSONWalkedNotHeld(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`{"projects":{`)
	for i := 0; b.Len() < 40<<20; i++ {
		fmt.Fprintf(&b, `"/p/%d":{"history":[{"display":"a \"quoted\" {brace} [x] \\ %s"}],"n":[1,2.5e3,true,null]},`, i, strings.Repeat("x", 200))
	}
	b.WriteString(`"last":{}},"cachedUsageUtilization":{"fetchedAtMs":1795252200000,"utilization":{"five_hour":{"utilization":12,"resets_at":"2026-11-21T12:00:00Z"}}}}`)
	data := b.Bytes()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	p, err := parseClaudeJSON(bytes.NewReader(data))
	runtime.ReadMemStats(&after)
	if err != nil || len(p.samples) != 1 || p.samples[0].Percent != 12 {
		t.Fatalf("%+v %v", p.samples, err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Fatalf("walking 40 MiB allocated %d bytes", alloc)
	}
}

// TestClaudeJSONWalkHostile: cut, garbage, deep nesting and a huge value
// are errors or nothing, never a hang or a panic.
func TestClaudeJSONWalkHostile(t *testing.T) {
	for _, doc := range []string{``, `[1]`, `{"a":`, `{"a":"\`, `{"a" 1}`, `{"cachedUsageUtilization":` + strings.Repeat("[", 1<<20),
		`{"cachedUsageUtilization":"` + strings.Repeat("x", 2<<20) + `"}`, "\x00\xff{", `{"a":1 "b":2}`} {
		if p, err := parseClaudeJSON(strings.NewReader(doc)); err == nil && len(p.samples) > 0 {
			t.Errorf("%.40q: %+v", doc, p.samples)
		}
	}
	if p, err := parseClaudeJSON(strings.NewReader(`{"numStartups":3,"x":[{"y":"}"}]}`)); err != nil || p.samples != nil {
		t.Fatalf("no key: %+v %v", p, err)
	}
}

// TestQuotaReaderStatsFirst: an unchanged file costs a stat, and is not
// opened (~/.claude.json was read whole every 10 s).
func TestQuotaReaderStatsFirst(t *testing.T) {
	p, _ := quotaDir(t)
	writeQuotaFile(t, p.ClaudeJSON, readQuotaFixture(t, "claude-ultra.json"))
	opens := 0
	old := openQuota
	openQuota = func(path string) (*os.File, error) { opens++; return old(path) }
	defer func() { openQuota = old }()
	r := NewQuotaReader(p)
	r.Now = func() time.Time { return time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC) }
	if got := r.Read(); len(got) != 3 || opens != 1 {
		t.Fatalf("first read: %d readings, %d opens", len(got), opens)
	}
	for range 5 {
		if got := r.Read(); len(got) != 0 {
			t.Fatalf("unchanged file read again: %+v", got)
		}
	}
	if opens != 1 {
		t.Fatalf("%d opens of an unchanged file", opens)
	}
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(p.ClaudeJSON, later, later); err != nil {
		t.Fatal(err)
	}
	if got := r.Read(); len(got) != 3 || opens != 2 {
		t.Fatalf("changed: %d readings, %d opens", len(got), opens)
	}
}

// TestQuotaReaderRefusesImplausible: a percentage outside 0–100 and a
// reading dated ahead of the clock are refused and counted, per source.
func TestQuotaReaderRefusesImplausible(t *testing.T) {
	p, _ := quotaDir(t)
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	doc := fmt.Sprintf(`{"version":2,"samples":[{"t":%d,"org":"o","u":{"fh":1e308,"sd":30}},{"t":%d,"org":"o","u":{"fh":12,"sd":31}}]}`,
		now.Add(-time.Minute).UnixMilli(), now.Add(3*time.Hour).UnixMilli())
	writeQuotaFile(t, p.Desktop, []byte(doc))
	r := NewQuotaReader(p)
	r.Now = func() time.Time { return now }
	got := r.Read()
	if len(got) != 1 || got[0].Percent != 30 {
		t.Fatalf("%+v", got)
	}
	if n := r.Refused()[quota.Desktop]; n != 3 { // 1e308, and the future sample's two windows
		t.Fatalf("refused %v", r.Refused())
	}
}

// TestQuotaErrorsInPlainWords: no Go type dump, no "opening log" for a
// file that is no log.
func TestQuotaErrorsInPlainWords(t *testing.T) {
	p, _ := quotaDir(t)
	writeQuotaFile(t, p.Desktop, []byte(`{"version":2,"samples":[{"t":"yesterday","org":"o","u":{"fh":1}}]}`))
	writeQuotaFile(t, p.Statusline, []byte(`{"version":1,"samples":[{"at":"2026-11-21T10:00:00Z","rate_limits":{"five_hour":{"used_perc`))
	if err := os.MkdirAll(p.ClaudeJSON, 0o700); err != nil { // a folder where the file belongs
		t.Fatal(err)
	}
	r := NewQuotaReader(p)
	r.Read()
	want := map[quota.Source]string{
		quota.Desktop:    "plan-usage-history.json: samples.t is a JSON string, not a number",
		quota.Statusline: "statusline.json: it ends early (half written?)",
		quota.Cache:      ".claude.json: not a regular file",
	}
	for src, w := range want {
		got := r.LastError(src)
		if got != w || strings.Contains(got, "Go struct") || strings.Contains(got, "opening log") {
			t.Errorf("%s: %q, want %q", src, got, w)
		}
	}
	// The status line's own state file: no "opening log" either.
	state := filepath.Join(testfs.TempDir(t), StatuslineStateName)
	if err := os.Mkdir(state, 0o700); err != nil {
		t.Fatal(err)
	}
	pct := 5.0
	err := RecordStatusline(state, &RateLimits{FiveHour: &RateWindow{UsedPercentage: &pct}}, time.Now())
	if err == nil || err.Error() != "statusline.json: not a regular file" {
		t.Errorf("state file: %v", err)
	}
}

// TestStatuslineAccountNote: the status line words Ultra's missing 5-hour
// window as the account's windows do ("no 5-hour limit"), from a note in
// its own state file; ~/.claude.json is looked at only when the state is
// written, at most every ten minutes, and walked only when it changed.
func TestStatuslineAccountNote(t *testing.T) {
	p, _ := quotaDir(t)
	writeQuotaFile(t, p.ClaudeJSON, readQuotaFixture(t, "claude-ultra.json"))
	opens := 0
	old := openQuota
	openQuota = func(path string) (*os.File, error) {
		if path == p.ClaudeJSON {
			opens++
		}
		return old(path)
	}
	defer func() { openQuota = old }()
	now := time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	call := func(at time.Time, pct float64) string {
		t.Helper()
		rl := &RateLimits{SevenDay: &RateWindow{UsedPercentage: &pct, ResetsAt: UnixStamp{time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}}}
		samples, err := StatuslineReadings(p.Statusline, p.ClaudeJSON, rl, at)
		if err != nil {
			t.Fatal(err)
		}
		return quota.FiguresText(quota.Figures(samples, at))
	}
	if got := call(now, 41); got != "Fable weekly 92% · 7d 41% (statusline, 0s ago) · no 5-hour limit" || opens != 1 {
		t.Fatalf("%q, %d opens", got, opens)
	}
	// Figures unchanged: nothing but the state file is read.
	call(now.Add(time.Minute), 41)
	// Changed figures within ten minutes, the file touched: not looked at.
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(p.ClaudeJSON, later, later); err != nil {
		t.Fatal(err)
	}
	call(now.Add(2*time.Minute), 42)
	if opens != 1 {
		t.Fatalf("%d opens within ten minutes", opens)
	}
	// Past ten minutes, changed figures: the changed file is walked again.
	call(now.Add(11*time.Minute), 43)
	if opens != 2 {
		t.Fatalf("%d opens after ten minutes", opens)
	}
	// Without rate_limits on stdin: the state file alone, the note kept.
	samples, _ := StatuslineReadings(p.Statusline, p.ClaudeJSON, nil, now.Add(12*time.Minute))
	if got := quota.Figures(samples, now.Add(12*time.Minute)).FiveHour; got == nil || got.State != quota.StateNoLimit || opens != 2 {
		t.Fatalf("%+v, %d opens", got, opens)
	}
}
