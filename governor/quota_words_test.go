package governor

import (
	"encoding/json"
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

func absent(src QuotaSource, w QuotaWindow, why QuotaAbsence, ago time.Duration) QuotaSample {
	return QuotaSample{Window: w, Absent: why, Source: src, At: qNow.Add(-ago)}
}

// TestQuotaUltraNoFiveHour: Claude Code stopped sending five_hour for
// Ultra accounts. The status line alone cannot say why: "not reported",
// never 0 %. Where the account's own windows (the cache's limits[]) leave
// the 5-hour one out, "no 5-hour limit".
func TestQuotaUltraNoFiveHour(t *testing.T) {
	seven := qs(QuotaStatusline, QuotaSevenDay, 41, 30*time.Second)
	seven.ResetsAt = qNow.Add(50 * time.Hour)
	sl := []QuotaSample{seven, absent(QuotaStatusline, QuotaFiveHour, QuotaNotReported, 30*time.Second)}
	q := QuotaFigures(sl, qNow)
	if got, want := QuotaSummary(q), "7d 41% · 5h not reported  statusline, 30s ago"; got != want {
		t.Fatalf("statusline alone: %q, want %q", got, want)
	}
	cache := []QuotaSample{qs(QuotaCache, QuotaSevenDay, 39, 3*time.Hour), absent(QuotaCache, QuotaFiveHour, QuotaNoLimit, 3*time.Hour)}
	q = QuotaFigures(append(sl, cache...), qNow)
	if got, want := QuotaSummary(q), "7d 41% · no 5-hour limit (cache, 3h ago)  statusline, 30s ago"; got != want {
		t.Fatalf("with the account's windows: %q, want %q", got, want)
	}
	if q.FiveHour.State != QuotaStateNoLimit || strings.Contains(q.Text, "0%") {
		t.Fatalf("5h %+v", q.FiveHour)
	}
	b, _ := json.Marshal(q.FiveHour)
	if strings.Contains(string(b), `"percent"`) || !strings.Contains(string(b), `"state":"no_limit"`) {
		t.Fatalf("json of an absent window: %s", b)
	}
	// A current 0 % keeps its percent.
	b, _ = json.Marshal(QuotaFigures([]QuotaSample{qs(QuotaStatusline, QuotaFiveHour, 0, time.Second)}, qNow).FiveHour)
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
		s := qs(QuotaStatusline, QuotaFiveHour, 88, 2*time.Minute)
		s.ResetsAt = qNow.Add(-20 * time.Minute) // before the reading
		q := QuotaFigures([]QuotaSample{s}, qNow.In(loc))
		want := "5h reset since " + s.ResetsAt.In(loc).Format("15:04") + " (88% before)  statusline, 2m ago"
		if got := QuotaSummary(q); got != want {
			t.Fatalf("%s: %q, want %q", name, got, want)
		}
		if q.FiveHour.State != QuotaStateResetPassed || !q.FiveHour.Stale {
			t.Fatalf("%s: %+v", name, q.FiveHour)
		}
	}
}

// TestQuotaBindingFirst: a per-model weekly limit at 92 % leads, named,
// before a 7-day 40 %; equal percentages lead with the sooner reset.
func TestQuotaBindingFirst(t *testing.T) {
	five := qs(QuotaCache, QuotaFiveHour, 12, 10*time.Minute)
	five.ResetsAt = qNow.Add(2 * time.Hour)
	seven := qs(QuotaCache, QuotaSevenDay, 40, 10*time.Minute)
	seven.ResetsAt = qNow.Add(90 * time.Hour)
	fable := qs(QuotaCache, QuotaWeeklyScoped, 92, 10*time.Minute)
	fable.Scope, fable.ResetsAt = "Fable", qNow.Add(30*time.Hour)
	for _, name := range quotaZones {
		loc := zone(t, name)
		q := QuotaFigures([]QuotaSample{five, seven, fable}, qNow.In(loc))
		if q.Binding != "Fable weekly" || q.Lead().Name != "Fable weekly" {
			t.Fatalf("binding %q", q.Binding)
		}
		want := "Fable weekly 92% (resets " + fable.ResetsAt.In(loc).Format("Mon 15:04") + ") · 7d 40% (resets " +
			seven.ResetsAt.In(loc).Format("Mon 15:04") + ") · 5h 12% (resets " + five.ResetsAt.In(loc).Format("15:04") + ")  cache, 10m ago"
		if got := QuotaSummaryLong(q); got != want {
			t.Fatalf("%s: %q, want %q", name, got, want)
		}
	}
	// Equal percentages: the sooner reset binds.
	seven.Percent = 12
	q := QuotaFigures([]QuotaSample{seven, five}, qNow)
	if q.Binding != "5h" {
		t.Fatalf("binding %q, want the sooner reset", q.Binding)
	}
}

// TestQuotaLimitReached: 100 % is not a stop since 2.1.325.
func TestQuotaLimitReached(t *testing.T) {
	q := QuotaFigures([]QuotaSample{qs(QuotaStatusline, QuotaFiveHour, 100, time.Minute)}, qNow)
	if got := QuotaSummary(q); got != "5h 100% limit reached  statusline, 1m ago" {
		t.Fatalf("%q", got)
	}
	if n := QuotaNotes(q); len(n) == 0 || n[0] != "5h limit reached: may go on at lower priority or finish the turn" {
		t.Fatalf("notes %q", n)
	}
}

