package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/vocab"
)

// fixedNow is the clock of every test frame.
var fixedNow = time.Date(2026, 9, 30, 14, 10, 0, 0, time.UTC)

// fixtureLog is a short real-shaped main.log: the app starts, six sessions
// run, the cap is hit, a warm spawn yields, one session is evicted, memory
// pressure is logged.
const fixtureLog = `2026-09-30 14:00:00 [info] Starting app {
  appVersion: '2.9939.4',
  isPackaged: true,
  platform: 'darwin',
  arch: 'arm64',
  nodeVersion: '24.18.1'
}
2026-09-30 14:00:05 [info] Starting local session local_11111111-aaaa-4bbb-8ccc-000000000001 in /Users/u/projects/billing
2026-09-30 14:00:10 [info] Starting local session local_22222222-aaaa-4bbb-8ccc-000000000002 in /Users/u/projects/web-app
2026-09-30 14:00:15 [info] Starting local session local_33333333-aaaa-4bbb-8ccc-000000000003 in /Users/u/projects/infra
2026-09-30 14:00:20 [info] Starting local session local_44444444-aaaa-4bbb-8ccc-000000000004 in /Users/u/projects/docs
2026-09-30 14:00:25 [info] Starting local session local_55555555-aaaa-4bbb-8ccc-000000000005 in /Users/u/projects/mobile
2026-09-30 14:00:30 [info] Starting local session local_66666666-aaaa-4bbb-8ccc-000000000006 in /Users/u/projects/data
2026-09-30 14:00:40 [info] [WarmLifecycle:session] Starting idle timeout for local_11111111-aaaa-4bbb-8ccc-000000000001: 900s
2026-09-30 14:00:45 [info] [process-memory] trigger=interval tree_rss_sum=5400MB tree_footprint_sum=2100MB electron(5)=900MB children(40)=4500MB top=[electron_main:1:300MB] sys_free=9000MB/24576MB sys_free_raw=9000MB
2026-09-30 14:03:00 [info] [Stop hook] Query completed for session local_22222222-aaaa-4bbb-8ccc-000000000002
2026-09-30 14:04:00 [info] [process-memory] trigger=interval tree_rss_sum=9400MB tree_footprint_sum=4100MB electron(5)=900MB children(60)=8500MB top=[electron_main:1:300MB] sys_free=3100MB/24576MB sys_free_raw=3100MB
2026-09-30 14:05:00 [info] [CliGovernor] at cap=6; evicting local_11111111-aaaa-4bbb-8ccc-000000000001 (idle 295s) for warm spawn
2026-09-30 14:05:00 [info] Pausing session local_11111111-aaaa-4bbb-8ccc-000000000001 (governor_evict)
2026-09-30 14:05:01 [info] Starting local session local_77777777-aaaa-4bbb-8ccc-000000000007 in /Users/u/projects/api
2026-09-30 14:06:00 [info] [CliGovernor] at cap; yielding warm spawn
2026-09-30 14:07:00 [warn] [CliGovernor] memory pressure (warning): would evict 1 idle session(s), 6 effective
2026-09-30 14:07:30 [info] [process-memory] trigger=interval tree_rss_sum=9900MB tree_footprint_sum=4300MB electron(5)=900MB children(62)=9000MB top=[electron_main:1:300MB] sys_free=1400MB/24576MB sys_free_raw=1400MB
2026-09-30 14:08:00 [info] [CliGovernor] pressure evicting local_33333333-aaaa-4bbb-8ccc-000000000003 (idle 465s)
2026-09-30 14:08:00 [info] Pausing session local_33333333-aaaa-4bbb-8ccc-000000000003 (governor_evict)
2026-09-30 14:09:30 [info] [Stop hook] Query completed for session local_66666666-aaaa-4bbb-8ccc-000000000006
`

// parseLog runs log text through the real assembler and parser.
func parseLog(t testing.TB, file, text string) []event.Event {
	t.Helper()
	var events []event.Event
	if _, err := ingest.ReadEach(strings.NewReader(text), file, time.UTC, func(e *event.Event) { events = append(events, *e) }); err != nil {
		t.Fatal(err)
	}
	return events
}

// fixtureUpdate is one delivery with the fixture's events, a host sample and
// the scanner's groups.
func fixtureUpdate(t testing.TB) governor.Update {
	gib := uint64(1 << 30)
	known := func(v uint64, src string) vocab.Figure { return vocab.Figure{Value: v, Known: true, Source: src} }
	return governor.Update{
		Events: parseLog(t, "main.log", fixtureLog),
		Host: &host.HostMemory{
			At: fixedNow, Total: known(24*gib, "test"), Available: known(3*gib, "test"), Used: known(21*gib, "test"),
			SwapTotal: known(4*gib, "test"), SwapUsed: known(gib, "test"),
			Pressure: host.PressureWarning, PressureSource: "kern.memorystatus_vm_pressure_level",
		},
		GroupsAt: fixedNow,
		Groups: []host.ProcessGroup{
			{Key: "cowork", Name: "Cowork VM", Kind: host.GroupCowork, Processes: 1, RSS: known(4*gib, "rss"), GuestMemory: known(4*gib, "fixed"), CPUPercent: 12.5},
			{Key: "docker", Name: "Docker Desktop", Kind: host.GroupCompetitor, Processes: 7, RSS: known(6*gib, "rss"), GuestMemory: known(8*gib, "args"), CPUPercent: 3.2},
			{Key: "claude-app", Name: "Claude app", Kind: host.GroupClaudeApp, Processes: 9, RSS: known(gib+gib/2, "rss"), CPUPercent: 7},
			{Key: "sessions", Name: "claude sessions", Kind: host.GroupSessions, Processes: 6, RSS: known(3*gib, "rss"), Unreadable: 1, CPUPercent: 40},
			{Key: "utm", Name: "UTM", Kind: host.GroupCompetitor, Processes: 2, Unreadable: 2},
		},
		Files: []event.FileStatus{
			{Name: "main.log", State: event.FileFollowing, Lines: 27, LastLineAt: fixedNow.Add(-time.Second),
				NewestLine: time.Date(2026, 9, 30, 14, 9, 30, 0, time.UTC)}, // the fixture's last line
			{Name: "cowork_vm_node.log", State: event.FileWaiting, Err: "no such file yet"},
		},
		Quota: fixtureQuota(),
	}
}

// fixtureQuota is the 5-hour window rising 30 %/h to 62 % in the status
// line's readings (full before its reset, 90 minutes on) and the desktop
// app's 7-day figure.
func fixtureQuota() []quota.Sample {
	var out []quota.Sample
	for i := range 5 {
		out = append(out, quota.Sample{Window: quota.FiveHour, Percent: 42 + 5*float64(i),
			ResetsAt: fixedNow.Add(90 * time.Minute), Source: quota.Statusline,
			At: fixedNow.Add(-40*time.Second - time.Duration(4-i)*10*time.Minute)})
	}
	return append(out, quota.Sample{Window: quota.SevenDay, Percent: 31, Source: quota.Desktop, At: fixedNow.Add(-3 * time.Minute)})
}

// fixtureModel is a model at w×h that has applied the fixture at fixedNow.
func fixtureModel(t testing.TB, w, h int, color bool) *Model {
	m := New(Options{Mode: ModeLive, Clock: func() time.Time { return fixedNow }, Color: color, Version: "test"})
	m.Update(sizeMsg(w, h))
	m.Update(UpdatesMsg{fixtureUpdate(t)})
	return m
}
