package metrics

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/event"
	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/ingest"
)

// The idle update story (testdata/logs/update-idle) as /metrics has it:
// at the download, the sessions the restart stops by Remote Control; after
// the relaunch, what became of the six it stopped; the two sessions that
// lost Remote Control as risks until their pause, then as lost.
func TestAwayStoryMetrics(t *testing.T) {
	b, err := os.ReadFile("../testdata/logs/update-idle/main.log")
	if err != nil {
		t.Fatal(err)
	}
	at := func(hms string) time.Time {
		t, _ := time.Parse(time.DateTime, "2026-12-04 "+hms)
		return t
	}
	gather := func(until string) map[string]float64 {
		st := governor.New(governor.DefaultLimits())
		end := at(until)
		if _, err := ingest.ReadEach(strings.NewReader(string(b)), "main.log", time.UTC, func(e *event.Event) {
			if !e.Time.After(end) {
				st.ApplyEvent(e)
			}
		}); err != nil {
			t.Fatal(err)
		}
		reg, err := NewRegistry(func() governor.Snapshot { return st.Snapshot(end) }, BuildInfo{})
		if err != nil {
			t.Fatal(err)
		}
		families, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, f := range families {
			for _, m := range f.GetMetric() {
				key := f.GetName()
				for _, l := range m.GetLabel() {
					key += "{" + l.GetValue() + "}"
				}
				out[key] = m.GetGauge().GetValue() + m.GetCounter().GetValue()
			}
		}
		return out
	}
	check := func(got map[string]float64, want map[string]float64) {
		t.Helper()
		for k, v := range want {
			if g, ok := got[k]; !ok && v >= 0 || ok && g != v {
				t.Errorf("%s = %v (present %v), want %v", k, g, ok, v)
			}
		}
	}
	const absent = -1
	check(gather("13:20:07"), map[string]float64{
		"coworktop_update_restart_sessions{true}":         2,
		"coworktop_update_restart_sessions{false}":        4,
		"coworktop_risk{update_restart}":                  1,
		"coworktop_last_update_restart_sessions{stopped}": absent,
	})
	check(gather("13:50:00"), map[string]float64{
		"coworktop_update_restart_sessions{true}":                     absent,
		"coworktop_last_update_restart_sessions{stopped}":             6,
		"coworktop_last_update_restart_sessions{back}":                6,
		"coworktop_last_update_restart_sessions{not_back}":            0,
		"coworktop_last_update_restart_sessions{turn_cut}":            1,
		"coworktop_last_update_restart_sessions{remote_control_lost}": 2,
		"coworktop_last_update_restart_age_seconds":                   329,
		"coworktop_risk{remote_control_lost}":                         2,
		"coworktop_sessions_lost":                                     0,
		"coworktop_sessions_live":                                     6,
	})
	check(gather("14:09:12"), map[string]float64{
		"coworktop_risk{remote_control_lost}": 0,
		"coworktop_sessions_lost":             2,
		"coworktop_sessions_live":             4,
	})
}
