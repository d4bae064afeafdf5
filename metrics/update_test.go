package metrics

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
)

// An update pending for two hours with a live session: the gauge gives its
// age in seconds and the update_restart risk is counted; once the app
// restarts for it the gauge is gone.
func TestUpdatePendingMetric(t *testing.T) {
	st := governor.New(governor.DefaultLimits())
	st.Apply(event.Event{Time: t0, Kind: event.KindSessionStart, Session: "local_a"})
	st.Apply(event.Event{Time: t0, Kind: event.KindUpdateReady, Detail: &event.EventDetail{Version: "2.110.0"}})
	pending := func(now time.Time) (float64, bool, float64) {
		reg, err := NewRegistry(func() governor.Snapshot { return st.Snapshot(now) }, BuildInfo{})
		if err != nil {
			t.Fatal(err)
		}
		families, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		v, ok, risk := 0.0, false, 0.0
		for _, f := range families {
			for _, m := range f.GetMetric() {
				switch {
				case f.GetName() == "coworktop_update_pending_seconds":
					v, ok = m.GetGauge().GetValue(), true
				case f.GetName() == "coworktop_risk" && m.GetLabel()[0].GetValue() == governor.RiskUpdateRestart.String():
					risk = m.GetGauge().GetValue()
				}
			}
		}
		return v, ok, risk
	}
	// The app defers every ten minutes: the log is fresh.
	st.Apply(event.Event{Time: t0.Add(2*time.Hour - time.Minute), Kind: event.KindUpdateDeferred, Text: "Claude is working", Detail: &event.EventDetail{PendingS: 3600}})
	if v, ok, risk := pending(t0.Add(2 * time.Hour)); !ok || v != 7200 || risk != 1 {
		t.Errorf("pending 2 h: gauge %v (present %v), risk %v; want 7200, 1", v, ok, risk)
	}
	st.Apply(event.Event{Time: t0.Add(3 * time.Hour), Kind: event.KindUpdateRestart, Reason: event.ReasonUpdate})
	if _, ok, risk := pending(t0.Add(3 * time.Hour)); ok || risk != 0 {
		t.Errorf("after the restart: gauge present %v, risk %v", ok, risk)
	}
	// A log silent for longer than governor.StaleAfter is history: no
	// app is deferring, and nothing is said about now.
	st2 := governor.New(governor.DefaultLimits())
	st2.Apply(event.Event{Time: t0, Kind: event.KindUpdateReady, Detail: &event.EventDetail{Version: "2.110.0"}})
	if snap := st2.Snapshot(t0.Add(governor.StaleAfter + time.Minute)); snap.Update != nil {
		t.Errorf("a stale log warns of an update: %+v", snap.Update)
	}
}

// The alert says when in the words every output uses.
func TestUpdateAlertUsesTheWhenWording(t *testing.T) {
	b, err := os.ReadFile(docsDir + "/alerts.yml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "When: "+strings.TrimPrefix(governor.UpdateWhenText, "when: ")) {
		t.Errorf("alerts.yml does not say %q", governor.UpdateWhenText)
	}
}
