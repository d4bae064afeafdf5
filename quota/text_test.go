package quota

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"
)

// zones the quota's words are checked in: the reset clock is the reader's.
var quotaZones = []string{"UTC", "America/Los_Angeles", "Europe/Berlin", "Asia/Tokyo"}

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Skipf("no zone data for %s: %v", name, err)
	}
	return loc
}

func absent(src Source, w Window, why Absence, ago time.Duration) Sample {
	return Sample{Window: w, Absent: why, Source: src, At: qNow.Add(-ago)}
}

// TestQuotaUltraNoFiveHour: Claude Code stopped sending five_hour for
// Ultra accounts. The status line alone cannot say why: "not reported",
// never 0 %. Where the account's own windows (the cache's limits[]) leave
// the 5-hour one out, "no 5-hour limit".
func TestQuotaUltraNoFiveHour(t *testing.T) {
	seven := qs(Statusline, SevenDay, 41, 30*time.Second)
	seven.ResetsAt = qNow.Add(50 * time.Hour)
	sl := []Sample{seven, absent(Statusline, FiveHour, NotReported, 30*time.Second)}
	q := Figures(sl, qNow)
	if got, want := Summary(q), "7d 41% · 5h not reported  statusline, 30s ago"; got != want {
		t.Fatalf("statusline alone: %q, want %q", got, want)
	}
	cache := []Sample{qs(Cache, SevenDay, 39, 3*time.Hour), absent(Cache, FiveHour, NoLimit, 3*time.Hour)}
	q = Figures(append(sl, cache...), qNow)
	if got, want := Summary(q), "7d 41% · no 5-hour limit (cache, 3h ago)  statusline, 30s ago"; got != want {
		t.Fatalf("with the account's windows: %q, want %q", got, want)
	}
	if q.FiveHour.State != StateNoLimit || strings.Contains(q.Text, "0%") {
		t.Fatalf("5h %+v", q.FiveHour)
	}
	b, _ := json.Marshal(q.FiveHour)
	if strings.Contains(string(b), `"percent"`) || !strings.Contains(string(b), `"state":"no_limit"`) {
		t.Fatalf("json of an absent window: %s", b)
	}
	// A current 0 % keeps its percent.
	b, _ = json.Marshal(Figures([]Sample{qs(Statusline, FiveHour, 0, time.Second)}, qNow).FiveHour)
	if !strings.Contains(string(b), `"percent":0`) {
		t.Fatalf("json of 0 %%: %s", b)
	}
}

// TestQuotaResetPassedWheneverRead: a resets_at in the past reads "reset
// since HH:MM (88% before)", also when the reading was taken after it
// (Claude Code passes the last response's rate_limits after a reset), in
// the reader's zone.
func TestQuotaResetPassedWheneverRead(t *testing.T) {
	for _, name := range quotaZones {
		loc := zone(t, name)
		s := qs(Statusline, FiveHour, 88, 2*time.Minute)
		s.ResetsAt = qNow.Add(-20 * time.Minute) // before the reading
		q := Figures([]Sample{s}, qNow.In(loc))
		want := "5h reset since " + s.ResetsAt.In(loc).Format("15:04") + " (88% before)  statusline, 2m ago"
		if got := Summary(q); got != want {
			t.Fatalf("%s: %q, want %q", name, got, want)
		}
		if q.FiveHour.State != StateResetPassed || !q.FiveHour.Stale {
			t.Fatalf("%s: %+v", name, q.FiveHour)
		}
	}
}

// TestQuotaBindingFirst: a per-model weekly limit at 92 % leads, named,
// before a 7-day 40 %; equal percentages lead with the sooner reset.
func TestQuotaBindingFirst(t *testing.T) {
	five := qs(Cache, FiveHour, 12, 10*time.Minute)
	five.ResetsAt = qNow.Add(2 * time.Hour)
	seven := qs(Cache, SevenDay, 40, 10*time.Minute)
	seven.ResetsAt = qNow.Add(90 * time.Hour)
	fable := qs(Cache, WeeklyScoped, 92, 10*time.Minute)
	fable.Scope, fable.ResetsAt = "Fable", qNow.Add(30*time.Hour)
	for _, name := range quotaZones {
		loc := zone(t, name)
		q := Figures([]Sample{five, seven, fable}, qNow.In(loc))
		if q.Binding != "Fable weekly" || q.Lead().Name != "Fable weekly" {
			t.Fatalf("binding %q", q.Binding)
		}
		want := "Fable weekly 92% (resets " + fable.ResetsAt.In(loc).Format("Mon 15:04") + ") · 7d 40% (resets " +
			seven.ResetsAt.In(loc).Format("Mon 15:04") + ") · 5h 12% (resets " + five.ResetsAt.In(loc).Format("15:04") + ")  cache, 10m ago"
		if got := SummaryLong(q); got != want {
			t.Fatalf("%s: %q, want %q", name, got, want)
		}
	}
	// Equal percentages: the sooner reset binds.
	seven.Percent = 12
	q := Figures([]Sample{seven, five}, qNow)
	if q.Binding != "5h" {
		t.Fatalf("binding %q, want the sooner reset", q.Binding)
	}
}

// TestQuotaLimitReached: 100 % is not a stop since 2.1.325.
func TestQuotaLimitReached(t *testing.T) {
	q := Figures([]Sample{qs(Statusline, FiveHour, 100, time.Minute)}, qNow)
	if got := Summary(q); got != "5h 100% limit reached  statusline, 1m ago" {
		t.Fatalf("%q", got)
	}
	if n := Notes(q); len(n) == 0 || n[0] != "5h limit reached: may go on at lower priority or finish the turn" {
		t.Fatalf("notes %q", n)
	}
}

