package quota

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

var qNow = time.Date(2026, 9, 4, 13, 0, 0, 0, time.UTC)

func qs(src Source, w Window, pct float64, ago time.Duration) Sample {
	return Sample{Window: w, Percent: pct, Source: src, At: qNow.Add(-ago)}
}

func TestQuotaFiguresPrefersFreshSourcesInOrder(t *testing.T) {
	samples := []Sample{
		qs(Cache, FiveHour, 10, 30*time.Minute),
		qs(Desktop, FiveHour, 40, 3*time.Minute),
		qs(Statusline, FiveHour, 62, 40*time.Second),
		qs(Desktop, SevenDay, 31, 3*time.Minute),
	}
	q := Figures(samples, qNow)
	if q.FiveHour == nil || q.FiveHour.Source != Statusline || q.FiveHour.Percent != 62 || q.FiveHour.Stale {
		t.Fatalf("5h = %+v, want the fresh statusline 62", q.FiveHour)
	}
	// The statusline had no 7-day window: the desktop's fills it.
	if q.SevenDay == nil || q.SevenDay.Source != Desktop || q.SevenDay.Percent != 31 {
		t.Fatalf("7d = %+v, want desktop 31", q.SevenDay)
	}
	if got, want := Summary(q), "5h 62% · 7d 31% (desktop, 3m ago)  statusline, 40s ago"; got != want {
		t.Fatalf("summary %q, want %q", got, want)
	}
}

func TestQuotaFiguresFallsBackWhenStale(t *testing.T) {
	samples := []Sample{
		qs(Statusline, FiveHour, 62, 2*time.Hour), // stale: past 15 minutes
		qs(Desktop, FiveHour, 55, 4*time.Minute),
	}
	q := Figures(samples, qNow)
	if q.FiveHour.Source != Desktop || q.FiveHour.Stale {
		t.Fatalf("5h = %+v, want the fresh desktop figure", q.FiveHour)
	}
	// Every source stale: the newest reading, marked stale.
	samples = []Sample{
		qs(Statusline, FiveHour, 62, 2*time.Hour),
		qs(Cache, FiveHour, 20, 72*time.Hour),
	}
	q = Figures(samples, qNow)
	if q.FiveHour.Source != Statusline || !q.FiveHour.Stale || q.FiveHour.AgeS != 7200 {
		t.Fatalf("5h = %+v, want the newest (statusline), stale, 7200 s old", q.FiveHour)
	}
	if !strings.Contains(Summary(q), "statusline, 2h ago, stale") {
		t.Fatalf("summary %q does not say stale", Summary(q))
	}
	if q.SevenDay != nil {
		t.Fatalf("7d = %+v, want none: no source had it", q.SevenDay)
	}
}

func TestQuotaFiguresNone(t *testing.T) {
	if q := Figures(nil, qNow); q != nil {
		t.Fatalf("got %+v, want nil", q)
	}
	if got := Summary(nil); got != NoSource {
		t.Fatalf("summary %q", got)
	}
}

func TestQuotaNewestOfInterleavedReadings(t *testing.T) {
	// Two orgs' samples interleaved, out of order in the file: the newest
	// by time wins, not the last in the list.
	samples := []Sample{
		qs(Desktop, FiveHour, 12, 1*time.Minute),
		qs(Desktop, FiveHour, 80, 3*time.Minute),
	}
	if q := Figures(samples, qNow); q.FiveHour.Percent != 12 {
		t.Fatalf("5h = %v, want 12 (the newest)", q.FiveHour.Percent)
	}
}

