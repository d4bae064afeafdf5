package ingest

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// Lines of ~/.claude/daemon.log as public reports show them
// (anthropics/claude-code issue numbers), with the full prefix the daemon
// writes where a reporter dropped the date.
var daemonLines = []struct {
	source string
	line   string
	want   event.Event
}{
	{"#84349", "[2026-08-05T23:58:34.350Z] [supervisor] ─── daemon start ─── version=2.1.222 pid=3569272 origin=transient",
		event.Event{Kind: event.KindDaemonStart, Detail: &event.EventDetail{Version: "2.1.222"}}},
	{"#64028", "[2026-05-29T07:40:39.563Z] [supervisor] ─── daemon start ─── pid=2454855 origin=transient",
		event.Event{Kind: event.KindDaemonStart}},
	{"#84349", "[2026-08-05T23:58:34.483Z] [bg] bg adopt: adopted=0 respawned=0 dead=2",
		event.Event{Kind: event.KindDaemonAdopt, Count: 2}},
	{"#84349", "[2026-08-05T23:59:34.476Z] [supervisor] shutting down (cause=upgrade, uptime=60s, leases=2, live_workers=2)",
		event.Event{Kind: event.KindDaemonShutdown, Reason: event.DaemonCauseUpgrade, Count: 2}},
	{"#87891", "[2026-08-19T05:24:49.908Z] [supervisor] shutting down (cause=upgrade, uptime=170930s, leases=0, live_workers=32)",
		event.Event{Kind: event.KindDaemonShutdown, Reason: event.DaemonCauseUpgrade, Count: 32}},
	{"#64028", "[2026-05-29T07:40:44.601Z] [supervisor] idle 5s with no clients — exiting",
		event.Event{Kind: event.KindDaemonShutdown, Reason: event.DaemonCauseIdle}},
	{"#75037", "[2026-08-19T10:02:11.120Z] [bg] bg claimed-spare 3bb0b4f6 (shell)",
		event.Event{Kind: event.KindDaemonSpawn, Session: "3bb0b4f6", Reason: event.ReasonOther, Detail: &event.EventDetail{ReasonText: "shell"}}},
	{"#90149", "[2026-08-27T14:00:05.745Z] [bg] bg spawned f6eba5ef (shell)",
		event.Event{Kind: event.KindDaemonSpawn, Session: "f6eba5ef", Reason: event.ReasonOther, Detail: &event.EventDetail{ReasonText: "shell"}}},
	{"#77649", "[2026-08-27T16:54:52.797Z] [bg] bg spare spawned host pid=49015", event.Event{Kind: event.KindDaemonSpare}},
	{"#75037", "[2026-08-19T10:12:40.002Z] [bg] bg settled 3bb0b4f6 (killed)",
		event.Event{Kind: event.KindDaemonSettled, Session: "3bb0b4f6", Reason: event.ReasonWorkerKilled}},
	{"#77649", "[2026-08-27T16:56:02.078Z] [bg] bg settled 752a9cf2 (done)",
		event.Event{Kind: event.KindDaemonSettled, Session: "752a9cf2", Reason: event.ReasonWorkerDone}},
	{"#75037", "[2026-08-19T11:30:00.500Z] [bg] bg settled 9d903e04 (crashed): exit 1 within 5s of spawn ×3",
		event.Event{Kind: event.KindDaemonSettled, Session: "9d903e04", Reason: event.ReasonWorkerCrashed, Count: 3, Text: "exit 1 within 5s of spawn ×3"}},
	{"#90149", "[2026-08-27T14:00:18.901Z] [bg] bg settled f6eba5ef (crashed): exit 1 before init",
		event.Event{Kind: event.KindDaemonSettled, Session: "f6eba5ef", Reason: event.ReasonWorkerCrashed, Text: "exit 1 before init"}},
	{"#72719", "[2026-07-01T09:14:02.310Z] [bg] bg settled 41c0aa17 (crashed): exit 1 before init — possibly low memory — free some up and retry",
		event.Event{Kind: event.KindDaemonSettled, Session: "41c0aa17", Reason: event.ReasonWorkerCrashed, Text: "exit 1 before init — possibly low memory — free some up and retry", Detail: &event.EventDetail{LowMemory: true}}},
	{"#74085", "[2026-07-04T08:00:00.000Z] [bg] bg settled 0c0ffee1 (crashed): working directory no longer exists: /Users/u/wt",
		event.Event{Kind: event.KindDaemonSettled, Session: "0c0ffee1", Reason: event.ReasonWorkerCrashed, Text: "working directory no longer exists: /Users/u/wt"}},
	{"§7.6", "[2026-08-20T08:29:30.000Z] [bg] bg retire 5a5a5a5a: settled, idle 3h [low memory]",
		event.Event{Kind: event.KindDaemonRetire, Session: "5a5a5a5a", Reason: event.ReasonSettled, IdleS: 3 * 3600, Detail: &event.EventDetail{LowMemory: true}}},
	{"§7.6", "[2026-08-20T08:29:30.000Z] [bg] bg retire 6b6b6b6b: empty-idle, idle 25m",
		event.Event{Kind: event.KindDaemonRetire, Session: "6b6b6b6b", Reason: event.ReasonOther, IdleS: 25 * 60, Detail: &event.EventDetail{ReasonText: "empty-idle"}}},
	{"#87891", "[2026-08-20T08:29:32.059Z] [bg] bg: low memory (782MB free) — retiring settled workers before spawning b311b097",
		event.Event{Kind: event.KindDaemonLowMemory, Detail: &event.EventDetail{MemoryMB: 782}}},
	{"§7.6", "[2026-10-02T12:00:00.000Z] [bg] bg: low memory (macOS memorystatus pressure level 4) — retiring settled workers before spawning b311b097",
		event.Event{Kind: event.KindDaemonLowMemory}},
	{"#72719", "[2026-07-01T09:14:05.000Z] [bg] bg: low memory persists after shedding non-pinned — retiring pinned settled workers as a last resort",
		event.Event{Kind: event.KindDaemonLowMemory}},
	{"§7.6", "[2026-07-01T09:14:06.000Z] [bg] bg: low memory — skipping spare dispatch 77aa77aa",
		event.Event{Kind: event.KindDaemonLowMemory}},
	{"#87891", "[2026-08-20T03:10:36.866Z] [bg] bg: post-takeover prewarm burst — respawned 0/2 stale workers, 2 refused in 0s",
		event.Event{Kind: event.KindDaemonPrewarm, Count: 2, Detail: &event.EventDetail{Eligible: 2}}},
	{"#87891", "[2026-08-19T05:24:49.885Z] [supervisor] binary at ~/.local/bin/claude changed (2.1.233 → 2.1.235) — self-restarting for upgrade",
		event.Event{Kind: event.KindDaemonUpgrade, Detail: &event.EventDetail{From: "2.1.233", To: "2.1.235"}}},
}

