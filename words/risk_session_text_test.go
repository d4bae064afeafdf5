package words

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
)

// Issue 38 item 4: a session busy but silent, and one that waits long.

const stalledID = "local_5a1e0000-0000-4000-8000-000000000001"

func busyState(rec record.Code, at time.Time) *governor.State {
	s := governor.New(governor.DefaultLimits())
	s.Apply(ev(0, event.KindAppStart, 1, nil))
	s.Apply(ev(10, event.KindSessionStart, 2, func(e *event.Event) { e.Session, e.Cwd = stalledID, "/Users/u/checkout-api" }))
	rec.Pid, rec.HostSessionID = 4242, stalledID
	s.ApplyRecords(record.Reading{At: at, Found: true, Code: []record.Code{rec}})
	return s
}

func TestStalledBusySession(t *testing.T) {
	// Its record moved at +60 s, the log at +10 s: silent from +60 s.
	s := busyState(record.Code{Status: "busy", UpdatedAt: at(60)}, at(70))
	if _, n := riskOf(s.Snapshot(at(60+4*60)).Risks, governor.RiskStalled); n != 0 {
		t.Fatal("4 minutes of silence is no stall")
	}
	r, n := riskOf(s.Snapshot(at(60+6*60)).Risks, governor.RiskStalled)
	if n != 1 || !r.Backed || r.Session != stalledID ||
		!strings.HasPrefix(RiskSummary(r), "checkout-api is busy but silent for 6m00s: neither its record nor the log moved") ||
		!strings.Contains(RiskSummary(r), "idle to the governor") {
		t.Fatalf("stalled: %+v", r)
	}
	// The log moving is not silence.
	s.Apply(ev(60+5*60, event.KindFocus, 3, sess(stalledID)))
	if _, n := riskOf(s.Snapshot(at(60+6*60)).Risks, governor.RiskStalled); n != 0 {
		t.Fatal("the log moved a minute ago")
	}
	// A threshold of its own.
	s.SetStallThresholds(30*time.Second, 0)
	if _, n := riskOf(s.Snapshot(at(60+6*60)).Risks, governor.RiskStalled); n != 1 {
		t.Fatal("a 30 s threshold")
	}
}

// A record that gives no updatedAt: silent from when coworktop first read
// it busy, kept across readings, and not backed (an estimate).
func TestStalledWithoutUpdatedAt(t *testing.T) {
	s := busyState(record.Code{Status: "busy"}, at(60))
	s.ApplyRecords(record.Reading{At: at(200), Found: true, Code: []record.Code{{Pid: 4242, HostSessionID: stalledID, Status: "busy"}}})
	r, n := riskOf(s.Snapshot(at(60+6*60)).Risks, governor.RiskStalled)
	if n != 1 || r.Backed || !strings.Contains(RiskEvidence(r)[0], "since coworktop read it at") {
		t.Fatalf("stalled from first read: %+v", r)
	}
	s.ApplyRecords(record.Reading{At: at(400), Found: true, Code: []record.Code{{Pid: 4242, HostSessionID: stalledID, Status: "idle"}}})
	if _, n := riskOf(s.Snapshot(at(60+7*60)).Risks, governor.RiskStalled); n != 0 {
		t.Fatal("an idle record is no stall")
	}
}

func TestWaitingLongEscalates(t *testing.T) {
	for _, loc := range []*time.Location{time.UTC, time.FixedZone("PDT", -7*3600), time.FixedZone("JST", 9*3600)} {
		s := busyState(record.Code{Status: "waiting", WaitingFor: "approve Bash", UpdatedAt: at(60).In(loc)}, at(70).In(loc))
		if _, n := riskOf(s.Snapshot(at(60+29*60)).Risks, governor.RiskWaitingLong); n != 0 {
			t.Fatalf("%s: 29 minutes is not long yet", loc)
		}
		r, n := riskOf(s.Snapshot(at(60+45*60)).Risks, governor.RiskWaitingLong)
		if n != 1 || !r.Backed || !strings.HasPrefix(RiskSummary(r), "checkout-api has waited 45m00s for you (approve Bash): an unanswered prompt can end in an AbortError") {
			t.Fatalf("%s: waiting long: %+v", loc, r)
		}
	}
}