// TestQuotaNoPlanLimitsAndSpend: no rate_limits at all reads "no plan
// limits"; a gateway's spend limit is a figure of its own.
func TestQuotaNoPlanLimitsAndSpend(t *testing.T) {
	sl := []QuotaSample{absent(QuotaStatusline, QuotaFiveHour, QuotaNoPlanLimits, 10*time.Second),
		absent(QuotaStatusline, QuotaSevenDay, QuotaNoPlanLimits, 10*time.Second)}
	q := QuotaFigures(sl, qNow)
	if !q.NoPlanLimits || QuotaSummary(q) != "no plan limits  statusline, 10s ago" {
		t.Fatalf("%q %+v", QuotaSummary(q), q)
	}
	spend := qs(QuotaStatusline, QuotaSpend, 35, 10*time.Second)
	q = QuotaFigures(append(sl, spend), qNow)
	if q.NoPlanLimits || q.Spend == nil || QuotaFiguresText(q) != "spend limit 35% · no plan limits" {
		t.Fatalf("%q", QuotaFiguresText(q))
	}
}

// TestQuotaRefusesImplausible: a percentage outside 0–100 and a reading
// dated ahead of the clock are not figures (1e308 printed 309 digits; a
// future reading read "0s ago" and outranked true ones).
func TestQuotaRefusesImplausible(t *testing.T) {
	huge := qs(QuotaStatusline, QuotaFiveHour, 1e308, time.Minute)
	future := qs(QuotaStatusline, QuotaSevenDay, 99, -time.Hour)
	true7 := qs(QuotaDesktop, QuotaSevenDay, 31, 2*time.Minute)
	q := QuotaFigures([]QuotaSample{huge, future, true7}, qNow)
	if q.FiveHour != nil || q.SevenDay.Percent != 31 || q.SevenDay.Source != QuotaDesktop {
		t.Fatalf("%+v", q)
	}
	var s State
	s.ApplyQuota([]QuotaSample{huge, qs(QuotaStatusline, QuotaFiveHour, -3, time.Minute)})
	if len(s.QuotaSamples()) != 0 {
		t.Fatalf("kept %+v", s.QuotaSamples())
	}
}

// TestQuotaPaceFromAnotherSource: the status line's few readings must not
// hide the desktop app's pace; the words say whose readings gave it.
func TestQuotaPaceFromAnotherSource(t *testing.T) {
	var samples []QuotaSample
	for i := range 5 {
		samples = append(samples, qs(QuotaDesktop, QuotaFiveHour, 40+5*float64(i), time.Duration(25-5*i)*time.Minute))
	}
	sl := qs(QuotaStatusline, QuotaFiveHour, 62, 30*time.Second)
	sl.ResetsAt = qNow.Add(3 * time.Hour)
	q := QuotaFigures(append(samples, sl), qNow)
	f := q.FiveHour
	if f.Source != QuotaStatusline || f.Burn == nil || f.Burn.From != QuotaDesktop {
		t.Fatalf("%+v burn %+v", f, f.Burn)
	}
	if txt := QuotaBurnText(f); !strings.Contains(txt, "from desktop readings") {
		t.Fatalf("%q", txt)
	}
}

// TestQuotaScopesBounded: a file listing thousands of scopes cannot grow
// the figures or the state.
func TestQuotaScopesBounded(t *testing.T) {
	var samples []QuotaSample
	for i := range 1000 {
		s := qs(QuotaCache, QuotaWeeklyScoped, 10, time.Minute)
		s.Scope = strings.Repeat("m", i%50+1) + string(rune('a'+i%26))
		samples = append(samples, s)
	}
	if q := QuotaFigures(samples, qNow); len(q.Figures()) > quotaMaxKeys {
		t.Fatalf("%d figures", len(q.Figures()))
	}
	var st State
	st.ApplyQuota(samples)
	if n := len(st.quota); n > quotaMaxKeys*len(QuotaSources) {
		t.Fatalf("%d rings", n)
	}
}

// TestQuotaSameInstantLaterWins: two readings of one source at the same
// second (a status line's state file, then its stdin): the later word
// wins, in the figures and in the state.
func TestQuotaSameInstantLaterWins(t *testing.T) {
	first := absent(QuotaStatusline, QuotaFiveHour, QuotaNotReported, time.Minute)
	then := qs(QuotaStatusline, QuotaFiveHour, 88, time.Minute)
	if q := QuotaFigures([]QuotaSample{first, then}, qNow); q.FiveHour.State != QuotaStateCurrent || q.FiveHour.Percent != 88 {
		t.Fatalf("%+v", q.FiveHour)
	}
	var s State
	s.ApplyQuota([]QuotaSample{first})
	s.ApplyQuota([]QuotaSample{then})
	if got := s.QuotaSamples(); len(got) != 1 || got[0].Percent != 88 {
		t.Fatalf("%+v", got)
	}
}