// TestQuotaNoPlanLimitsAndSpend: no rate_limits at all reads "no plan
// limits"; a gateway's spend limit is a figure of its own.
func TestQuotaNoPlanLimitsAndSpend(t *testing.T) {
	sl := []Sample{absent(Statusline, FiveHour, NoPlanLimits, 10*time.Second),
		absent(Statusline, SevenDay, NoPlanLimits, 10*time.Second)}
	q := Figures(sl, qNow)
	if !q.NoPlanLimits || Summary(q) != "no plan limits  statusline, 10s ago" {
		t.Fatalf("%q %+v", Summary(q), q)
	}
	spend := qs(Statusline, Spend, 35, 10*time.Second)
	q = Figures(append(sl, spend), qNow)
	if q.NoPlanLimits || q.Spend == nil || FiguresText(q) != "spend limit 35% · no plan limits" {
		t.Fatalf("%q", FiguresText(q))
	}
}

// TestQuotaRefusesImplausible: a percentage outside 0–100 and a reading
// dated ahead of the clock are not figures (1e308 printed 309 digits; a
// future reading read "0s ago" and outranked true ones).
func TestQuotaRefusesImplausible(t *testing.T) {
	huge := qs(Statusline, FiveHour, 1e308, time.Minute)
	future := qs(Statusline, SevenDay, 99, -time.Hour)
	true7 := qs(Desktop, SevenDay, 31, 2*time.Minute)
	q := Figures([]Sample{huge, future, true7}, qNow)
	if q.FiveHour != nil || q.SevenDay.Percent != 31 || q.SevenDay.Source != Desktop {
		t.Fatalf("%+v", q)
	}
}

// TestQuotaPaceFromAnotherSource: the status line's few readings must not
// hide the desktop app's pace; the words say whose readings gave it.
func TestQuotaPaceFromAnotherSource(t *testing.T) {
	var samples []Sample
	for i := range 5 {
		samples = append(samples, qs(Desktop, FiveHour, 40+5*float64(i), time.Duration(25-5*i)*time.Minute))
	}
	sl := qs(Statusline, FiveHour, 62, 30*time.Second)
	sl.ResetsAt = qNow.Add(3 * time.Hour)
	q := Figures(append(samples, sl), qNow)
	f := q.FiveHour
	if f.Source != Statusline || f.Burn == nil || f.Burn.From != Desktop {
		t.Fatalf("%+v burn %+v", f, f.Burn)
	}
	if txt := BurnText(f); !strings.Contains(txt, "from desktop readings") {
		t.Fatalf("%q", txt)
	}
}

// TestQuotaScopesBounded: a file listing thousands of scopes cannot grow
// the figures or the state.
func TestQuotaScopesBounded(t *testing.T) {
	var samples []Sample
	for i := range 1000 {
		s := qs(Cache, WeeklyScoped, 10, time.Minute)
		s.Scope = strings.Repeat("m", i%50+1) + string(rune('a'+i%26))
		samples = append(samples, s)
	}
	if q := Figures(samples, qNow); len(q.Figures()) > MaxKeys {
		t.Fatalf("%d figures", len(q.Figures()))
	}
}

// TestQuotaSameInstantLaterWins: two readings of one source at the same
// second (a status line's state file, then its stdin): the later word
// wins, in the figures and in the state.
func TestQuotaSameInstantLaterWins(t *testing.T) {
	first := absent(Statusline, FiveHour, NotReported, time.Minute)
	then := qs(Statusline, FiveHour, 88, time.Minute)
	if q := Figures([]Sample{first, then}, qNow); q.FiveHour.State != StateCurrent || q.FiveHour.Percent != 88 {
		t.Fatalf("%+v", q.FiveHour)
	}
}

// TestPercentTextNoMinusZero (issue 53): a reading of -0 (valid JSON,
// within 0–100) was shown "5h -0%".
func TestPercentTextNoMinusZero(t *testing.T) {
	for _, p := range []float64{math.Copysign(0, -1), -0.3, 0, 0.4} {
		if got := PercentText(p); got != "0%" {
			t.Errorf("PercentText(%v) = %q, want 0%%", p, got)
		}
	}
	f := Figure{Name: "5h", Percent: math.Copysign(0, -1)}
	if got := FigureText(&f); got != "5h 0%" {
		t.Errorf("FigureText = %q", got)
	}
}

// TestQuotaNotReportedKeepsOthersFigure: a fresh status line that passes
// only the 5-hour window must not hide the weekly percentage the desktop
// app read a little earlier: the app's figure shows, with its age and
// stale mark once it is older than the app's interval, instead of "7d not
// reported".
func TestQuotaNotReportedKeepsOthersFigure(t *testing.T) {
	five := qs(Statusline, FiveHour, 12, 20*time.Second)
	week := absent(Statusline, SevenDay, NotReported, 20*time.Second)
	for _, ago := range []time.Duration{3 * time.Minute, 2 * time.Hour} {
		app := qs(Desktop, SevenDay, 64, ago)
		app.ResetsAt = qNow.Add(40 * time.Hour)
		q := Figures([]Sample{five, week, app}, qNow)
		f := q.SevenDay
		if f == nil || f.Source != Desktop || f.Percent != 64 || !f.State.HasPercent() {
			t.Fatalf("app's 7d read %s ago: %+v, want the app's 64 %%", ago, f)
		}
		if stale := ago > Desktop.interval(); f.Stale != stale || strings.Contains(q.Text, "not reported") {
			t.Fatalf("app's 7d read %s ago: stale %v, text %q", ago, f.Stale, q.Text)
		}
	}
}
