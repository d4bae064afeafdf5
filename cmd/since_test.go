package cmd

import (
	"strings"
	"testing"
	"time"
)

func TestParseSinceTakesDaysWeeksAndDates(t *testing.T) {
	loc := time.Local
	cases := []struct {
		in   string
		back time.Duration
		at   time.Time
	}{
		{"2h", 2 * time.Hour, time.Time{}},
		{"90m", 90 * time.Minute, time.Time{}},
		{"7d", 7 * 24 * time.Hour, time.Time{}},
		{"2w", 14 * 24 * time.Hour, time.Time{}},
		{"1d12h", 36 * time.Hour, time.Time{}},
		{"1w2d3h", (9*24 + 3) * time.Hour, time.Time{}},
		{"2026-12-01", 0, time.Date(2026, 12, 1, 0, 0, 0, 0, loc)},
		{"2026-12-01T09:30", 0, time.Date(2026, 12, 1, 9, 30, 0, 0, loc)},
		{"2026-12-01 09:30:15", 0, time.Date(2026, 12, 1, 9, 30, 15, 0, loc)},
		{"2026-12-01T09:30:00+09:00", 0, time.Date(2026, 12, 1, 0, 30, 0, 0, time.UTC)},
	}
	for _, c := range cases {
		got, err := parseSince(c.in, loc)
		if err != nil || got.back != c.back || !got.at.Equal(c.at) {
			t.Errorf("parseSince(%q) = %+v, %v; want back %v at %v", c.in, got, err, c.back, c.at)
		}
	}
	for _, bad := range []string{"soon", "7x", "d", "-1h", "0", "2026-13-01", "7d-", "999999999d"} {
		if _, err := parseSince(bad, loc); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("parseSince(%q): %v, want one line of error", bad, err)
		}
	}
}

func TestTimeFlagsSpan(t *testing.T) {
	newest := time.Date(2026, 12, 7, 10, 0, 0, 0, time.Local)
	sp, err := (&timeFlags{since: "7d"}).span(newest)
	if err != nil || !sp.From.Equal(newest.Add(-7*24*time.Hour)) || !sp.To.IsZero() {
		t.Errorf("--since 7d: %+v %v", sp, err)
	}
	sp, err = (&timeFlags{from: "2026-12-01", to: "2026-12-02"}).span(newest)
	if err != nil || !sp.From.Equal(time.Date(2026, 12, 1, 0, 0, 0, 0, time.Local)) || !sp.To.Equal(time.Date(2026, 12, 3, 0, 0, 0, 0, time.Local)) {
		t.Errorf("--from 2026-12-01 --to 2026-12-02 (its end): %+v %v", sp, err)
	}
	for _, tf := range []timeFlags{{since: "2h", from: "2026-12-01"}, {from: "2026-12-02", to: "2026-12-01T12:00"}, {to: "tomorrow"}} {
		if _, err := tf.span(newest); err == nil {
			t.Errorf("%+v: no error", tf)
		}
	}
}