func TestDaemonLines(t *testing.T) {
	for _, c := range daemonLines {
		got := parseLines(t, "daemon.log", c.line)
		if c.want.Kind == 0 {
			if len(got) != 0 {
				t.Errorf("%s %q: no event expected, got %+v", c.source, c.line, got)
			}
			continue
		}
		if len(got) != 1 {
			t.Errorf("%s %q: got %d events %+v", c.source, c.line, len(got), got)
			continue
		}
		want := c.want
		if want.Text == "" && want.Kind != event.KindDaemonSettled {
			got[0].Text = ""
		}
		if !same(got[0], want) {
			t.Errorf("%s %q:\n got %+v\nwant %+v", c.source, c.line, got[0], want)
		}
		stamp := c.line[1:25]
		if want, _ := time.Parse("2006-01-02T15:04:05.000Z", stamp); !got[0].Time.Equal(want) {
			t.Errorf("%s: time %v, want %v (UTC, with milliseconds)", c.source, got[0].Time, want)
		}
	}
}

// The parser is tolerant: cut, empty, unbracketed or odd daemon lines give
// no event (and no panic), and a daemon line is never read as main.log's.
func TestDaemonLinesTolerant(t *testing.T) {
	for _, line := range []string{
		"[2026-08-05T23:58:34.350Z]",
		"[2026-08-05T23:58:34.350Z] ",
		"[2026-08-05T23:58:34.350Z] [bg]",
		"[2026-08-05T23:58:34.350Z] [bg] bg settled",
		"[2026-08-05T23:58:34.350Z] [bg] bg settled (",
		"[2026-08-05T23:58:34.350Z] [bg] bg retire x:",
		"[2026-08-05T23:58:34.350Z] [bg] bg: low memory (",
		"[2026-08-05T23:58:34.350Z] [supervisor] shutting down (cause=",
		"[2026-08-05T23:58:34.350 [bg] bg settled a (done)",
		"[03:10:21.748Z] [bg] bg adopt: adopted=4 respawned=0 dead=0",
		"[2026-13-45T23:58:34.350Z] [bg] bg settled a (crashed)",
	} {
		for _, e := range parseLines(t, "daemon.log", line) {
			if e.Kind == event.KindDaemonSettled && e.Reason == event.ReasonNone {
				t.Errorf("%q: a settled event with no outcome: %+v", line, e)
			}
			if e.Time.Year() > 2099 || e.Time.Month() == 0 {
				t.Errorf("%q: an event on an impossible date: %+v", line, e)
			}
		}
	}
	// Continuation lines (a stack trace a worker printed) belong to the entry.
	evs := parseLines(t, "daemon.log",
		"[2026-08-05T23:58:34.350Z] [bg] bg settled a1 (crashed): exit 1 before init",
		"    at Object.<anonymous> (file.js:1:1)",
		"[2026-08-05T23:58:35.350Z] [bg] bg settled a2 (done)")
	if len(evs) != 2 || evs[1].Line != 3 {
		t.Fatalf("continuations: %+v", evs)
	}
}

func TestRepeatsAndDurations(t *testing.T) {
	for in, n := range map[string]int{"exit 1 ×3": 3, "exit 1 x4": 4, "exit 1": 0, "×": 0, "exit 1 ×3 then": 0, "box7": 0} {
		if got := repeats([]byte(in)); got != n {
			t.Errorf("repeats(%q) = %d, want %d", in, got, n)
		}
	}
	for in, n := range map[string]int{"25m": 1500, "3h": 10800, "2d": 172800, "90s": 90, "1h30m": 5400, "": 0, "5": 0, "5q": 0} {
		if got := durationS([]byte(in)); got != n {
			t.Errorf("durationS(%q) = %d, want %d", in, got, n)
		}
	}
}

// [ScheduledTasks] writes a line every 60 s while the main process runs:
// the heartbeat the stall risk listens for (#85104).
func TestScheduledTasksHeartbeat(t *testing.T) {
	evs := parseLines(t, "main.log", "2026-10-05 09:12:01 [info] [ScheduledTasks] tick: 0 due, next in 60s")
	if len(evs) != 1 || evs[0].Kind != event.KindHeartbeat {
		t.Fatalf("%+v", evs)
	}
}
