package governor_test

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
)

// BenchmarkApply is the serial end of report: the generator's signal lines
// as events, one after another, into one State.
func BenchmarkApply(b *testing.B) {
	a, c := "local_5c1e2d3f-4a5b-4c6d-8e7f-901234567abc", "local_0a235fb9-a681-41bd-89cd-98453ef18aa1"
	mix := []event.Event{
		{Kind: event.KindSessionStart, Session: a, Cwd: "/Users/dev/projects/web-frontend"},
		{Kind: event.KindFocus, Session: a},
		{Kind: event.KindIdleTimer, Session: c, TimeoutS: 900},
		{Kind: event.KindMemorySample, Memory: &event.MemorySample{TreeRSSMB: 2410, SysFreeMB: 1530, TotalMB: 24576}},
		{Kind: event.KindAtCap, Verb: event.VerbWouldEvict, Session: a, IdleS: 537, Reason: event.ReasonWarm, Cap: 8},
		{Kind: event.KindYield, Reason: event.ReasonWarm},
		{Kind: event.KindAtCap, Verb: event.VerbEvicting, Session: a, IdleS: 671, Reason: event.ReasonWarm, Cap: 8},
		{Kind: event.KindPause, Session: a, Reason: event.ReasonGovernorEvict},
		{Kind: event.KindPressure, Pressure: host.PressureWarning, Count: 2, Effective: 8},
		{Kind: event.KindTurnEnd, Session: c},
	}
	const n = 100_000
	events := make([]event.Event, n)
	t := time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC)
	for i := range events {
		events[i] = mix[i%len(mix)]
		events[i].Time, events[i].File, events[i].Line, events[i].Level = t.Add(time.Duration(i)*time.Second), "main.log", i+1, event.LevelInfo
	}
	b.ReportAllocs()
	for b.Loop() {
		s := governor.New(governor.DefaultLimits())
		for i := range events {
			s.Apply(events[i])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/event")
}
