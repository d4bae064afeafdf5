package metrics

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// The waiting count is the snapshot's NeedsYou, emitted only where records
// were read.
func TestSessionsWaitingMetric(t *testing.T) {
	snap := governor.Snapshot{Now: time.Now(), NeedsYou: 2, Records: &governor.RecordsView{Available: true, NeedsYou: 2, Stale: 1}}
	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(NewCollector(func() governor.Snapshot { return snap }, BuildInfo{}))
	if err := testutil.GatherAndCompare(reg, strings.NewReader(`
# HELP coworktop_sessions_waiting Sessions (and background sessions) whose own Claude Code record says they wait for the person (a permission prompt, a question): the "needs you N" the screen and snapshot show. Absent when no record folder was found.
# TYPE coworktop_sessions_waiting gauge
coworktop_sessions_waiting 2
`), "coworktop_sessions_waiting"); err != nil {
		t.Fatal(err)
	}
	snap.Records = nil
	if n, err := testutil.GatherAndCount(reg, "coworktop_sessions_waiting"); err != nil || n != 0 {
		t.Fatalf("without records the metric must be absent: %d %v", n, err)
	}
}
