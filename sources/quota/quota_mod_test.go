package quota

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"
	"github.com/coworktop/coworktop/quota"
)

// The mod's file as Claude Code 2.1.332's session.measure gave it (the
// stub's 0.42 and 0.17 headers), read as the "mod" source: percentages,
// resets and the reply's time; a window of a kind coworktop does not know
// is left out, one the file lacks is "not reported".
func TestModLimits(t *testing.T) {
	dir := testfs.TempDir(t)
	path := filepath.Join(dir, ModLimitsName)
	real := `{"v":1,"sessionId":"497232f1-4dcc-4e7f-9f2b-2d9482378b2c","at":"2026-12-07T06:53:06.513Z","rateLimits":[{"kind":"five_hour","percentUsed":42,"resetsAt":"2026-12-07T07:53:05.000Z"},{"kind":"seven_day","percentUsed":17,"resetsAt":"2026-12-10T06:53:05.000Z"},{"kind":"seven_day_mystery","percentUsed":99}]}`
	if err := os.WriteFile(path, []byte(real), 0o600); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 12, 7, 7, 0, 0, 0, time.UTC)
	r := NewQuotaReader(QuotaPaths{Mod: path})
	r.Now = func() time.Time { return now }
	got := r.Read()
	at := time.Date(2026, 12, 7, 6, 53, 6, 0, time.UTC)
	want := []quota.Sample{
		{Window: quota.FiveHour, Percent: 42, ResetsAt: time.Date(2026, 12, 7, 7, 53, 5, 0, time.UTC), Source: quota.Mod, At: at},
		{Window: quota.SevenDay, Percent: 17, ResetsAt: time.Date(2026, 12, 10, 6, 53, 5, 0, time.UTC), Source: quota.Mod, At: at},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("reading %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	v := quota.Figures(got, now)
	if v.FiveHour == nil || v.FiveHour.Source != quota.Mod || v.FiveHour.State != quota.StateCurrent {
		t.Fatalf("figure: %+v", v.FiveHour)
	}

	// Claude Code writes the file in place: caught half written, it is an
	// error this time and read again at the next look.
	if err := os.WriteFile(path, []byte(real[:60]), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := r.Read(); len(got) != 0 || r.Errors()[quota.Mod] != 1 {
		t.Fatalf("half written: %+v, errors %v", got, r.Errors())
	}
	only5h := `{"v":1,"sessionId":"s","at":"2026-12-07T06:59:00Z","rateLimits":[{"kind":"five_hour","percentUsed":143}]}`
	if err := os.WriteFile(path, []byte(only5h), 0o600); err != nil {
		t.Fatal(err)
	}
	got = r.Read()
	if len(got) != 1 || got[0].Window != quota.SevenDay || got[0].Absent != quota.NotReported || r.Refused()[quota.Mod] != 1 {
		t.Fatalf("a refused 5h and no 7d: %+v, refused %v", got, r.Refused())
	}
}

// Beside a fresh status line the mod's reading gives way (the status
// line is preferred); once the status line is stale, the mod's fresh one
// leads.
func TestModBesideStatusline(t *testing.T) {
	now := time.Date(2026, 12, 7, 7, 0, 0, 0, time.UTC)
	sl := quota.Sample{Window: quota.FiveHour, Percent: 40, Source: quota.Statusline, At: now.Add(-time.Minute)}
	md := quota.Sample{Window: quota.FiveHour, Percent: 44, Source: quota.Mod, At: now.Add(-10 * time.Second)}
	if f := quota.Figures([]quota.Sample{sl, md}, now).FiveHour; f.Source != quota.Statusline {
		t.Fatalf("fresh status line: %+v", f)
	}
	sl.At = now.Add(-time.Hour)
	if f := quota.Figures([]quota.Sample{sl, md}, now).FiveHour; f.Source != quota.Mod || f.Percent != 44 {
		t.Fatalf("stale status line: %+v", f)
	}
	md.At = now.Add(-2 * time.Hour)
	if f := quota.Figures([]quota.Sample{sl, md}, now).FiveHour; f.Source != quota.Statusline || !f.Stale {
		t.Fatalf("both stale, the newest said stale: %+v", f)
	}
}
