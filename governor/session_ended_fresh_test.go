package governor

import (
	"fmt"
	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/record"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
)

// freshViews is sessionViews' list built without the ended block: every
// session's view and join made anew.
func (s *State) freshViews(now time.Time, stale bool) []SessionView {
	order := s.keepSessions(s.sessionOrder())
	views := make([]SessionView, len(order))
	for i, sess := range order {
		views[i] = sess.view(now)
		s.joinRecords(&views[i])
		if sess.live() && stale {
			silence(&views[i], now.Sub(s.last))
		}
	}
	return views
}

// TestEndedViewsKeptMatchFresh: the ended sessions' views kept between
// snapshots (issue 52) are those built anew, whatever changed between
// two snapshots: sessions ended, back, renamed by their records, records
// gone, two readings between snapshots (the second maybe the same), the
// clock alone.
func TestEndedViewsKeptMatchFresh(t *testing.T) {
	s, now := dayState(t, 12)
	rng := rand.New(rand.NewPCG(52, 1))
	ids := make([]string, 0, 300)
	for i := range 12 * 25 {
		ids = append(ids, fmt.Sprintf("local_%08x-0000-4000-8000-%012x", i, i))
	}
	reading := func() record.Reading {
		r := record.Reading{At: now, Found: rng.IntN(5) != 0}
		for k := range rng.IntN(6) {
			rid := ids[rng.IntN(len(ids))]
			r.App = append(r.App, record.App{SessionID: rid, Title: fmt.Sprintf("title %d", rng.IntN(3))})
			if rng.IntN(2) == 0 {
				r.Code = append(r.Code, record.Code{Pid: 100 + k, HostSessionID: rid, Name: "name", Status: "busy"})
			}
		}
		return r
	}
	for step := range 400 {
		now = now.Add(time.Duration(rng.IntN(90)) * time.Second)
		id := ids[rng.IntN(len(ids))]
		switch rng.IntN(9) {
		case 0:
			s.Apply(event.Event{Time: now, Kind: event.KindTurnEnd, Session: id})
		case 1:
			s.Apply(event.Event{Time: now, Kind: event.KindPause, Session: id, Reason: event.ReasonGovernorEvict})
		case 2:
			s.Apply(event.Event{Time: now, Kind: event.KindPause, Session: id, Reason: event.ReasonOther, Detail: &event.EventDetail{ReasonText: "other " + fmt.Sprint(step)}})
		case 3:
			s.ApplyRecords(reading())
		case 7: // two readings between two snapshots, the second maybe the same records
			r := reading()
			s.ApplyRecords(r)
			if rng.IntN(2) == 0 {
				r = reading()
			}
			s.ApplyRecords(r)
		case 4:
			s.Apply(event.Event{Time: now, Kind: event.KindSessionStart, Session: fmt.Sprintf("new-%d", step), Cwd: "/p/new"})
		case 5:
			s.Apply(event.Event{Time: now, Kind: event.KindIdleTimeout, Session: id})
		case 6: // back and ended again between two snapshots
			s.Apply(event.Event{Time: now, Kind: event.KindSessionStart, Session: id})
			s.Apply(event.Event{Time: now.Add(time.Second), Kind: event.KindPause, Session: id, Reason: event.ReasonGovernorEvict})
		}
		snap := s.Snapshot(now)
		want := s.freshViews(now, snap.Stale)
		got := snap.Sessions
		if len(got) != len(want) {
			t.Fatalf("step %d: %d sessions listed, %d built anew", step, len(got), len(want))
		}
		for i := range got {
			g, w := got[i], want[i]
			g.Memory, g.QuotaShare, g.Next, g.AtRisk, g.AtRiskBy = nil, nil, Next{}, RiskNone, nil // set after the list
			if !reflect.DeepEqual(g, w) {
				t.Fatalf("step %d, session %d (%s):\nkept  %+v\nfresh %+v", step, i, w.ID, g, w)
			}
		}
	}
}
