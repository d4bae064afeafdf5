package quota

import (
	"math"
	"strings"
	"testing"
	"time"
)

var shareNow = time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)

func row(min int, msg, req uint64, model ModelClass, out int64) Usage {
	return Usage{At: shareNow.Add(time.Duration(-min) * time.Minute), Model: model, MsgKey: msg, ReqKey: req,
		Tokens: Tokens{Input: 10, CacheWrite5m: 2000, CacheRead: 12000, Output: out}}
}

// One reply written as one line per content block counts once; a fork's
// copy in another session's file counts once, for the session that had it
// first; a /btw replay (same message id, new request id, sidechain) counts
// once; a row without a request id is matched within its session only.
func TestDedupAsTheReferenceSays(t *testing.T) {
	a := SessionUsage{Session: "a", Files: 1, Rows: []Usage{
		row(30, 1, 11, ModelSonnet, 300), row(30, 1, 11, ModelSonnet, 300), // two blocks
		row(20, 2, 12, ModelSonnet, 10), row(20, 2, 12, ModelSonnet, 300), // streaming placeholder, then the final count
		row(10, 5, 0, ModelSonnet, 300), row(10, 5, 0, ModelSonnet, 300), // no request id, in one session
	}}
	btw := row(15, 2, 99, ModelSonnet, 300)
	btw.Sidechain = true
	b := SessionUsage{Session: "b", Files: 1, Rows: []Usage{
		row(30, 1, 11, ModelSonnet, 300), // forked copy
		btw,
		row(10, 5, 0, ModelSonnet, 300), // a gateway reusing an id in another session: its own
		{At: shareNow, Model: ModelNone, MsgKey: 9, ReqKey: 9},
	}}
	got := Dedup([]SessionUsage{a, b})
	if len(got) != 4 {
		t.Fatalf("%d rows after dedup, want 4: %+v", len(got), got)
	}
	per := map[int]int{}
	for _, o := range got {
		per[o.Session]++
		if o.MsgKey == 2 && o.Tokens.Output != 300 {
			t.Errorf("message 2 kept with output %d, want the larger row (300)", o.Tokens.Output)
		}
		if o.MsgKey == 2 && o.Sidechain {
			t.Error("the /btw replay kept over the main chain's row")
		}
	}
	if per[0] != 3 || per[1] != 1 {
		t.Fatalf("rows per session %v, want a 3, b 1", per)
	}
}

// Three and one equal replies: 75 % and 25 %; weights by model and kind.
func TestSharesAndWeights(t *testing.T) {
	r := &UsageReading{At: shareNow, Sessions: []SessionUsage{
		{Session: "a", Files: 1, Rows: []Usage{row(40, 1, 1, ModelSonnet, 300), row(30, 2, 2, ModelSonnet, 300), row(5, 3, 3, ModelSonnet, 300)}},
		{Session: "b", Files: 1, Rows: []Usage{row(20, 4, 4, ModelSonnet, 300)}},
	}}
	v := Shares(r, Dedup(r.Sessions), nil, nil, shareNow)
	a, b := v.Of("a"), v.Of("b")
	if a.Percent != 75 || b.Percent != 25 || a.Rank != 1 || b.Rank != 2 {
		t.Fatalf("a %.2f%% rank %d, b %.2f%% rank %d", a.Percent, a.Rank, b.Percent, b.Rank)
	}
	if a.Text != "75%" || !strings.Contains(a.BasisText, ShareLabel) || v.WindowBasis != BasisLast5h {
		t.Fatalf("words: %q, %q, basis %v", a.Text, a.BasisText, v.WindowBasis)
	}
	if a.BurnPercent != 100 || b.Burn != 0 {
		t.Fatalf("burn of the last 15 min: a %.0f%%, b %.0f", a.BurnPercent, b.Burn)
	}
	u := row(0, 1, 1, ModelSonnet, 300)
	want := 10*1 + 2000*1.25 + 12000*0.1 + 300*5.0
	if w := u.Weight(); math.Abs(w-want) > 1e-9 {
		t.Fatalf("sonnet weight %v, want %v", w, want)
	}
	u.Model = ModelOpus
	if w := u.Weight(); math.Abs(w-want*5/3) > 1e-9 {
		t.Fatalf("opus weight %v, want %v", w, want*5/3)
	}
	u.Model, u.Fast = ModelHaiku, true
	if w := u.Weight(); math.Abs(w-want/3*6) > 1e-9 {
		t.Fatalf("haiku fast weight %v", w)
	}
}

