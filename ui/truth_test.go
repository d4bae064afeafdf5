package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// After the app quit, the screen says so and nothing contradicts it: the
// App field leads with the quit, each session's state carries its reason,
// the governor's last count is not shown beside 0 live, the logged level
// is dimmed with its age, and the title says from when the view reads
// (issue 23 #1, #4).
func TestScreenAfterTheAppQuit(t *testing.T) {
	now := fixedNow
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return now }, Version: "test"})
	m.Update(sizeMsg(200, 50))
	m.Update(UpdatesMsg{{Events: parseLog(t, "main.log", `2026-09-30 13:50:00 [info] Starting app { appVersion: '1.46388.2', isPackaged: true, platform: 'darwin', arch: 'arm64' }
2026-09-30 13:50:01 [debug] [CliGovernor] acquire(user) effective=0/8
2026-09-30 13:50:02 [info] Starting local session local_aaaaaaaa-0000-4000-8000-000000000001 in /Users/u/projects/web-frontend
2026-09-30 14:05:00 [warn] [CliGovernor] memory pressure (critical): would evict 0 idle session(s), 9 effective
2026-09-30 14:06:00 [info] [CCD] Stopping 1 active session(s) on quit
`)}})
	out := frame(m)
	for _, want := range []string{
		"from 13:50:00 · 2026-09-30 14:10:00",
		"App quit 14:06:00, 4m00s ago",
		"app quit",
		"governor last critical 5m00s ago (logged)",
		"0/8 cap 8 (logged) · the governor has not logged its count yet",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("screen lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "9 effective") {
		t.Errorf("the quit app's count sits beside 0 live:\n%s", out)
	}
}

// A log whose newest line is 64 days old: the title says how old, no row
// is live or the next victim (issue 23 #7).
func TestScreenOnAnOldLog(t *testing.T) {
	now := fixedNow.Add(64 * 24 * time.Hour)
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return now }, Version: "test"})
	m.Update(sizeMsg(200, 50))
	m.Update(UpdatesMsg{fixtureUpdate(t)})
	out := frame(m)
	if !strings.Contains(out, "the log's newest line is 64d") || strings.Contains(out, "next (est)") ||
		!strings.Contains(out, "silent log") {
		t.Errorf("old log shown as current:\n%s", out)
	}
	if snap := m.State().Snapshot(now); snap.Live != 0 || snap.NextVictim != nil || !snap.Stale {
		t.Errorf("snapshot of the old log: live %d victim %v stale %v", snap.Live, snap.NextVictim, snap.Stale)
	}
	_ = governor.StaleAfter
}