func TestQuotaBurn(t *testing.T) {
	reset := qNow.Add(time.Hour)
	var samples []Sample
	// 70 % → 82 % over the last 40 minutes: 18 %/h, full at ~14:00.
	for i := 0; i <= 4; i++ {
		s := qs(Statusline, FiveHour, 70+3*float64(i), time.Duration(40-10*i)*time.Minute)
		s.ResetsAt = reset.Add(30 * time.Minute)
		samples = append(samples, s)
	}
	q := Figures(samples, qNow)
	b := q.FiveHour.Burn
	if b == nil || b.Samples != 5 || b.PerHour < 17.9 || b.PerHour > 18.1 || !b.BeforeReset || b.Basis != vocab.SourceEstimated {
		t.Fatalf("burn = %+v", b)
	}
	if want := qNow.Add(time.Hour); b.FullAt.Sub(want).Abs() > time.Second {
		t.Fatalf("full at %v, want %v", b.FullAt, want)
	}
	txt := BurnText(q.FiveHour)
	if txt != "at this pace 5h reaches 100 % at 14:00, before its 14:30 reset (coworktop's estimate)" {
		t.Fatalf("text %q", txt)
	}
	// Two samples are not enough.
	if q := Figures(samples[3:], qNow); q.FiveHour.Burn != nil {
		t.Fatalf("burn from 2 samples: %+v", q.FiveHour.Burn)
	}
	// A reset (a drop) starts the series again: 2 samples after it.
	drop := append(samples[:3:3], qs(Statusline, FiveHour, 2, 10*time.Minute), qs(Statusline, FiveHour, 4, 0))
	if q := Figures(drop, qNow); q.FiveHour.Burn != nil || q.FiveHour.Percent != 4 {
		t.Fatalf("after a reset: %+v", q.FiveHour)
	}
}

func TestQuotaBurnAfterReset(t *testing.T) {
	var samples []Sample
	for i := 0; i <= 3; i++ {
		s := qs(Statusline, FiveHour, 10+float64(i), time.Duration(30-10*i)*time.Minute)
		s.ResetsAt = qNow.Add(30 * time.Minute)
		samples = append(samples, s)
	}
	q := Figures(samples, qNow)
	b := q.FiveHour.Burn
	if b == nil || b.BeforeReset || !b.FullAt.IsZero() {
		t.Fatalf("burn = %+v, want no 100 %% before the reset", b)
	}
	if txt := BurnText(q.FiveHour); !strings.Contains(txt, "stays under 100 % until its 13:30 reset") || !strings.HasSuffix(txt, "(coworktop's estimate)") {
		t.Fatalf("text %q", txt)
	}
}

func TestQuotaBurnShort(t *testing.T) {
	f := &Figure{Window: FiveHour, Name: "5h", ResetsAt: qNow.Add(time.Hour), ObservedAt: qNow, loc: time.UTC,
		Burn: &Burn{PerHour: 30, FullAt: qNow.Add(30 * time.Minute), BeforeReset: true}}
	if got := BurnShort(f); got != "5h full at 13:30, before its 14:00 reset (est.)" {
		t.Fatalf("%q", got)
	}
	if BurnShort(&Figure{}) != "" || BurnText(nil) != "" {
		t.Fatal("no estimate gave words")
	}
}

func TestQuotaResetSinceReading(t *testing.T) {
	// 95 % read 4 minutes ago, its window reset 2 minutes ago: no longer
	// the figure, though within the statusline's interval.
	s := qs(Statusline, FiveHour, 95, 4*time.Minute)
	s.ResetsAt = qNow.Add(-2 * time.Minute)
	q := Figures([]Sample{s}, qNow)
	if !q.FiveHour.Stale || !q.FiveHour.ResetPassed || q.FiveHour.Burn != nil {
		t.Fatalf("%+v", q.FiveHour)
	}
	if got := Summary(q); got != "5h reset since 12:58 (95% before)  statusline, 4m ago" {
		t.Fatalf("summary %q", got)
	}
	// A fresh desktop reading after the reset wins.
	q = Figures([]Sample{s, qs(Desktop, FiveHour, 3, time.Minute)}, qNow)
	if q.FiveHour.Source != Desktop || q.FiveHour.Percent != 3 || q.FiveHour.Stale {
		t.Fatalf("%+v", q.FiveHour)
	}
}
