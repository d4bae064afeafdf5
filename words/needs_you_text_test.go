package words

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/record"
)

// TestNeedsYouNotClaimedOfRecordsNotRead: when a reading left the oldest
// record files unread (more than its bound), a count of 0 is unknown, not
// "no session's record says it waits" (issue 53 R14: a waiting record
// older than the newest 2,000 was never read, yet the header said 0).
func TestNeedsYouNotClaimedOfRecordsNotRead(t *testing.T) {
	t0 := time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)
	st := governor.New(governor.DefaultLimits())
	st.ApplyRecords(record.Reading{At: t0, Found: true, Skipped: 3})
	snap := st.Snapshot(t0)
	if snap.Records == nil || snap.Records.NeedsYouKnown() {
		t.Fatalf("a count with records left unread is not known: %+v", snap.Records)
	}
	got := NeedsYouSummary(snap)
	if strings.Contains(got, "no session's record says it waits") || !strings.Contains(got, "3 older record files were not read") {
		t.Fatalf("needs-you summary %q claims what it did not read", got)
	}
	st.ApplyRecords(record.Reading{At: t0, Found: true})
	if s := st.Snapshot(t0); !s.Records.NeedsYouKnown() || !strings.Contains(NeedsYouSummary(s), "no session's record says it waits") {
		t.Fatalf("with every record read the count is known: %q", NeedsYouSummary(s))
	}
}
