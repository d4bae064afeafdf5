package governor

import (
	"fmt"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/quota"
	"github.com/coworktop/coworktop/record"
)

// dayState is a model fed like the simulated day's (issue 52): sessions
// started at 25 an hour, the oldest evicted above 8 live, each with its
// records while it lives, and the desktop app's quota readings every five
// minutes (5-hour and weekly), for hours simulated hours.
func dayState(tb testing.TB, hours int) (*State, time.Time) {
	tb.Helper()
	s := New(DefaultLimits())
	t0 := time.Date(2026, 3, 8, 0, 0, 0, 0, time.UTC)
	var live []string
	var qs []quota.Sample
	n := hours * 25
	at := t0
	for i := range n {
		at = t0.Add(time.Duration(i) * time.Hour / 25)
		id := fmt.Sprintf("local_%08x-0000-4000-8000-%012x", i, i)
		s.Apply(event.Event{Time: at, Kind: event.KindSessionStart, Session: id, Cwd: fmt.Sprintf("/home/u/p%d", i%7)})
		live = append(live, id)
		if len(live) > 8 {
			s.Apply(event.Event{Time: at, Kind: event.KindPause, Session: live[0], Reason: event.ReasonGovernorEvict})
			live = live[1:]
		}
		var r record.Reading
		r.At, r.Found = at, true
		for k, l := range live {
			r.App = append(r.App, record.App{SessionID: l, CLISessionID: "cli-" + l, Title: "work on " + l[:14]})
			r.Code = append(r.Code, record.Code{Pid: 1000 + k, HostSessionID: l, SessionID: "cli-" + l, Status: "busy"})
		}
		s.ApplyRecords(r)
	}
	for m := 0; m < hours*12; m++ {
		qat := t0.Add(time.Duration(m) * 5 * time.Minute)
		qs = append(qs,
			quota.Sample{Window: quota.FiveHour, Percent: float64(m % 60), Source: quota.Desktop, At: qat},
			quota.Sample{Window: quota.SevenDay, Percent: 40 + float64(m)/100, Source: quota.Desktop, At: qat})
	}
	s.ApplyQuota(qs)
	return s, at.Add(30 * time.Second)
}

// BenchmarkSnapshotDayHistory: a snapshot three simulated hours into the
// day (75 sessions seen, 36 quota readings a window), twelve (300 seen,
// the ended ones at their bound of 200, 144 readings) and a day in (600
// seen, 288 readings). What the live view pays every refresh grows with
// what the snapshot lists up to its bounds, and must not grow past them
// with the history the model keeps: 12 and 24 hours allocate the same
// (issue 52: the live view's CPU grew by a third over the day).
func BenchmarkSnapshotDayHistory(b *testing.B) {
	for _, h := range []int{3, 12, 24} {
		b.Run(fmt.Sprintf("%dh", h), func(b *testing.B) {
			s, now := dayState(b, h)
			b.ReportAllocs()
			for b.Loop() {
				_ = s.Snapshot(now)
			}
		})
	}
}

// BenchmarkSnapshotDayShares is BenchmarkSnapshotDayHistory with what the
// live view has beside it all day: a reading of the live sessions'
// transcripts (their quota shares, joined to their rows) and a fresh
// records reading before each snapshot, as every delivery of the day
// brings one. What a snapshot pays must not grow with the ended sessions
// it lists (issue 52: 60-75 listed at 3 hours, 208 from 12 on).
func BenchmarkSnapshotDayShares(b *testing.B) {
	for _, h := range []int{3, 12, 24} {
		b.Run(fmt.Sprintf("%dh", h), func(b *testing.B) {
			s, now := dayState(b, h)
			s.ApplyUpdate(Update{Usage: dayUsage(s, now)})
			r := *s.records.latest
			b.ReportAllocs()
			for b.Loop() {
				now = now.Add(time.Second)
				r.At = now
				s.ApplyRecords(r)
				_ = s.Snapshot(now)
			}
		})
	}
}

// dayUsage is a reading of the live sessions' transcripts, a reply each
// minute of the last hour per session.
func dayUsage(s *State, now time.Time) *quota.UsageReading {
	u := &quota.UsageReading{At: now, Since: now.Add(-6 * time.Hour)}
	for k, c := range s.records.latest.Code {
		su := quota.SessionUsage{Session: c.SessionID, Files: 1}
		for m := 60; m > 0; m-- {
			su.Rows = append(su.Rows, quota.Usage{At: now.Add(-time.Duration(m) * time.Minute), Model: quota.ModelClass(0),
				Tokens: quota.Tokens{Input: 100, Output: 50}, MsgKey: uint64(k<<8 + m), ReqKey: uint64(k<<8 + m)})
		}
		u.Sessions = append(u.Sessions, su)
	}
	return u
}

// BenchmarkSnapshotDayReorder is BenchmarkSnapshotDayShares with a turn
// ended before each snapshot by the live session longest idle, so the
// live rows' order, and with it the list's generation, moves every time,
// as the day's turns move it: the rows' index (rowsOf) is made again for
// the live rows only, the ended block's kept.
func BenchmarkSnapshotDayReorder(b *testing.B) {
	for _, h := range []int{3, 24} {
		b.Run(fmt.Sprintf("%dh", h), func(b *testing.B) {
			s, now := dayState(b, h)
			s.ApplyUpdate(Update{Usage: dayUsage(s, now)})
			r := *s.records.latest
			b.ReportAllocs()
			for b.Loop() {
				now = now.Add(time.Second)
				oldest := s.live[0]
				for _, l := range s.live {
					if l.lastActivity.Before(oldest.lastActivity) {
						oldest = l
					}
				}
				s.Apply(event.Event{Time: now, Kind: event.KindTurnEnd, Session: oldest.id})
				r.At = now
				s.ApplyRecords(r)
				_ = s.Snapshot(now)
			}
		})
	}
}
