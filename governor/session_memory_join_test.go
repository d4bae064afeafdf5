package governor

import (
	"testing"
	"time"

	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/record"
)

// TestOneProcessJoinsOneSession (issue 53 R11): two session records
// naming one pid (one left by a session before, the pid reused) both got
// its memory: counted twice in the figures and the metric. The record
// updated last has it; the other has none.
func TestOneProcessJoinsOneSession(t *testing.T) {
	at := time.Date(2026, 11, 1, 1, 30, 0, 0, time.UTC)
	ms := []host.ProcessMember{
		{PID: 500, PPID: 1, Name: "claude", Role: host.RoleSession, Memory: 300 << 20, MemoryKnown: true},
		{PID: 501, PPID: 500, Name: "node", Role: host.RoleChild, Memory: 100 << 20, MemoryKnown: true},
	}
	recs := []record.Code{
		{Pid: 500, HostSessionID: "local_old", UpdatedAt: at.Add(-3 * time.Hour)},
		{Pid: 500, HostSessionID: "local_new", UpdatedAt: at.Add(-time.Minute)},
	}
	for range 5 { // whatever the map's order
		s := New(DefaultLimits())
		s.ApplyRecords(record.Reading{At: at, Found: true, Code: recs})
		s.ApplyGroups(at, []host.ProcessGroup{{Kind: host.GroupSessions, Processes: len(ms), Members: ms, MemberSource: "rss"}})
		if len(s.memJoin.bySession) != 1 {
			t.Fatalf("the pid joined %d sessions: %+v", len(s.memJoin.bySession), s.memJoin.bySession)
		}
		if m, ok := s.memJoin.bySession["local_new"]; !ok || m.Bytes != 400<<20 {
			t.Fatalf("the record updated last does not have the process: %+v", s.memJoin.bySession)
		}
	}
	t.Log("RELIABILITY two records naming one pid: its memory joined once, to the record updated last")
}
