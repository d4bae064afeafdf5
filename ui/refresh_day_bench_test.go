package ui

import (
	"fmt"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/record"
)

// dayModel is a 120×40 live view fed like the simulated day's (issue 52):
// sessions started at 25 an hour, the oldest evicted above 8 live, each
// with its records while it lives, the desktop app's quota readings every
// five minutes, for hours simulated hours. It returns the model, the
// clock's next reading and what a refresh of the day brings: a turn ended
// and a new reading of the same records.
func dayModel(tb testing.TB, hours int) (*Model, *time.Time, func(at time.Time) governor.Update) {
	tb.Helper()
	t0 := fixedNow.Add(-time.Duration(hours) * time.Hour)
	now := t0
	m := New(Options{Clock: func() time.Time { return now }, Color: true})
	m.Update(sizeMsg(120, 40))
	st := m.State()
	var live []string
	records := func(at time.Time) *record.Reading {
		r := &record.Reading{At: at, Found: true}
		for k, l := range live {
			r.App = append(r.App, record.App{SessionID: l, CLISessionID: "cli-" + l, Title: "work on " + l[:14]})
			r.Code = append(r.Code, record.Code{Pid: 1000 + k, HostSessionID: l, SessionID: "cli-" + l, Status: "busy"})
		}
		return r
	}
	for i := range hours * 25 {
		at := t0.Add(time.Duration(i) * time.Hour / 25)
		id := fmt.Sprintf("local_%08x-0000-4000-8000-%012x", i, i)
		u := governor.Update{Events: []event.Event{{Time: at, Kind: event.KindSessionStart, Session: id, Cwd: fmt.Sprintf("/home/u/p%d", i%7)}}}
		live = append(live, id)
		if len(live) > 8 {
			u.Events = append(u.Events, event.Event{Time: at, Kind: event.KindPause, Session: live[0], Reason: event.ReasonGovernorEvict})
			live = live[1:]
		}
		u.Records = records(at)
		st.ApplyUpdate(u)
	}
	var qs []quota.Sample
	for k := range hours * 12 {
		at := t0.Add(time.Duration(k) * 5 * time.Minute)
		qs = append(qs,
			quota.Sample{Window: quota.FiveHour, Percent: float64(k % 60), Source: quota.Desktop, At: at},
			quota.Sample{Window: quota.SevenDay, Percent: 40 + float64(k)/100, Source: quota.Desktop, At: at})
	}
	st.ApplyQuota(qs)
	now = fixedNow
	next := func(at time.Time) governor.Update {
		return governor.Update{Events: []event.Event{{Time: at, Kind: event.KindTurnEnd, Session: live[len(live)-1]}}, Records: records(at)}
	}
	return m, &now, next
}

// BenchmarkRefreshDay is what the live view pays a refresh of the
// simulated day (a turn ended, the records read again, the delivery's
// eviction count, the snapshot taken and the screen drawn) three, twelve
// and 24 simulated hours in: 60 sessions listed against 201, the ended
// ones at their bound, and the evictions kept (67, 292, 592), which grow
// all day to theirs of 5,000. Issue 52: a refresh costs by what changed
// and what is shown, not by what the model keeps.
func BenchmarkRefreshDay(b *testing.B) {
	for _, h := range []int{3, 12, 24} {
		b.Run(fmt.Sprintf("%dh", h), func(b *testing.B) {
			m, now, next := dayModel(b, h)
			b.ReportAllocs()
			for b.Loop() {
				*now = now.Add(time.Second)
				m.State().ApplyUpdate(next(*now))
				_ = m.evictionCount()
				m.refresh()
				_ = m.View()
			}
			b.ReportMetric(float64(len(m.snap.Sessions)), "sessions")
			b.ReportMetric(float64(m.evictionCount()), "evictions")
		})
	}
}
