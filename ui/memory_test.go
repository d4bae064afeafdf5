package ui

import (
	"strings"
	"testing"

	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/record"
	"github.com/coworktop/coworktop/vocab"
)

// The app's own processes under its row in the Competition pane (issue 38
// item 3): the stats worker on a row of its own, the renderers together.
func TestCompetitionShowsTheAppsHelpers(t *testing.T) {
	m := fixtureModel(t, 200, 60, false)
	const mib = 1 << 20
	mem := func(pid int, role string, b uint64) host.ProcessMember {
		return host.ProcessMember{PID: pid, Name: "Claude", Role: role, Memory: b, MemoryKnown: true}
	}
	app := host.ProcessGroup{Key: "claude-app", Name: "Claude app", Kind: host.GroupClaudeApp, Processes: 4,
		RSS: vocab.Figure{Value: 3500 * mib, Known: true}, MemberSource: "private working set",
		Members: []host.ProcessMember{mem(1, "main", 300*mib), mem(2, "renderer", 200*mib), mem(3, "renderer", 150*mib),
			mem(4, "utility: node.mojom.NodeService", 2800*mib)}}
	m.Update(UpdatesMsg{{Groups: []host.ProcessGroup{app}, GroupsAt: fixedNow}})
	out := frame(m)
	for _, want := range []string{"  utility: node.mojom.NodeSe", "  renderer ×2", "  main "} {
		if !strings.Contains(out, want) {
			t.Errorf("the Competition pane lacks %q:\n%s", want, out)
		}
	}
	if i, j := strings.Index(out, "utility: node.mojom"), strings.Index(out, "renderer ×2"); i < 0 || j < i {
		t.Errorf("the largest helper first:\n%s", out)
	}
}

// A session's own memory in the Sessions pane's MEM column and its
// biggest processes in its details (issue 38 item 1).
func TestSessionMemoryInPaneAndDetails(t *testing.T) {
	m := fixtureModel(t, 160, 50, false)
	const mib = 1 << 20
	const id = "local_22222222-aaaa-4bbb-8ccc-000000000002"
	sessions := host.ProcessGroup{Key: "sessions", Name: "claude sessions", Kind: host.GroupSessions, Processes: 2, MemberSource: "phys_footprint",
		Members: []host.ProcessMember{
			{PID: 500, PPID: 90, Name: "claude", Role: host.RoleSession, Memory: 300 * mib, MemoryKnown: true},
			{PID: 501, PPID: 500, Name: "node", Role: host.RoleChild, Memory: 700 * mib, MemoryKnown: true},
		}}
	recs := record.Reading{At: fixedNow, Found: true, Code: []record.Code{{Pid: 500, HostSessionID: id, Status: "idle"}}}
	m.Update(UpdatesMsg{{Groups: []host.ProcessGroup{sessions}, GroupsAt: fixedNow, Records: &recs}})
	out := frame(m)
	if !strings.Contains(out, "MEM") || !strings.Contains(out, "1000M") {
		t.Fatalf("no MEM column with 1000M:\n%s", out)
	}
	press(m, "/", "w", "e", "b", "enter", "enter")
	if m.details != id {
		t.Fatalf("details of %q", m.details)
	}
	out = frame(m)
	for _, want := range []string{"memory 1000.0 MiB in 2 processes (phys_footprint, joined by its session record, pid 500)", "501 node (child) 700.0 MiB"} {
		if !strings.Contains(out, want) {
			t.Errorf("details lack %q:\n%s", want, out)
		}
	}
}
