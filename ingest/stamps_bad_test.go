package ingest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
)

// A stamp that is no real date is counted, never turned into another date,
// and neither it nor its continuation lines give events; the entries around
// it are read as usual.
func TestBadStampsAreCountedNotTrusted(t *testing.T) {
	bad := []string{
		"0000-00-00 00:00:00",
		"9999-12-31 23:59:59",
		"2026-13-45 25:61:61",
		"2026-02-30 10:00:00",
		"2026-04-31 10:00:00",
		"2026-09-30 24:00:00",
		"2026-09-30 10:60:00",
		"2026-09-30 10:00:60",
	}
	for _, stamp := range bad {
		var evs []event.Event
		asm := newAssembler("main.log", time.UTC, func(e *entry) { evs = parse(e, evs) })
		for _, l := range []string{
			"2026-09-30 09:59:59 [info] Resuming session local_before",
			stamp + " [info] [CliGovernor] pressure evicting local_bad (idle 90s)",
			"  message: 'HTTP 429 rate_limit_error'", // a continuation of the bad entry
			"2026-09-30 10:00:01 [info] Resuming session local_after",
		} {
			asm.Feed([]byte(l))
		}
		asm.Flush()
		if asm.BadStamps() != 1 || asm.Entries() != 2 {
			t.Errorf("%s: bad stamps %d entries %d", stamp, asm.BadStamps(), asm.Entries())
		}
		if len(evs) != 2 || evs[0].Session != "local_before" || evs[1].Session != "local_after" {
			t.Errorf("%s: events %+v", stamp, evs)
		}
		if _, ok := EntryTime([]byte(stamp+" [info] x"), time.UTC); ok {
			t.Errorf("%s: EntryTime trusts it", stamp)
		}
	}
	// The last real day of a month, and a leap day, are fine.
	for _, stamp := range []string{"2028-02-29 23:59:59", "2026-12-31 00:00:00", "2026-04-30 12:30:45"} {
		if got, ok := EntryTime([]byte(stamp+" [info] x"), time.UTC); !ok || got.Format("2006-01-02 15:04:05") != stamp {
			t.Errorf("%s: read as %v %v", stamp, got, ok)
		}
	}
}

func TestServiceLogStamp(t *testing.T) {
	loc := time.FixedZone("UTC-5", -5*3600)
	var got []time.Time
	asm := newAssembler("cowork-service.log", loc, func(e *entry) { got = append(got, e.Time()) })
	asm.Feed([]byte(`2026/04/15 10:51:52.469624 Service stopped.`))
	asm.Feed([]byte(`2026/04/15 10:52:22 Service stopped.`))
	asm.Feed([]byte(`2026/04/15 10:52:2x Service stopped.`)) // no stamp: a continuation
	asm.Flush()
	want := time.Date(2026, 4, 15, 10, 51, 52, 469624000, loc)
	if len(got) != 2 || !got[0].Equal(want) || got[1].Sub(got[0]) != 30*time.Second-469624*time.Microsecond {
		t.Fatalf("service stamps: %v", got)
	}
	if !IsEntryStart([]byte(`2026/03/28 22:32:15.329630 [HCS] Config JSON:`)) || IsEntryStart([]byte(`{"Owner":"cowork-vm"}`)) {
		t.Error("entry starts")
	}
}

// One quit writes several lines; it is one app.quit. A second quit after
// the app started again is another.
func TestQuitFoldMakesOneQuit(t *testing.T) {
	lines := []string{
		"2026-08-30 20:35:10 [info] Successfully run onQuitCleanup: cowork-vm-shutdown",
		"2026-08-30 20:35:11 [info] beforeQuit: handler fired, going down",
		"2026-08-30 20:35:12 [info] [quit-cleanup] previous quit: {",
		"  reason: 'user'",
		"}",
		"2026-08-30 20:35:14 [info] willQuit: handler is ready for quit, so quitting",
		"2026-08-30 20:35:17 [info] Starting app { appVersion: '1.40609.0', platform: 'win32' }",
		"2026-08-30 22:00:00 [info] beforeQuit: handler fired, going down",
		"2026-08-30 22:00:01 [info] willQuit: handler is ready for quit, so quitting",
	}
	var kinds []string
	_, err := readValues(strings.NewReader(strings.Join(lines, "\n")), "main.log", time.UTC, func(e event.Event) {
		kinds = append(kinds, e.Kind.String()+"@"+e.Time.Format("15:04:05"))
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(kinds, " "); got != "app.quit@20:35:10 app.start@20:35:17 app.quit@22:00:00" {
		t.Fatalf("got %s", got)
	}
}

// The app writes bridge_state "connected" over and over: only a change is an
// event, within a block and across blocks alike.
func TestRemoteStateRepeatsFold(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 30000; i++ { // several blocks' worth
		state := "connected"
		if i == 20000 {
			state = "ready"
		}
		fmt.Fprintf(&b, "2026-10-06 09:%02d:%02d [info] [remote-control] bridge_state: %q\n", i/60%60, i%60, state)
	}
	var got []string
	if _, err := readValues(strings.NewReader(b.String()), "main.log", time.UTC, func(e event.Event) { got = append(got, e.Text) }); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, ",") != "connected,ready,connected" {
		t.Fatalf("got %d events: %.80v", len(got), got)
	}
}
