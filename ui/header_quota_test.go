package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"
)

func TestQuotaMeterNoSourceHint(t *testing.T) {
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return fixedNow }, Version: "test"})
	m.Update(sizeMsg(120, 40))
	m.Update(UpdatesMsg{governor.Update{Host: fixtureUpdate(t).Host}})
	out := m.View().Content
	if !strings.Contains(out, "Quota[") || !strings.Contains(out, "no quota source · coworktop statusline --install") {
		t.Fatalf("no hint:\n%s", out)
	}
}

func TestQuotaMeterStaleAndHelp(t *testing.T) {
	m := fixtureModel(t, 200, 50, false)
	out := m.View().Content
	if !strings.Contains(out, "Quota[") || !strings.Contains(out, "5h 62% (resets 15:40) · 7d 31% (desktop, 3m ago)  statusline, 40s ago") ||
		!strings.Contains(out, "(coworktop's estimate)") {
		t.Fatalf("quota meter:\n%s", out)
	}
	// An hour on, every reading is stale: said so, and no estimate.
	m.snap = m.state.Snapshot(fixedNow.Add(time.Hour))
	out = m.quotaMeter(120) + m.quotaLine(80)
	if !strings.Contains(out, "stale") || strings.Contains(out, "estimate") || !strings.Contains(out, "account-wide") {
		t.Fatalf("stale: %q", out)
	}
	help := strings.Join(m.helpLines(100), "\n")
	if !strings.Contains(help, "cloud sessions and other devices") {
		t.Fatal("the help does not say the quota is account-wide")
	}
}

func TestQuotaLineSaysUnreadable(t *testing.T) {
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return fixedNow }, Version: "test"})
	m.Update(sizeMsg(160, 40))
	m.Update(UpdatesMsg{governor.Update{QuotaErrors: map[quota.Source]int{quota.Desktop: 3}}})
	if out := m.View().Content; !strings.Contains(out, "quota files unreadable: desktop ×3 (coworktop doctor says why)") {
		t.Fatalf("no read errors shown:\n%s", out)
	}
}

// The hint is said once: where the meter has room for the command, the
// line beside it says what the command does rather than repeating it
// (the demo at 120x40 showed "coworktop statusline --install" twice).
func TestQuotaHintSaidOnce(t *testing.T) {
	for _, w := range []int{80, 120, 200} {
		m := New(Options{Mode: ModeLive, Clock: func() time.Time { return fixedNow }, Version: "test"})
		m.Update(sizeMsg(w, 40))
		m.Update(UpdatesMsg{governor.Update{Host: fixtureUpdate(t).Host}})
		out := m.View().Content
		if n := strings.Count(out, "coworktop statusline --install"); n != 1 {
			t.Errorf("%d columns: the hint is said %d times:\n%s", w, n, out)
		}
	}
}