// The window starts at the 5-hour figure's reset less 5 hours; a reply
// before it does not count. The meter's rise while no local session
// replied is elsewhere, never spread over the sessions.
func TestWindowAndElsewhere(t *testing.T) {
	resets := shareNow.Add(3 * time.Hour) // the window began at 10:00
	five := &Figure{Window: FiveHour, State: StateCurrent, Percent: 40, ResetsAt: resets, Source: Desktop}
	r := &UsageReading{At: shareNow, Sessions: []SessionUsage{
		{Session: "a", Files: 1, Rows: []Usage{row(150, 1, 1, ModelSonnet, 300), row(50, 2, 2, ModelSonnet, 300)}},
		{Session: "b", Files: 1, Rows: []Usage{row(35, 3, 3, ModelSonnet, 300)}},
	}}
	samples := []Sample{ // the desktop app's readings: 10 % by 10:30 with no local reply, then local work
		{Window: FiveHour, Percent: 10, Source: Desktop, At: shareNow.Add(-90 * time.Minute), ResetsAt: resets},
		{Window: FiveHour, Percent: 30, Source: Desktop, At: shareNow.Add(-40 * time.Minute), ResetsAt: resets},
		{Window: FiveHour, Percent: 40, Source: Desktop, At: shareNow.Add(-30 * time.Minute), ResetsAt: resets},
		{Window: FiveHour, Percent: 99, Source: Statusline, At: shareNow.Add(-20 * time.Minute), ResetsAt: resets},
	}
	v := Shares(r, Dedup(r.Sessions), five, samples, shareNow)
	if v.WindowBasis != BasisResetsAt || !v.WindowStart.Equal(shareNow.Add(-2*time.Hour)) {
		t.Fatalf("window from %v (%v)", v.WindowStart, v.WindowBasis)
	}
	if a := v.Of("a"); a.Replies != 1 || a.Percent != 50 {
		t.Fatalf("a: %d replies, %.0f%%: the reply before the window counted", a.Replies, a.Percent)
	}
	e := v.Elsewhere
	if e == nil || e.Percent != 10 || e.Local != 30 || e.Readings != 4 {
		t.Fatalf("elsewhere %+v, want 10 %% elsewhere and 30 %% local", e)
	}
	if !strings.Contains(v.Text, "elsewhere 10%") || !strings.Contains(e.Text, ShareLabel) {
		t.Fatalf("summary %q", v.Text)
	}
	// Without the account's percentage, no elsewhere.
	if v := Shares(r, Dedup(r.Sessions), nil, samples, shareNow); v.Elsewhere != nil {
		t.Fatalf("elsewhere without a 5-hour figure: %+v", v.Elsewhere)
	}
}

// The window's start is said in the clock's zone, whatever zone.
func TestShareWindowInZones(t *testing.T) {
	for _, zone := range []string{"America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata"} {
		loc, err := time.LoadLocation(zone)
		if err != nil {
			t.Skip("no zone data")
		}
		now := shareNow.In(loc)
		five := &Figure{Window: FiveHour, State: StateCurrent, Percent: 40, ResetsAt: shareNow.Add(3 * time.Hour), Source: Desktop}
		v := Shares(&UsageReading{At: now}, nil, five, nil, now)
		want := shareNow.Add(-2 * time.Hour).In(loc).Format("15:04")
		if !strings.Contains(v.Text, "began at "+want) {
			t.Errorf("%s: %q, want the start at %s", zone, v.Text, want)
		}
	}
}

func TestModelClassOf(t *testing.T) {
	for in, want := range map[string]ModelClass{"claude-opus-5-20260801": ModelOpus, "claude-sonnet-4-6": ModelSonnet,
		"claude-haiku-4-5": ModelHaiku, "<synthetic>": ModelNone, "": ModelNone, "claude-fable-1": ModelOther, "Claude-OPUS": ModelOpus} {
		if got := ModelClassOf([]byte(in)); got != want {
			t.Errorf("%q: %v, want %v", in, got, want)
		}
	}
}
