package render

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
)

// snapshot's text: a next victim with no project has no space before the
// comma, the window read and the cap's age are said, and a logged level
// says its age (issue 23 #2, #4).
func TestSnapshotTextReadsCleanly(t *testing.T) {
	t0 := time.Date(2026, 9, 30, 10, 0, 0, 0, time.Local)
	s := governor.New(governor.DefaultLimits())
	s.Apply(event.Event{Time: t0, Kind: event.KindAcquire, Cap: 1, Effective: 1})
	s.Apply(event.Event{Time: t0, Kind: event.KindSessionStart, Session: "local_aaaaaaaa-0000-4000-8000-000000000001"})
	s.Apply(event.Event{Time: t0.Add(time.Second), Kind: event.KindPressure, Pressure: host.PressureWarning, Effective: 1})
	var b strings.Builder
	if err := WriteSnapshot(&b, s.Snapshot(t0.Add(2*time.Minute))); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"next victim      aaaaaaaa, idle 2m00s",
		"read             log 10:00:00 → 10:00:01",
		"cap 1 (logged 2m00s ago)",
		"logged pressure  warning, 1m59s ago (the governor's last pressure line, 2026-09-30 10:00:01)",
		"lost             0 lost since 2026-09-30 10:00:00",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("snapshot text lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, " ,") {
		t.Errorf("a space before a comma:\n%s", out)
	}
}
