package governor

import (
	"fmt"
	"testing"
	"time"

	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/record"
)

// #76268's machine: 183 live sessions and about 2,600 MCP sidecars. The
// join runs once per scan or records reading, never per frame.
func BenchmarkJoinMemory183Sessions(b *testing.B) {
	const sessions, sidecars = 183, 14
	var ms []host.ProcessMember
	var recs []record.Code
	for i := range sessions {
		pid := 10000 + i*100
		ms = append(ms, host.ProcessMember{PID: pid, PPID: 99, Name: "claude", Role: host.RoleSession, Memory: 150 << 20, MemoryKnown: true})
		for k := range sidecars {
			ms = append(ms, host.ProcessMember{PID: pid + 1 + k, PPID: pid, Name: "node", Role: host.RoleChild, Memory: 60 << 20, MemoryKnown: true,
				CmdKey: uint64(k + 1), Command: fmt.Sprintf("npx server-%d", k)})
		}
		recs = append(recs, record.Code{Pid: pid, HostSessionID: fmt.Sprintf("local_%08d-0000-4000-8000-000000000000", i)})
	}
	at := time.Unix(1000, 0)
	s := New(DefaultLimits())
	s.ApplyRecords(record.Reading{At: at, Found: true, Code: recs})
	groups := []host.ProcessGroup{{Kind: host.GroupSessions, Processes: len(ms), Members: ms, MemberSource: "phys_footprint"}}
	b.ReportAllocs()
	for b.Loop() {
		s.ApplyGroups(at, groups)
	}
	if len(s.memJoin.bySession) != sessions || len(s.memJoin.duplicates) != 5 { // host lists at most 5
		b.Fatalf("joined %d sessions, %d duplicates", len(s.memJoin.bySession), len(s.memJoin.duplicates))
	}
}
