package ui

import (
	"strings"
	"testing"

	"github.com/coworktop/coworktop/governor"
)

// The app's own processes under its row in the Competition pane (issue 38
// item 3): the stats worker on a row of its own, the renderers together.
func TestCompetitionShowsTheAppsHelpers(t *testing.T) {
	m := fixtureModel(t, 200, 60, false)
	const mib = 1 << 20
	mem := func(pid int, role string, b uint64) governor.ProcessMember {
		return governor.ProcessMember{PID: pid, Name: "Claude", Role: role, Memory: b, MemoryKnown: true}
	}
	app := governor.ProcessGroup{Key: "claude-app", Name: "Claude app", Kind: governor.GroupClaudeApp, Processes: 4,
		RSS: governor.Figure{Value: 3500 * mib, Known: true}, MemberSource: "private working set",
		Members: []governor.ProcessMember{mem(1, "main", 300*mib), mem(2, "renderer", 200*mib), mem(3, "renderer", 150*mib),
			mem(4, "utility: node.mojom.NodeService", 2800*mib)}}
	m.Update(UpdatesMsg{{Groups: []governor.ProcessGroup{app}, GroupsAt: fixedNow}})
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
