package notify

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// A stalled session and a long wait are escalated as warnings, once per
// WarnEvery, and only when backed.
func TestStalledAndLongWaitWarn(t *testing.T) {
	now := time.Date(2026, 9, 30, 14, 0, 0, 0, time.UTC)
	for _, k := range []governor.RiskKind{governor.RiskStalled, governor.RiskWaitingLong} {
		var w warnings
		s := governor.Snapshot{Now: now, Risks: []governor.Risk{{Kind: k, Session: "local_a", Backed: true, Summary: "checkout-api " + k.String()}}}
		n, ok := w.next(s)
		if !ok || !strings.Contains(n.Message, "checkout-api "+k.String()) {
			t.Fatalf("%s: %+v %v", k, n, ok)
		}
		s.Now = now.Add(2 * time.Minute)
		if _, ok := w.next(s); ok {
			t.Errorf("%s: told again within WarnEvery", k)
		}
		var w2 warnings
		s.Risks[0].Backed = false
		if _, ok := w2.next(s); ok {
			t.Errorf("%s: an estimate sent", k)
		}
	}
}
