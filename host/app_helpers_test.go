package host

import (
	"reflect"
	"testing"
)

// TestAppHelpers: the app group's members become rows by role, a process
// holding largeWorker or more gets a row of its own, a member whose memory
// was not read is counted as unreadable (never as 0 bytes), and the rows
// run largest first; an app of one process has no rows.
func TestAppHelpers(t *testing.T) {
	app := ProcessGroup{Key: "claude-app", Kind: GroupClaudeApp, MemberSource: "private working set", Members: []ProcessMember{
		{PID: 10, Role: "main", Memory: 300 << 20, MemoryKnown: true, CPUPercent: 2},
		{PID: 11, Role: "renderer", Memory: 100 << 20, MemoryKnown: true, CPUPercent: 1},
		{PID: 12, Role: "renderer", Memory: 150 << 20, MemoryKnown: true, CPUPercent: 0.5},
		{PID: 13, Role: "utility: node.mojom.NodeService", Memory: 2800 << 20, MemoryKnown: true},
		{PID: 14, Role: "gpu"},
		{PID: 15, Name: "crashpad_handler", Memory: 5 << 20, MemoryKnown: true},
	}}
	groups := []ProcessGroup{{Key: "docker", Kind: GroupCompetitor}, app}
	got := AppHelpers(groups)
	want := []HelperRow{
		{Role: "utility: node.mojom.NodeService", PID: 13, Processes: 1, Memory: 2800 << 20, Source: "private working set"},
		{Role: "main", Processes: 1, Memory: 300 << 20, Source: "private working set", CPUPercent: 2},
		{Role: "renderer", Processes: 2, Memory: 250 << 20, Source: "private working set", CPUPercent: 1.5},
		{Role: "crashpad_handler", Processes: 1, Memory: 5 << 20, Source: "private working set"},
		{Role: "gpu", Processes: 1, Unreadable: 1, Source: "private working set"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rows:\n got %+v\nwant %+v", got, want)
	}
	if l := got[0].Label(); l != "utility: node.mojom.NodeService (pid 13)" {
		t.Errorf("a large worker's label is %q", l)
	}
	if l := got[2].Label(); l != "renderer ×2" {
		t.Errorf("a role's label is %q", l)
	}
	app.Members = app.Members[:1]
	if rows := AppHelpers([]ProcessGroup{app}); rows != nil {
		t.Errorf("an app of one process has rows: %+v", rows)
	}
	if rows := AppHelpers(groups[:1]); rows != nil {
		t.Errorf("no app, yet rows: %+v", rows)
	}
}
