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
	c := NewCollector(func() governor.Snapshot { return snap }, BuildInfo{})
	reg.MustRegister(c)
	if err := testutil.GatherAndCompare(reg, strings.NewReader(`
# HELP coworktop_sessions_waiting Sessions (desktop, background and terminal ones) whose own Claude Code record says they wait for the person (a permission prompt, a question): the "needs you N" the screen and snapshot show. Absent when no record folder was found, or when one could not be listed and none is seen waiting (unknown, not 0).
# TYPE coworktop_sessions_waiting gauge
coworktop_sessions_waiting 2
`), "coworktop_sessions_waiting"); err != nil {
		t.Fatal(err)
	}
	// A folder that cannot be listed: a count above 0 is a least and
	// shown; 0 is unknown and absent (issue 41, F6).
	snap.Records.Unreadable = []string{"sessions"}
	if n, err := testutil.GatherAndCount(reg, "coworktop_sessions_waiting"); err != nil || n != 1 {
		t.Fatalf("a least of 2 is shown: %d %v", n, err)
	}
	snap.NeedsYou, snap.Records.NeedsYou = 0, 0
	if n, err := testutil.GatherAndCount(reg, "coworktop_sessions_waiting"); err != nil || n != 0 {
		t.Fatalf("an unknown 0 must be absent: %d %v", n, err)
	}
	if v := testutil.ToFloat64(onlyLabels(c, "coworktop_session_record_folders_unreadable")); v != 1 {
		t.Fatalf("unreadable folders %v", v)
	}
	snap.Records = nil
	if n, err := testutil.GatherAndCount(reg, "coworktop_sessions_waiting"); err != nil || n != 0 {
		t.Fatalf("without records the metric must be absent: %d %v", n, err)
	}
}
